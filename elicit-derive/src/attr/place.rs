//! The places an attribute can be written, and the keys each takes.

use syn::{Ident, Path};

use super::SerdeAttrs;
use crate::contract::Spec;

/// Where an attribute is written; each place takes its own keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// On a struct with named fields (a form).
    Form,
    /// On a one-field tuple struct (a reusable field type).
    Newtype,
    /// On a unit enum (a choice).
    Enum,
    /// On a field of a form.
    Field,
    /// On a variant of a choice.
    Variant,
}

/// The keys that narrow a field's schema, taken by a field and a newtype,
/// in the order they are applied when written together.
/// Each is named after the spec step it applies, but `default`, which is
/// applied by kind.
pub const CONSTRAINT_KEYS: &[&str] = &[
    Spec::MinLength.name(),
    Spec::MaxLength.name(),
    Spec::Minimum.name(),
    Spec::Maximum.name(),
    Spec::Format.name(),
    Spec::MinItems.name(),
    Spec::MaxItems.name(),
    "default",
];

impl Place {
    /// The keys this place takes, in the order messages list them: its
    /// own, then the constraints for a field and a newtype. The attribute
    /// struct of each place declares the same keys (a test holds them
    /// together).
    pub fn keys(self) -> Vec<&'static str> {
        let (own, constraints): (&[&str], &[&str]) = match self {
            Place::Form => (
                &[
                    "message",
                    "rename_all",
                    "deny_unknown_fields",
                    "revision",
                    "downlevel",
                    "crate",
                ],
                &[],
            ),
            Place::Newtype => (
                &["title", "description", "legacy_titles", "crate"],
                CONSTRAINT_KEYS,
            ),
            Place::Enum => (
                &[
                    "title",
                    "description",
                    "rename_all",
                    "legacy_titles",
                    "crate",
                ],
                &[],
            ),
            Place::Field => (
                &[
                    "title",
                    "description",
                    "rename",
                    "legacy_titles",
                    "secret",
                    "not_secret",
                ],
                CONSTRAINT_KEYS,
            ),
            Place::Variant => (&["rename", "title"], &[]),
        };
        own.iter().chain(constraints).copied().collect()
    }
}

/// What the attributes of one place wrote, for the checks that look at keys
/// alone: where each goes, and that none is written twice.
pub trait Written {
    /// Where these attributes were written.
    const PLACE: Place;

    /// Every key this place took, each time it was written.
    fn keys(&self) -> Vec<&Ident>;

    /// The keys this place does not take, as written.
    fn unclaimed(&self) -> &[Path];

    /// What `#[serde(...)]` says at this place.
    fn serde(&self) -> &SerdeAttrs;
}

#[cfg(test)]
mod tests {
    use darling::{FromDeriveInput, FromField, FromVariant};
    use syn::parse::Parser;
    use syn::parse_quote;

    use super::{Place, Written};
    use crate::attr::{ChoiceAttrs, FieldAttrs, FormAttrs, NewtypeAttrs, VariantAttrs};

    /// Every key any place takes, with a value it can be written with.
    const SAMPLES: &[(&str, &str)] = &[
        ("message", "message = \"x\""),
        ("rename_all", "rename_all = \"camelCase\""),
        ("deny_unknown_fields", "deny_unknown_fields"),
        ("revision", "revision = \"2025-06-18\""),
        ("downlevel", "downlevel"),
        ("crate", "crate = \"x\""),
        ("title", "title = \"x\""),
        ("description", "description = \"x\""),
        ("rename", "rename = \"x\""),
        ("legacy_titles", "legacy_titles"),
        ("secret", "secret"),
        ("not_secret", "not_secret"),
        ("min_length", "min_length = 1"),
        ("max_length", "max_length = 1"),
        ("minimum", "minimum = 0"),
        ("maximum", "maximum = 0"),
        ("format", "format = \"email\""),
        ("min_items", "min_items = 1"),
        ("max_items", "max_items = 1"),
        ("default", "default = true"),
    ];

    /// Whether the attribute struct of `place` takes `key`, written as
    /// `written`.
    fn takes(place: Place, written: &str) -> bool {
        let attr: syn::Attribute =
            syn::parse_str::<syn::DeriveInput>(&format!("#[elicit({written})] struct S;"))
                .unwrap()
                .attrs
                .remove(0);
        fn claimed<W: Written>(attrs: darling::Result<W>) -> bool {
            let attrs = attrs.unwrap_or_else(|e| panic!("{e}"));
            attrs.unclaimed().is_empty() && !attrs.keys().is_empty()
        }
        match place {
            Place::Form => claimed(FormAttrs::from_derive_input(
                &parse_quote!(#attr struct S { a: u8 }),
            )),
            Place::Newtype => claimed(NewtypeAttrs::from_derive_input(
                &parse_quote!(#attr struct S(u8);),
            )),
            Place::Enum => claimed(ChoiceAttrs::from_derive_input(
                &parse_quote!(#attr enum E { A }),
            )),
            Place::Field => claimed(FieldAttrs::from_field(
                &syn::Field::parse_named
                    .parse2(quote::quote!(#attr a: u8))
                    .unwrap(),
            )),
            Place::Variant => claimed(VariantAttrs::from_variant(&parse_quote!(#attr A))),
        }
    }

    #[test]
    fn each_place_takes_the_keys_it_lists() {
        let places = [
            Place::Form,
            Place::Newtype,
            Place::Enum,
            Place::Field,
            Place::Variant,
        ];
        for place in places {
            for key in &place.keys() {
                assert!(SAMPLES.iter().any(|(k, _)| k == key), "{key} has no sample");
            }
            for (key, written) in SAMPLES {
                assert_eq!(
                    takes(place, written),
                    place.keys().contains(key),
                    "{key} at {place:?}"
                );
            }
        }
    }
}
