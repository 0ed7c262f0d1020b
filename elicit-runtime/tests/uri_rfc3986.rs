//! The `uri` check against `fluent-uri`'s RFC 3986 parser: an absolute URI
//! (`scheme ":" hier-part [ "?" query ] [ "#" fragment ]`) is what both
//! take, so on any string their verdicts are the same.

mod support;

use elicit_runtime::format::Format;
use proptest::prelude::*;
use support::formats::{self, Fmt};

fn agree(value: &str) -> Result<(), TestCaseError> {
    let ours = Format::Uri.check(value).is_ok();
    let theirs = fluent_uri::Uri::parse(value).is_ok();
    prop_assert_eq!(ours, theirs, "{:?}", value);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// Strings over the bytes the grammar gives a meaning to, behind the
    /// beginnings of each part.
    #[test]
    fn verdicts_match_rfc_3986(
        start in prop::sample::select(vec![
            "", "a:", "http://", "http://[", "http://[::", "http://[v1.", "foo://u@h:1/",
            "x:/", "x:?", "mailto:", "http://1.2.3.4", "http://999.",
        ]),
        rest in "[a-zA-Z0-9:/?#\\[\\]@!$&'()*+,;=%._~ é<>\\\\v-]{0,16}",
    ) {
        agree(&format!("{start}{rest}"))?;
    }

    /// Valid URIs of every shape the property tests generate.
    #[test]
    fn generated_uris_are_valid_for_both(value in formats::valid(Fmt::Uri)) {
        prop_assert!(Format::Uri.check(&value).is_ok(), "{:?}", value);
        agree(&value)?;
    }
}

#[test]
fn edge_strings_agree() {
    for value in formats::EDGES
        .iter()
        .chain(formats::invalid_samples(Fmt::Uri))
    {
        agree(value).unwrap();
    }
}
