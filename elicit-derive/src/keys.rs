//! The table of every attribute key: where it may be written, a value it
//! can be written with, and where it goes, as messages say it. The places'
//! key lists, "where does this key go", the samples test and the key list
//! of `attributes.md` all come from [`KEYS`]; a new key is one row here,
//! and its parser.

use crate::place::Place;

/// One attribute key.
pub struct Key {
    /// The key as written: `min_length`.
    pub name: &'static str,
    /// The places that take it.
    pub places: &'static [Place],
    /// A constraint: it narrows a field's spec, is applied in the order
    /// written, and is listed after a place's own keys.
    pub constraint: bool,
    /// The key written with a value it takes: `min_length = 1`.
    #[cfg_attr(not(test), expect(dead_code, reason = "read by the tests"))]
    pub sample: &'static str,
    /// Where it goes, for a key written at the wrong place: "on a field or
    /// a newtype".
    pub home: &'static str,
}

const FORM: Place = Place::FORM;
const NEWTYPE: Place = Place::NEWTYPE;
const ENUM: Place = Place::ENUM;
use Place::{Field, Variant};

/// A place's own key.
const fn own(
    name: &'static str,
    places: &'static [Place],
    sample: &'static str,
    home: &'static str,
) -> Key {
    Key {
        name,
        places,
        constraint: false,
        sample,
        home,
    }
}

/// A constraint key, taken by a field and a newtype.
const fn constraint(name: &'static str, sample: &'static str) -> Key {
    Key {
        name,
        places: &[Field, NEWTYPE],
        constraint: true,
        sample,
        home: "on a field or a newtype",
    }
}

const TITLE_HOME: &str = "on a field, a newtype, an enum or (`title` only) a variant";

/// Every key, in the order messages list a place's keys: a place's own
/// keys first, then the constraints in the order the spec applies them
/// when written together.
pub const KEYS: &[Key] = &[
    own("message", &[FORM], "message = \"x\"", "on the form struct"),
    own(
        "title",
        &[Field, NEWTYPE, ENUM, Variant],
        "title = \"x\"",
        TITLE_HOME,
    ),
    own(
        "description",
        &[Field, NEWTYPE, ENUM],
        "description = \"x\"",
        TITLE_HOME,
    ),
    own(
        "rename_all",
        &[FORM, ENUM],
        "rename_all = \"camelCase\"",
        "on the form struct or the enum",
    ),
    own(
        "deny_unknown_fields",
        &[FORM],
        "deny_unknown_fields",
        "on the form struct",
    ),
    own(
        "revision",
        &[FORM],
        "revision = \"2025-06-18\"",
        "on the form struct",
    ),
    own(
        "downlevel",
        &[FORM],
        "downlevel",
        "on the form struct, beside `revision = \"2025-06-18\"`",
    ),
    own(
        "rename",
        &[Field, Variant],
        "rename = \"x\"",
        "on a field or a variant",
    ),
    own(
        "legacy_titles",
        &[Field, NEWTYPE, ENUM],
        "legacy_titles",
        "on an enum, or on a field or newtype of an enum",
    ),
    own("secret", &[Field], "secret", "on a field"),
    own("not_secret", &[Field], "not_secret", "on a field"),
    own(
        "crate",
        &[FORM, NEWTYPE, ENUM],
        "crate = \"x\"",
        "on the struct or enum that derives `Elicitable`",
    ),
    constraint("min_length", "min_length = 1"),
    constraint("max_length", "max_length = 1"),
    constraint("minimum", "minimum = 0"),
    constraint("maximum", "maximum = 0"),
    constraint("format", "format = \"email\""),
    constraint("min_items", "min_items = 1"),
    constraint("max_items", "max_items = 1"),
    constraint("default", "default = true"),
];

/// The row of `name`, if it is a key.
pub fn find(name: &str) -> Option<&'static Key> {
    KEYS.iter().find(|key| key.name == name)
}

/// Whether `name` is a constraint key.
pub fn is_constraint(name: &str) -> bool {
    find(name).is_some_and(|key| key.constraint)
}

