//! Differential tests against the `jsonschema` crate (draft 2020-12, formats
//! asserted): on random schema and content pairs our verdict matches its
//! verdict, except for the intended differences listed in `limits.md` (the
//! rustdoc of `elicit_runtime::limits`), each of which is named here by
//! [`Difference`].

mod support;

use elicit_runtime::Elicitable;
use elicit_runtime::format::Format;
use elicit_runtime::protocol::Revision;
use elicit_runtime::rules::{self, Violation};
use elicit_runtime::schema::{FormSchema, Kind};
use proptest::prelude::*;
use serde_json::{Map, Value, json};
use support::formats::{self, Fmt};
use support::forms::{self, FormDesc};

/// Why our verdict and JSON Schema's may differ, on purpose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Difference {
    /// A multi-select chooses each value once; the wire schema has no
    /// `uniqueItems` (the subset lacks it), so JSON Schema allows repeats.
    RepeatedChoice,
    /// An integer written in floating-point form beyond 2^53 (`1e20`) has
    /// lost its exact value; JSON Schema counts it as an integer.
    InexactInteger,
    /// `email` accepts UTF-8 in the local part and domain, as SMTPUTF8
    /// does; JSON Schema's `email` is ASCII (its `idn-email` is not).
    Utf8Email,
    /// `email` takes the domain's labels as RFC 5321 writes them
    /// (`Let-dig [Ldh-str]`), so `ab--c.example` is a domain; the
    /// `jsonschema` crate also applies IDNA's rule (RFC 5891) that a label
    /// with `--` in its third and fourth places is a valid `xn--` A-label.
    HyphenedLabel,
    /// A text field holds no control character but tabs and line breaks
    /// (a NUL, an escape), elicit's own rule; JSON Schema has none.
    ControlCharacter,
}

/// `true` when a label of the domain of `email` has `--` in its third and
/// fourth places.
fn has_hyphened_label(email: &str) -> bool {
    let domain = email.rsplit_once('@').map_or("", |(_, domain)| domain);
    domain
        .split('.')
        .any(|label| label.len() >= 4 && &label.as_bytes()[2..4] == b"--")
}

/// The format named `name`.
fn format_of(name: &str) -> Format {
    Format::from_name(name).expect("a format of the subset")
}

/// The intended difference that explains our verdict on a string of
/// `format` disagreeing with JSON Schema's, if there is one.
fn format_difference(format: Format, value: &str, we_accept: bool) -> Option<Difference> {
    match format {
        Format::Email if we_accept && !value.is_ascii() => Some(Difference::Utf8Email),
        Format::Email if we_accept && has_hyphened_label(value) => Some(Difference::HyphenedLabel),
        _ => None,
    }
}

fn json_schema_validator(wire: &Value) -> jsonschema::Validator {
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .should_validate_formats(true)
        .build(wire)
        .unwrap_or_else(|e| panic!("jsonschema refused {wire}: {e}"))
}

/// Our verdict on `value` for `format` against JSON Schema's.
fn format_verdicts(format: Fmt, value: &str) -> (bool, bool) {
    let ours = format_of(format.name()).check(value).is_ok();
    let theirs = json_schema_validator(&json!({ "type": "string", "format": format.name() }))
        .is_valid(&json!(value));
    (ours, theirs)
}

/// Compares both verdicts on `content`; a disagreement must be explained
/// by an intended difference of every field that causes it.
fn compare(schema: &FormSchema, validator: &jsonschema::Validator, content: &Map<String, Value>) {
    let ours = rules::content(schema, content, false);
    let instance = Value::Object(content.clone());
    let theirs = validator.is_valid(&instance);
    match (&ours, theirs) {
        (Ok(()), true) | (Err(_), false) => {}
        (Err(errors), true) => {
            // Every error of ours must be an intended difference.
            for error in errors {
                let explained = match error.violation() {
                    Violation::DuplicateItem { .. } => Some(Difference::RepeatedChoice),
                    Violation::InexactInteger => Some(Difference::InexactInteger),
                    Violation::ControlCharacter { .. } => Some(Difference::ControlCharacter),
                    Violation::Format(reason) => {
                        let value = content[error.field()].as_str().unwrap_or_default();
                        format_difference(reason.format(), value, false)
                    }
                    _ => None,
                };
                assert!(
                    explained.is_some(),
                    "we reject what JSON Schema accepts: {error}\ncontent: {instance:#}"
                );
            }
        }
        (Ok(()), false) => {
            for error in validator.iter_errors(&instance) {
                let field = error
                    .instance_path()
                    .as_str()
                    .trim_start_matches('/')
                    .split('/')
                    .next()
                    .unwrap_or_default()
                    .replace("~1", "/")
                    .replace("~0", "~");
                let property = schema.property(&field);
                let explained = match property.map(|p| &p.schema.kind) {
                    Some(Kind::String(rules)) => rules.format.and_then(|format| {
                        let value = content[&field].as_str()?;
                        format_difference(format, value, true)
                    }),
                    _ => None,
                };
                assert!(
                    explained.is_some(),
                    "JSON Schema rejects what we accept: {error} at `{field}`\ncontent: {instance:#}"
                );
            }
        }
    }
}

