//! What happens to a form on each revision: what is written otherwise than
//! declared, what is left out, and what clients are known to render
//! poorly.

use core::fmt;

use super::render::{titles_as_enum_names, writes_default};
use crate::excerpt::Excerpt;
use crate::mode::Mode;
use crate::revision::Revision;
use crate::schema::{FormSchema, Kind};

/// What happens to a form when it is sent in form mode on each revision
/// (2025-06-18, 2025-11-25, 2026-07-28): from [`Elicitable::portability`]
/// or [`FormSchema::portability`].
///
/// `Display` writes one block per revision; [`Portability::changes`] gives
/// the typed [`Change`]s of one revision, for tests.
///
/// ```
/// use std::collections::BTreeSet;
///
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::protocol::Revision;
/// use elicit_runtime::wire::Change;
///
/// #[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Elicitable)]
/// #[elicit(rename_all = "kebab-case")]
/// enum Dietary {
///     Vegetarian,
///     Vegan,
///     GlutenFree,
/// }
///
/// #[derive(Debug, PartialEq, Elicitable)]
/// enum Seating {
///     #[elicit(title = "Indoors")]
///     Indoor,
///     #[elicit(title = "On the terrace")]
///     Terrace,
/// }
///
/// /// Please tell us about your reservation
/// #[derive(Debug, Elicitable)]
/// #[elicit(rename_all = "camelCase")]
/// struct Booking {
///     #[elicit(minimum = 1, maximum = 12)]
///     party_size: u8,
///     #[elicit(default = "Indoor")]
///     seating: Seating,
///     #[elicit(title = "Dietary needs", max_items = 2)]
///     dietary: Option<BTreeSet<Dietary>>,
///     #[elicit(default = false)]
///     newsletter: bool,
/// }
///
/// let report = Booking::portability();
/// assert_eq!(
///     report.to_string(),
///     "2025-06-18, form mode:\n\
///      \x20 - the option titles of `seating` are sent as the legacy `enumNames`\n\
///      \x20 - the default of `seating` is not sent: this revision carries a `default` on booleans only\n\
///      \x20 - the multi-select `dietary` is sent as 3 booleans, one per option: \
///      `dietary_vegetarian`, `dietary_vegan`, `dietary_gluten-free`\n\
///      2025-11-25, form mode: sent as declared\n\
///      2026-07-28, form mode: sent as declared"
/// );
/// assert_eq!(
///     report.changes(Revision::V2025_06_18)[1],
///     Change::DefaultDropped { field: "seating".into() }
/// );
/// assert!(report.changes(Revision::V2025_11_25).is_empty());
/// assert!(!report.is_lossless());
/// ```
///
/// [`Elicitable::portability`]: crate::Elicitable::portability
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Portability {
    revisions: Vec<(Revision, Vec<Change>)>,
}

/// One thing that happens to a form on one revision.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Change {
    /// A multi-select is sent as one boolean per option (see
    /// [`FormSchema::render_downlevel`]); the answer is read back into the
    /// field.
    Downlevelled {
        /// The wire name of the multi-select.
        field: String,
        /// The names of the booleans, in the order of the options.
        booleans: Vec<String>,
    },
    /// A `default` the revision cannot carry is not sent (2025-06-18 has a
    /// `default` on booleans only); a field left out still reads as its
    /// default.
    DefaultDropped {
        /// The wire name of the field.
        field: String,
    },
    /// The titles of a single-select's options are sent as the legacy
    /// `enumNames` (2025-06-18 has no `oneOf`; later revisions deprecate
    /// `enumNames` and use it only with `legacy_titles`).
    TitlesAsEnumNames {
        /// The wire name of the field.
        field: String,
    },
    /// A single-select or multi-select with more than
    /// [`Portability::MAX_OPTIONS`] options, a list clients have been seen
    /// to collapse.
    LongOptionList {
        /// The wire name of the field.
        field: String,
        /// How many options it has.
        options: usize,
    },
    /// More than [`Portability::MAX_PROPERTIES`] properties are sent (the
    /// booleans of a down-levelled multi-select count one each): a form
    /// too long to fill in comfortably through a client.
    LongForm {
        /// How many properties are sent.
        properties: usize,
    },
}

impl Change {
    /// `true` when the change leaves out something the form declares, so
    /// that the client cannot show it: a dropped default.
    pub fn is_loss(&self) -> bool {
        matches!(self, Change::DefaultDropped { .. })
    }
}

impl Portability {
    /// The most properties a form has before it counts as long
    /// ([`Change::LongForm`]). The spec sets no limit; ten is the project's
    /// threshold for a form a user fills in at one sitting through a
    /// client's dialog or one prompt after another.
    pub const MAX_PROPERTIES: usize = 10;

    /// The most options a single-select or multi-select has before it
    /// counts as long ([`Change::LongOptionList`]): clients in the wild
    /// have been seen to collapse long option lists. Twenty is also the
    /// most options a validation message names.
    pub const MAX_OPTIONS: usize = 20;

