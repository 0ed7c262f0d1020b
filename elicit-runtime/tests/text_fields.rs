//! Property tests of the fields read from text with a check of their own
//! (a `default` is checked by the same code at compile time): `uuid::Uuid`
//! (feature `uuid`) against `uuid`'s parser, and `IpAddr`, `Ipv4Addr` and
//! `Ipv6Addr` against `std`'s. Our check and the crate's parser agree on
//! every text the schema's lengths let through, so a field is read exactly
//! when its type's parser reads it; and what a field writes reads back.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use elicit_runtime::rules::{Rule, Violation};
use elicit_runtime::{ElicitField, FieldValue};
use proptest::prelude::*;
use serde_json::Value;
use uuid::Uuid;

fn read<T: ElicitField>(text: &str) -> Result<T, Vec<Violation>> {
    T::read(&Value::from(text), &T::SPEC.into_schema())
}

/// Whether the schema's lengths alone refuse `text`.
fn refused_by_length<T: ElicitField>(text: &str) -> bool {
    match read::<T>(text) {
        Err(violations) => violations
            .iter()
            .all(|v| matches!(v.rule(), Rule::MinLength | Rule::MaxLength)),
        Ok(_) => false,
    }
}

/// `ours` reads `text` exactly when `theirs` does, to the same value; a
/// text the lengths let through and the parser refuses is refused by the
/// type's check.
fn agrees<T>(text: &str, theirs: Option<T>) -> Result<(), TestCaseError>
where
    T: ElicitField + FieldValue + PartialEq + std::fmt::Debug,
{
    if refused_by_length::<T>(text) {
        return Ok(());
    }
    match (read::<T>(text), theirs) {
        (Ok(ours), Some(theirs)) => {
            prop_assert_eq!(&ours, &theirs);
            let written = ours.to_value();
            prop_assert_eq!(read::<T>(written.as_str().unwrap()).unwrap(), ours);
        }
        (Err(violations), None) => {
            prop_assert_eq!(violations.len(), 1);
            prop_assert_eq!(violations[0].rule(), Rule::Fit);
        }
        (ours, theirs) => prop_assert!(false, "{text:?}: ours {ours:?}, theirs {theirs:?}"),
    }
    Ok(())
}

/// Text near a UUID: hexadecimal digits, hyphens, and a few characters
/// that are neither, hyphens mostly where they belong.
fn uuid_like() -> impl Strategy<Value = String> {
    let digit = prop_oneof![
        20 => proptest::char::ranges(vec!['0'..='9', 'a'..='f', 'A'..='F'].into()),
        1 => Just('-'),
        1 => proptest::sample::select(vec!['g', 'G', ' ', '{', '}', ':', 'é']),
    ];
    (proptest::collection::vec(digit, 30..=38), any::<bool>()).prop_map(|(chars, hyphens)| {
        let mut text: String = chars.into_iter().collect();
        if hyphens && text.len() >= 24 && text.is_char_boundary(24) {
            let mut bytes: Vec<char> = text.chars().collect();
            for at in [8, 13, 18, 23] {
                if at < bytes.len() {
                    bytes[at] = '-';
                }
            }
            text = bytes.into_iter().collect();
        }
        text
    })
}

/// Text near an IP address: real addresses written in their forms, and
/// strings of the characters addresses are made of.
fn ip_like() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<u32>().prop_map(|n| Ipv4Addr::from(n).to_string()),
        any::<u128>().prop_map(|n| Ipv6Addr::from(n).to_string()),
        // Every group written out, with leading zeros.
        any::<[u16; 8]>().prop_map(|groups| {
            groups
                .iter()
                .map(|g| format!("{g:04x}"))
                .collect::<Vec<_>>()
                .join(":")
        }),
        // Sparse addresses, which `::` shortens.
        (any::<u16>(), 0usize..8).prop_map(|(group, at)| {
            let mut groups = [0u16; 8];
            groups[at] = group;
            Ipv6Addr::from(groups).to_string()
        }),
        any::<u32>().prop_map(|n| format!("::ffff:{}", Ipv4Addr::from(n))),
        "[0-9.]{1,16}",
        "[0-9a-fA-F:.]{1,46}",
        "[0-9a-f:]{0,10}(%[a-z0-9]{1,4})?",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4096, ..ProptestConfig::default() })]

    #[test]
    fn uuids_read_exactly_what_uuid_parses(text in uuid_like()) {
        agrees::<Uuid>(&text, Uuid::try_parse(&text).ok())?;
    }

    #[test]
    fn any_uuid_round_trips(bytes in any::<[u8; 16]>(), upper in any::<bool>()) {
        let id = Uuid::from_bytes(bytes);
        let text = if upper {
            id.hyphenated().to_string().to_uppercase()
        } else {
            id.hyphenated().to_string()
        };
        prop_assert_eq!(read::<Uuid>(&text).unwrap(), id);
    }

    #[test]
    fn addresses_read_exactly_what_std_parses(text in ip_like()) {
        agrees::<IpAddr>(&text, text.parse().ok())?;
        agrees::<Ipv4Addr>(&text, text.parse().ok())?;
        agrees::<Ipv6Addr>(&text, text.parse().ok())?;
    }
}
