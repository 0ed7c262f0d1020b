//! Property tests: random forms drawn from the whole supported model and
//! random content. A wire schema written from a description reads into the
//! described model and back; content made to satisfy it is accepted and reads
//! back equal; one mutation that breaks exactly one rule is rejected naming
//! that field and that rule; and nothing panics, whatever the content.

mod support;

use elicit_runtime::Limits;
use elicit_runtime::protocol::Revision;
use elicit_runtime::rules::{self, Checked, ValidationErrors};
use elicit_runtime::schema::{EnumOption, FormSchema, Kind, Num, Property};
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{Map, Value};
use support::forms::{self, Bound, Field, FieldDesc, FormDesc, Titles};

/// The schema a description reads into; it must read without warnings.
fn parse(form: &FormDesc) -> FormSchema {
    let wire = form.wire();
    let parsed =
        FormSchema::parse(&wire).unwrap_or_else(|error| panic!("{error}\nschema: {wire:#}"));
    assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
    parsed.schema
}

fn num(bound: Option<Bound>) -> Option<Num> {
    bound.map(|b| match b {
        Bound::Int(i) => Num::from(i),
        Bound::Float(f) => Num::Float(f),
    })
}

fn values(options: &[EnumOption]) -> Vec<&str> {
    options.iter().map(|o| o.value.as_ref()).collect()
}

fn titles(options: &[EnumOption]) -> Vec<Option<&str>> {
    options.iter().map(|o| o.title.as_deref()).collect()
}

/// Asserts that `property` is what `desc` describes.
fn assert_described(property: &Property, desc: &FieldDesc) {
    assert_eq!(property.name, desc.name);
    assert_eq!(property.required, desc.required);
    assert_eq!(property.schema.title.as_deref(), desc.title.as_deref());
    assert_eq!(
        property.schema.description.as_deref(),
        desc.description.as_deref()
    );
    assert_eq!(property.schema.default_value(), desc.default);
    let expected_titles = |wanted: &[String], titled: bool| -> Vec<Option<String>> {
        if titled {
            forms::titles_of(wanted).into_iter().map(Some).collect()
        } else {
            vec![None; wanted.len()]
        }
    };
    let owned = |t: Vec<Option<&str>>| -> Vec<Option<String>> {
        t.into_iter().map(|t| t.map(str::to_owned)).collect()
    };
    match (&property.schema.kind, &desc.field) {
        (Kind::String(rules), Field::Text { min, max, format }) => {
            assert_eq!((rules.min_length, rules.max_length), (*min, *max));
            assert_eq!(rules.format.map(|f| f.as_str()), format.map(|f| f.name()));
        }
        (Kind::Number(rules), Field::Number { integer, min, max }) => {
            assert_eq!(rules.integer, *integer);
            assert_eq!((rules.minimum, rules.maximum), (num(*min), num(*max)));
        }
        (Kind::Boolean(_), Field::Boolean) => {}
        (
            Kind::Enum(rules),
            Field::Choice {
                values: wanted,
                titles: style,
            },
        ) => {
            assert_eq!(values(&rules.options), *wanted);
            let titled = *style != Titles::None;
            assert_eq!(
                owned(titles(&rules.options)),
                expected_titles(wanted, titled)
            );
            assert_eq!(rules.legacy_titles, *style == Titles::EnumNames);
        }
        (
            Kind::MultiSelect(rules),
            Field::Choices {
                values: wanted,
                titled,
                min_items,
                max_items,
            },
        ) => {
            assert_eq!(values(&rules.options), *wanted);
            assert_eq!(
                owned(titles(&rules.options)),
                expected_titles(wanted, *titled)
            );
            assert_eq!((rules.min_items, rules.max_items), (*min_items, *max_items));
        }
        (kind, field) => panic!("{kind:?} read for {field:?}"),
    }
}

/// Asserts that what the validator checked is the value that was sent.
fn assert_reads_back(property: &Property, sent: &Value, checked: &Checked<'_>) {
    let option = |i: usize| match &property.schema.kind {
        Kind::Enum(rules) => rules.options[i].value.to_string(),
        Kind::MultiSelect(rules) => rules.options[i].value.to_string(),
        other => panic!("a choice checked for {other:?}"),
    };
    match checked {
        Checked::Str(s) => assert_eq!(Some(*s), sent.as_str()),
        Checked::Num(n) => {
            let exact = sent.as_number().and_then(Num::from_json);
            assert_eq!(Some(*n), exact);
        }
        Checked::Bool(b) => assert_eq!(Some(*b), sent.as_bool()),
        Checked::Choice(i) => assert_eq!(Some(option(*i).as_str()), sent.as_str()),
        Checked::Choices(positions) => {
            let chosen: Vec<Value> = positions.iter().map(|&i| Value::from(option(i))).collect();
            assert_eq!(Some(&chosen), sent.as_array());
        }
        other => panic!("unexpected {other:?}"),
    }
}