    /// The report for `schema`, its multi-selects written as booleans where
    /// a revision has no multi-select, or on every revision when `always`
    /// (a form with `#[elicit(downlevel)]`).
    pub(crate) fn new(schema: &FormSchema, always: bool) -> Portability {
        let revisions = Revision::ALL
            .iter()
            .map(|&revision| (revision, changes(schema, revision, always)))
            .collect();
        Portability { revisions }
    }

    /// What happens to the form on `revision`, in form order, a long form
    /// last.
    pub fn changes(&self, revision: Revision) -> &[Change] {
        self.revisions
            .iter()
            .find(|(r, _)| *r == revision)
            .map(|(_, changes)| changes.as_slice())
            .unwrap_or_default()
    }

    /// Every revision, oldest first, with the mode the form is sent in
    /// (form mode) and what happens to it.
    pub fn iter(&self) -> impl Iterator<Item = (Revision, Mode, &[Change])> {
        self.revisions
            .iter()
            .map(|(revision, changes)| (*revision, Mode::Form, changes.as_slice()))
    }

    /// `true` when no revision leaves out anything the form declares
    /// ([`Change::is_loss`]); booleans in place of a multi-select and
    /// `enumNames` in place of `oneOf` lose nothing.
    pub fn is_lossless(&self) -> bool {
        self.revisions
            .iter()
            .all(|(_, changes)| !changes.iter().any(Change::is_loss))
    }

    /// `true` when every revision gets the form exactly as declared.
    pub fn is_unchanged(&self) -> bool {
        self.revisions.iter().all(|(_, changes)| changes.is_empty())
    }
}

impl FormSchema {
    /// What happens to this form on each revision, as an
    /// [`Elicitor`](crate::protocol::Elicitor) sends it: see
    /// [`Portability`]. A derived form's
    /// [`Elicitable::portability`](crate::Elicitable::portability) also
    /// knows `#[elicit(downlevel)]`.
    pub fn portability(&self) -> Portability {
        Portability::new(self, false)
    }
}

/// What happens to `schema` on `revision`.
fn changes(schema: &FormSchema, revision: Revision, always: bool) -> Vec<Change> {
    let written = schema.downlevel(revision, always);
    let mut changes = Vec::new();
    for property in schema.properties.iter() {
        let field = || property.name.to_string();
        if let Some(group) = written.group(&property.name) {
            changes.push(Change::Downlevelled {
                field: field(),
                booleans: group.names().map(str::to_owned).collect(),
            });
            continue;
        }
        let kind = &property.schema.kind;
        let options = match kind {
            Kind::Enum(rules) => {
                if titles_as_enum_names(rules, revision) {
                    changes.push(Change::TitlesAsEnumNames { field: field() });
                }
                rules.options.len()
            }
            Kind::MultiSelect(rules) => rules.options.len(),
            _ => 0,
        };
        if property.schema.default_value().is_some() && !writes_default(kind, revision) {
            changes.push(Change::DefaultDropped { field: field() });
        }
        if options > Portability::MAX_OPTIONS {
            changes.push(Change::LongOptionList {
                field: field(),
                options,
            });
        }
    }
    let properties = written.schema().properties.len();
    if properties > Portability::MAX_PROPERTIES {
        changes.push(Change::LongForm { properties });
    }
    changes
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::Downlevelled { field, booleans } => {
                write!(
                    f,
                    "the multi-select `{}` is sent as {} boolean{}, one per option: ",
                    Excerpt(field),
                    booleans.len(),
                    if booleans.len() == 1 { "" } else { "s" }
                )?;
                for (i, name) in booleans.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "`{}`", Excerpt(name))?;
                }
                Ok(())
            }
            Change::DefaultDropped { field } => write!(
                f,
                "the default of `{}` is not sent: this revision carries a `default` on booleans only",
                Excerpt(field)
            ),
            Change::TitlesAsEnumNames { field } => write!(
                f,
                "the option titles of `{}` are sent as the legacy `enumNames`",
                Excerpt(field)
            ),
            Change::LongOptionList { field, options } => write!(
                f,
                "`{}` has {options} options, more than {}: clients have been seen to collapse long option lists; narrow the choice first, or split it",
                Excerpt(field),
                Portability::MAX_OPTIONS
            ),
            Change::LongForm { properties } => write!(
                f,
                "the form has {properties} properties, more than {}: a long form is hard to fill in through a client's dialog; split it into several forms",
                Portability::MAX_PROPERTIES
            ),
        }
    }
}

impl fmt::Display for Portability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (revision, mode, changes)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{revision}, {mode} mode:")?;
            if changes.is_empty() {
                f.write_str(" sent as declared")?;
            }
            for change in changes {
                write!(f, "\n  - {change}")?;
            }
        }
        Ok(())
    }
}
