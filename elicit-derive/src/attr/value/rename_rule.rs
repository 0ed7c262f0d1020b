//! `rename_all` rules, with serde's names and serde's exact behaviour, so a
//! struct that derives both gets the same wire names from each.

use darling::FromMeta;
use syn::{LitStr, Meta};

use super::{Text, error_at};
use crate::messages;

/// A case convention.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

/// The names `rename_all` accepts.
const NAMES: &[(&str, RenameRule)] = &[
    ("lowercase", RenameRule::Lower),
    ("UPPERCASE", RenameRule::Upper),
    ("PascalCase", RenameRule::Pascal),
    ("camelCase", RenameRule::Camel),
    ("snake_case", RenameRule::Snake),
    ("SCREAMING_SNAKE_CASE", RenameRule::ScreamingSnake),
    ("kebab-case", RenameRule::Kebab),
    ("SCREAMING-KEBAB-CASE", RenameRule::ScreamingKebab),
];

/// `rename_all = "camelCase"`: the rule, and the string it was written as.
/// `rename_all = "camel_case"` is an error at the string, listing the
/// cases.
pub struct Rule {
    pub lit: LitStr,
    pub rule: RenameRule,
}

impl FromMeta for Rule {
    fn from_meta(meta: &Meta) -> darling::Result<Self> {
        let Text(lit) = Text::from_meta(meta)?;
        let value = lit.value();
        match NAMES.iter().find(|(name, _)| *name == value) {
            Some((_, rule)) => Ok(Rule { rule: *rule, lit }),
            None => {
                let names: Vec<&str> = NAMES.iter().map(|(name, _)| *name).collect();
                Err(error_at(&lit, messages::unknown_case(&value, &names)))
            }
        }
    }
}

impl RenameRule {
    /// Applies the rule to a field name written in `snake_case`.
    pub fn apply_to_field(self, field: &str) -> String {
        match self {
            RenameRule::Lower | RenameRule::Snake => field.to_owned(),
            RenameRule::Upper | RenameRule::ScreamingSnake => field.to_ascii_uppercase(),
            RenameRule::Pascal => {
                let mut out = String::new();
                let mut capitalize = true;
                for ch in field.chars() {
                    if ch == '_' {
                        capitalize = true;
                    } else if capitalize {
                        out.push(ch.to_ascii_uppercase());
                        capitalize = false;
                    } else {
                        out.push(ch);
                    }
                }
                out
            }
            RenameRule::Camel => {
                let pascal = RenameRule::Pascal.apply_to_field(field);
                lower_first(&pascal)
            }
            RenameRule::Kebab => field.replace('_', "-"),
            RenameRule::ScreamingKebab => field.to_ascii_uppercase().replace('_', "-"),
        }
    }

    /// Applies the rule to a variant name written in `PascalCase`.
    pub fn apply_to_variant(self, variant: &str) -> String {
        match self {
            RenameRule::Pascal => variant.to_owned(),
            RenameRule::Lower => variant.to_ascii_lowercase(),
            RenameRule::Upper => variant.to_ascii_uppercase(),
            RenameRule::Camel => lower_first(variant),
            RenameRule::Snake => {
                let mut out = String::new();
                for (i, ch) in variant.char_indices() {
                    if i > 0 && ch.is_uppercase() {
                        out.push('_');
                    }
                    out.push(ch.to_ascii_lowercase());
                }
                out
            }
            RenameRule::ScreamingSnake => RenameRule::Snake
                .apply_to_variant(variant)
                .to_ascii_uppercase(),
            RenameRule::Kebab => RenameRule::Snake
                .apply_to_variant(variant)
                .replace('_', "-"),
            RenameRule::ScreamingKebab => RenameRule::ScreamingSnake
                .apply_to_variant(variant)
                .replace('_', "-"),
        }
    }
}

fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::RenameRule::*;

    #[test]
    fn fields_follow_serde() {
        assert_eq!(Camel.apply_to_field("party_size"), "partySize");
        assert_eq!(Pascal.apply_to_field("party_size"), "PartySize");
        assert_eq!(Kebab.apply_to_field("party_size"), "party-size");
        assert_eq!(ScreamingKebab.apply_to_field("party_size"), "PARTY-SIZE");
        assert_eq!(ScreamingSnake.apply_to_field("party_size"), "PARTY_SIZE");
        assert_eq!(Upper.apply_to_field("party_size"), "PARTY_SIZE");
    }

    #[test]
    fn variants_follow_serde() {
        assert_eq!(Snake.apply_to_variant("WindowSeat"), "window_seat");
        assert_eq!(Kebab.apply_to_variant("WindowSeat"), "window-seat");
        assert_eq!(Camel.apply_to_variant("WindowSeat"), "windowSeat");
        assert_eq!(Lower.apply_to_variant("WindowSeat"), "windowseat");
        assert_eq!(ScreamingSnake.apply_to_variant("WindowSeat"), "WINDOW_SEAT");
    }
}