fn form_and_content() -> impl Strategy<Value = (FormDesc, Map<String, Value>)> {
    forms::form(6).prop_flat_map(|form| {
        let content = forms::valid_content(&form);
        (Just(form), content)
    })
}

fn rules_of(errors: &ValidationErrors) -> Vec<(String, &'static str)> {
    errors
        .iter()
        .map(|e| (e.field().to_owned(), e.rule().as_str()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn a_wire_schema_reads_into_the_described_model_and_back(form in forms::form(6)) {
        let schema = parse(&form);
        prop_assert_eq!(schema.properties.len(), form.fields.len());
        for (property, desc) in schema.properties.iter().zip(&form.fields) {
            assert_described(property, desc);
        }
        for revision in [Revision::V2025_11_25, Revision::V2026_07_28] {
            let rendered = schema.render(revision).unwrap().with_dialect().to_json();
            let back = FormSchema::parse(&rendered).unwrap();
            prop_assert!(back.warnings.is_empty());
            prop_assert_eq!(&back.schema, &schema);
        }
    }

    #[test]
    fn valid_content_is_accepted_and_reads_back_equal((form, content) in form_and_content()) {
        let schema = parse(&form);
        if let Err(errors) = rules::content(&schema, &content, false) {
            panic!("{errors}\nschema: {:#}\ncontent: {:#}", form.wire(), Value::Object(content));
        }
        for property in schema.properties.iter() {
            match content.get(property.name.as_ref()) {
                Some(value) => match rules::value(&property.schema, value) {
                    Ok(checked) => assert_reads_back(property, value, &checked),
                    Err(broken) => panic!("`{}`: {broken:?}", property.name),
                },
                None => prop_assert!(!property.required),
            }
        }
        // The same content as text reads back as the same value.
        let text = Value::Object(content.clone()).to_string();
        prop_assert_eq!(Limits::DEFAULT.read_json(&text).unwrap(), Value::Object(content));
    }

    #[test]
    fn one_mutation_breaks_exactly_one_rule_of_one_field(
        (form, content) in form_and_content(),
        pick in any::<Index>(),
    ) {
        let schema = parse(&form);
        let all: Vec<forms::Mutation> = form
            .fields
            .iter()
            .flat_map(|desc| forms::mutations(desc, content.get(&desc.name)))
            .collect();
        prop_assume!(!all.is_empty());
        let mutation = pick.get(&all);
        let mut broken = content.clone();
        match &mutation.value {
            Some(value) => broken.insert(mutation.field.clone(), value.clone()),
            None => broken.remove(&mutation.field),
        };
        let errors = rules::content(&schema, &broken, false).err();
        let found = errors.as_ref().map(rules_of).unwrap_or_default();
        prop_assert_eq!(
            found,
            vec![(mutation.field.clone(), mutation.rule)],
            "mutation {:?}\nschema: {:#}\nerrors: {:?}",
            mutation,
            form.wire(),
            errors.map(|e| e.to_string())
        );
    }

    #[test]
    fn any_content_gives_a_verdict_and_never_panics(
        form in forms::form(6),
        values in proptest::collection::vec(forms::junk(), 6),
        deny_unknown in any::<bool>(),
    ) {
        let schema = parse(&form);
        let content: Map<String, Value> = form
            .fields
            .iter()
            .zip(values)
            .map(|(desc, value)| (desc.name.clone(), value))
            .collect();
        if let Err(errors) = rules::content(&schema, &content, deny_unknown) {
            // Every error names a field the content has or the form requires.
            for error in &errors {
                prop_assert!(content.contains_key(error.field()) || schema.property(error.field()).is_some());
                prop_assert!(!error.to_string().contains('\n'));
            }
        }
        let text = Value::Object(content).to_string();
        let _ = Limits::DEFAULT.read_json(&text).unwrap();
    }
}