impl Place {
    /// The keys this place takes, in the order messages list them: its
    /// own, then the constraints for a field and a newtype.
    pub fn keys(self) -> Vec<&'static str> {
        KEYS.iter()
            .filter(|key| key.places.contains(&self))
            .map(|key| key.name)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use darling::{FromDeriveInput, FromField, FromVariant};
    use syn::parse::Parser;
    use syn::parse_quote;

    use super::KEYS;
    use crate::attr::{ChoiceAttrs, FieldAttrs, FormAttrs, NewtypeAttrs, VariantAttrs};
    use crate::item::Item;
    use crate::place::Place;

    const PLACES: [Place; 5] = [
        Place::FORM,
        Place::NEWTYPE,
        Place::ENUM,
        Place::Field,
        Place::Variant,
    ];

    /// Whether the attribute struct of `place` reads the key written as
    /// `written` (darling rejects a key the place does not take).
    fn takes(place: Place, written: &str) -> bool {
        let attr: syn::Attribute =
            syn::parse_str::<syn::DeriveInput>(&format!("#[elicit({written})] struct S;"))
                .unwrap()
                .attrs
                .remove(0);
        match place {
            Place::Item(Item::Form(())) => {
                FormAttrs::from_derive_input(&parse_quote!(#attr struct S { a: u8 })).is_ok()
            }
            Place::Item(Item::Newtype(())) => {
                NewtypeAttrs::from_derive_input(&parse_quote!(#attr struct S(u8);)).is_ok()
            }
            Place::Item(Item::Choice(())) => {
                ChoiceAttrs::from_derive_input(&parse_quote!(#attr enum E { A })).is_ok()
            }
            Place::Field => FieldAttrs::from_field(
                &syn::Field::parse_named
                    .parse2(quote::quote!(#attr a: u8))
                    .unwrap(),
            )
            .is_ok(),
            Place::Variant => VariantAttrs::from_variant(&parse_quote!(#attr A)).is_ok(),
        }
    }

    #[test]
    fn each_place_takes_exactly_its_keys() {
        for place in PLACES {
            for key in KEYS {
                assert_eq!(
                    takes(place, key.sample),
                    key.places.contains(&place),
                    "{} at {place:?}",
                    key.name
                );
            }
        }
    }

    #[test]
    fn each_key_is_written_once_and_goes_somewhere() {
        let mut names = BTreeSet::new();
        for key in KEYS {
            assert!(names.insert(key.name), "{} twice", key.name);
            assert!(!key.places.is_empty(), "{} goes nowhere", key.name);
            assert!(key.sample.starts_with(key.name), "{}", key.name);
            assert!(key.home.starts_with("on "), "{}", key.name);
        }
    }

    /// "Where does this key go" names every place that takes the key, so a
    /// place added to a row without its words fails here.
    #[test]
    fn each_home_names_every_place_of_its_key() {
        for key in KEYS {
            for &place in key.places {
                let words: &[&str] = match place {
                    Place::Field => &["field"],
                    Place::Variant => &["variant"],
                    Place::Item(Item::Form(())) => &["form struct", "the struct"],
                    Place::Item(Item::Newtype(())) => &["newtype", "the struct"],
                    Place::Item(Item::Choice(())) => &["enum"],
                };
                assert!(
                    words.iter().any(|word| key.home.contains(word)),
                    "`{}` goes {:?}, which does not name {place:?}",
                    key.name,
                    key.home
                );
            }
        }
    }

    /// The keys of the reference table of `attributes.md`: the names in
    /// backticks in the first column of each row.
    fn documented() -> BTreeSet<String> {
        let text = include_str!("../attributes.md");
        let table = &text[text.find("| key | goes on |").expect("the reference table")..];
        let mut keys = BTreeSet::new();
        for row in table
            .lines()
            .skip(2)
            .take_while(|line| line.starts_with('|'))
        {
            let first = row.split('|').nth(1).unwrap();
            for written in first.split('`').skip(1).step_by(2) {
                let name = written.split([' ', '=']).next().unwrap();
                keys.insert(name.to_owned());
            }
        }
        keys
    }

    #[test]
    fn the_reference_lists_exactly_the_keys() {
        let table: BTreeSet<String> = KEYS.iter().map(|key| key.name.to_owned()).collect();
        assert_eq!(documented(), table);
    }
}
