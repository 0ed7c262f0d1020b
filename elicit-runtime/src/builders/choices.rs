//! Multi-select item counts, the legacy enum style, and pinning a form to a
//! revision.

use super::{FieldSpec, KindSpec};
use crate::revision::Revision;
use crate::rules::items;

impl FieldSpec {
    /// Sets `minItems`; panics with `unfit` unless the field is a
    /// multi-select.
    pub const fn min_items(self, value: u64, unfit: &'static str) -> FieldSpec {
        match self.kind {
            KindSpec::MultiSelect {
                options,
                max_items,
                default,
                ..
            } => self.with(KindSpec::MultiSelect {
                options,
                min_items: Some(value),
                max_items,
                default,
            }),
            _ => panic!("{}", unfit),
        }
    }

    /// Sets `maxItems`; panics with `unfit` unless the field is a
    /// multi-select.
    pub const fn max_items(self, value: u64, unfit: &'static str) -> FieldSpec {
        match self.kind {
            KindSpec::MultiSelect {
                options,
                min_items,
                default,
                ..
            } => self.with(KindSpec::MultiSelect {
                options,
                min_items,
                max_items: Some(value),
                default,
            }),
            _ => panic!("{}", unfit),
        }
    }

    /// Panics with `message` if `minItems > maxItems`, or if `minItems`
    /// asks for more values than there are options.
    pub const fn check_items(self, message: &'static str) -> FieldSpec {
        if let KindSpec::MultiSelect {
            options,
            min_items,
            max_items,
            ..
        } = self.kind
        {
            if !items::ordered(min_items, max_items) {
                panic!("{}", message)
            }
            if !items::reachable(min_items, options.len()) {
                panic!("{}", items::UNREACHABLE)
            }
        }
        self
    }

    /// Writes a titled enum's titles as the legacy `enumNames` on every
    /// revision; panics with `unfit` unless the field is a single-select.
    pub const fn legacy_titles(self, unfit: &'static str) -> FieldSpec {
        match self.kind {
            KindSpec::Enum {
                options, default, ..
            } => self.with(KindSpec::Enum {
                options,
                default,
                legacy_titles: true,
            }),
            _ => panic!("{}", unfit),
        }
    }

    /// Panics with `message` if revision `revision` cannot express this
    /// field: a multi-select, or a `default` on anything but a boolean, needs
    /// 2025-11-25 or later.
    pub const fn check_revision(self, revision: Revision, message: &'static str) -> FieldSpec {
        if !revision.has_extended_schemas() && self.needs_extended_schemas() {
            panic!("{}", message)
        }
        self
    }

    /// Panics with `message` if revision `revision` cannot express this
    /// field even with its multi-selects written as booleans (a form with
    /// `downlevel`): a `default` on anything but a boolean or a
    /// multi-select needs 2025-11-25 or later.
    pub const fn check_revision_downlevel(
        self,
        revision: Revision,
        message: &'static str,
    ) -> FieldSpec {
        let multi = matches!(self.kind, KindSpec::MultiSelect { .. });
        if !revision.has_extended_schemas() && !multi && self.needs_extended_schemas() {
            panic!("{}", message)
        }
        self
    }

    /// `true` when the field needs revision 2025-11-25 or later.
    pub const fn needs_extended_schemas(self) -> bool {
        match self.kind {
            KindSpec::MultiSelect { .. } => true,
            KindSpec::String { default, .. } | KindSpec::Enum { default, .. } => default.is_some(),
            KindSpec::Number { default, .. } => default.is_some(),
            KindSpec::Boolean { .. } => false,
        }
    }
}