fn case() -> impl Strategy<Value = (FormDesc, Vec<Map<String, Value>>)> {
    forms::form(5).prop_flat_map(|form| {
        let names: Vec<String> = form.fields.iter().map(|f| f.name.clone()).collect();
        let valid = forms::valid_content(&form);
        // Junk in every field, and valid content with one mutation.
        let junk = proptest::collection::vec(forms::junk(), names.len()).prop_map(move |values| {
            names
                .iter()
                .cloned()
                .zip(values)
                .collect::<Map<String, Value>>()
        });
        let fields = form.fields.clone();
        let mutated = (
            forms::valid_content(&form),
            any::<proptest::sample::Index>(),
        )
            .prop_map(move |(mut content, pick)| {
                let all: Vec<forms::Mutation> = fields
                    .iter()
                    .flat_map(|desc| forms::mutations(desc, content.get(&desc.name)))
                    .collect();
                if let Some(mutation) = (!all.is_empty()).then(|| pick.get(&all)) {
                    match &mutation.value {
                        Some(value) => content.insert(mutation.field.clone(), value.clone()),
                        None => content.remove(&mutation.field),
                    };
                }
                content
            });
        (
            Just(form),
            vec![valid.boxed(), junk.boxed(), mutated.boxed()],
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn verdicts_match_json_schema_but_for_the_intended_differences((form, contents) in case()) {
        let schema = FormSchema::parse(&form.wire()).unwrap().schema;
        let wire = schema.render(Revision::V2026_07_28).unwrap().with_dialect().to_json();
        let validator = json_schema_validator(&wire);
        for content in &contents {
            compare(&schema, &validator, content);
        }
    }

    #[test]
    fn generated_format_strings_are_valid_for_both(
        (format, value) in formats::any_format().prop_flat_map(|f| (Just(f), formats::valid(f)))
    ) {
        let (ours, theirs) = format_verdicts(format, &value);
        prop_assert!(ours, "{} {:?}", format.name(), value);
        if !theirs {
            let why = format_difference(format_of(format.name()), &value, ours);
            prop_assert!(why.is_some(), "{} {:?}", format.name(), value);
        }
    }
}

/// Every sample of the format tests, with both verdicts: all agree but for
/// the intended differences, which are exactly these.
#[test]
fn format_samples_agree_but_for_the_intended_differences() {
    let mut differences = Vec::new();
    for format in Fmt::ALL {
        for sample in formats::invalid_samples(format) {
            assert_eq!(
                format_verdicts(format, sample),
                (false, false),
                "{} {sample:?}",
                format.name()
            );
        }
        for sample in formats::EDGES {
            let (ours, theirs) = format_verdicts(format, sample);
            if ours != theirs {
                let why = format_difference(format_of(format.name()), sample, ours);
                differences.push((format.name(), *sample, ours, why));
            }
        }
    }
    let unexplained: Vec<_> = differences.iter().filter(|d| d.3.is_none()).collect();
    assert!(unexplained.is_empty(), "unexplained: {unexplained:#?}");
    let explained: Vec<(&str, &str, bool)> = differences.iter().map(|d| (d.0, d.1, d.2)).collect();
    assert_eq!(
        explained,
        [
            ("email", "josé@example.com", true),
            ("email", "user@exämple.com", true),
        ]
    );
}

/// Each difference of the list in `limits.md`, shown on one input.
#[test]
fn each_listed_difference_on_one_input() {
    for (format, value, difference) in [
        (Fmt::Email, "josé@example.com", Difference::Utf8Email),
        (Fmt::Email, "a@ab--c.example", Difference::HyphenedLabel),
    ] {
        assert_eq!(format_verdicts(format, value), (true, false), "{value}");
        let why = format_difference(format_of(format.name()), value, true);
        assert_eq!(why, Some(difference));
    }

    // The fit into the Rust type, which only a derived form checks.
    #[derive(Debug, Elicitable)]
    struct Signed {
        n: i64,
    }
    let content = json!({ "n": u64::MAX });
    let validator = json_schema_validator(&Signed::SCHEMA.to_json());
    assert!(validator.is_valid(&content));
    assert!(rules::content(&Signed::SCHEMA, content.as_object().unwrap(), false).is_ok());
    let errors = Signed::from_content(content.as_object().unwrap()).unwrap_err();
    assert_eq!(errors.iter().next().unwrap().rule(), rules::Rule::Range);
    assert_eq!(
        Signed::from_content(json!({ "n": -5 }).as_object().unwrap())
            .unwrap()
            .n,
        -5
    );
}

/// The differences of numbers and multi-selects, shown on one schema each.
#[test]
fn the_intended_differences_of_numbers_and_choices() {
    let schema = FormSchema::parse(&json!({
        "type": "object",
        "properties": {
            "n": { "type": "integer" },
            "tags": { "type": "array", "items": { "type": "string", "enum": ["a", "b"] } }
        }
    }))
    .unwrap()
    .schema;
    let wire = schema.render(Revision::V2026_07_28).unwrap().to_json();
    let validator = json_schema_validator(&wire);
    for (content, difference) in [
        (json!({ "n": 1e20 }), Difference::InexactInteger),
        (json!({ "tags": ["a", "a"] }), Difference::RepeatedChoice),
    ] {
        let errors = rules::content(&schema, content.as_object().unwrap(), false).unwrap_err();
        assert!(validator.is_valid(&content), "{content} {difference:?}");
        assert_eq!(errors.len(), 1, "{errors}");
    }
    // Where both read the same number, both agree.
    for content in [
        json!({ "n": 30.0 }),
        json!({ "n": 9_007_199_254_740_991.0 }),
    ] {
        assert!(rules::content(&schema, content.as_object().unwrap(), false).is_ok());
        assert!(validator.is_valid(&content));
    }
}
