//! The schema forms of revisions 2025-11-25 and 2026-07-28: titled
//! single-selects, multi-selects, `default` on every kind, `$schema`.

use std::borrow::Cow;

use serde_json::{Value, json};

use super::{error, nested, one, parse};
use elicit_runtime::__private::FieldSpec;
use elicit_runtime::protocol::Revision;
use elicit_runtime::schema::FormSchema;
use elicit_runtime::schema::{EnumOption, EnumRules, Kind, MultiSelectRules, Num, Property, Text};
use elicit_runtime::wire::SchemaErrorKind as K;

/// A root with these properties and `required` names.
fn root(properties: Value, required: &[&str]) -> Value {
    let mut root = json!({ "type": "object", "properties": properties });
    if !required.is_empty() {
        root["required"] = json!(required);
    }
    root
}

fn options(pairs: &[(&str, Option<&str>)]) -> Vec<(String, Option<String>)> {
    pairs
        .iter()
        .map(|(v, t)| ((*v).to_owned(), t.map(str::to_owned)))
        .collect()
}

fn read_options(options: &[EnumOption]) -> Vec<(String, Option<String>)> {
    options
        .iter()
        .map(|o| (o.value.to_string(), o.title.as_deref().map(str::to_owned)))
        .collect()
}

fn enum_rules(schema: &FormSchema, index: usize) -> &EnumRules {
    match &schema.properties[index].schema.kind {
        Kind::Enum(rules) => rules,
        other => panic!("not an enum: {other:?}"),
    }
}

fn multi_rules(schema: &FormSchema, index: usize) -> &MultiSelectRules {
    match &schema.properties[index].schema.kind {
        Kind::MultiSelect(rules) => rules,
        other => panic!("not a multi-select: {other:?}"),
    }
}

// ---------------------------------------------------------------------------
// The examples of the 2025-11-25 and 2026-07-28 elicitation pages.

/// The "Requested Schema" property examples of the 2025-11-25 page, each in
/// a root, without its string example (see `spec_string_example`).
fn property_examples() -> Vec<Value> {
    vec![
        // Number schema.
        one(json!({
            "type": "number",
            "title": "Display Name",
            "description": "Description text",
            "minimum": 0,
            "maximum": 100,
            "default": 50
        })),
        // Number schema, with the `integer` its comment allows.
        one(json!({
            "type": "integer",
            "title": "Display Name",
            "description": "Description text",
            "minimum": 0,
            "maximum": 100,
            "default": 50
        })),
        // Boolean schema.
        one(json!({
            "type": "boolean",
            "title": "Display Name",
            "description": "Description text",
            "default": false
        })),
        // Single-select enum (without titles).
        one(json!({
            "type": "string",
            "title": "Color Selection",
            "description": "Choose your favorite color",
            "enum": ["Red", "Green", "Blue"],
            "default": "Red"
        })),
        // Single-select enum (with titles).
        one(json!({
            "type": "string",
            "title": "Color Selection",
            "description": "Choose your favorite color",
            "oneOf": [
                { "const": "#FF0000", "title": "Red" },
                { "const": "#00FF00", "title": "Green" },
                { "const": "#0000FF", "title": "Blue" }
            ],
            "default": "#FF0000"
        })),
        // Multi-select enum (without titles).
        one(json!({
            "type": "array",
            "title": "Color Selection",
            "description": "Choose your favorite colors",
            "minItems": 1,
            "maxItems": 2,
            "items": {
                "type": "string",
                "enum": ["Red", "Green", "Blue"]
            },
            "default": ["Red", "Green"]
        })),
        // Multi-select enum (with titles).
        one(json!({
            "type": "array",
            "title": "Color Selection",
            "description": "Choose your favorite colors",
            "minItems": 1,
            "maxItems": 2,
            "items": {
                "anyOf": [
                    { "const": "#FF0000", "title": "Red" },
                    { "const": "#00FF00", "title": "Green" },
                    { "const": "#0000FF", "title": "Blue" }
                ]
            },
            "default": ["#FF0000", "#00FF00"]
        })),
    ]
}

/// The string example of the 2026-07-28 page; the 2025-11-25 page shows the
/// same with `"pattern": "^[A-Za-z]+$"` as well.
fn spec_string_example() -> Value {
    one(json!({
        "type": "string",
        "title": "Display Name",
        "description": "Description text",
        "minLength": 3,
        "maxLength": 50,
        "format": "email",
        "default": "user@example.com"
    }))
}

/// The two `requestedSchema`s of the example requests, the same on both
/// pages.
fn request_examples() -> Vec<Value> {
    super::spec_examples().into_iter().take(2).collect()
}

/// Every example of both pages that has no keyword outside the subset.
fn spec_examples() -> Vec<Value> {
    let mut examples = request_examples();
    examples.push(spec_string_example());
    examples.extend(property_examples());
    examples
}

#[test]
fn every_spec_example_parses_without_warnings_and_renders_back() {
    for revision in [Revision::V2025_11_25, Revision::V2026_07_28] {
        for example in spec_examples() {
            let parsed = parse(&example);
            assert!(
                parsed.warnings.is_empty(),
                "{example}: {:?}",
                parsed.warnings
            );
            let rendered = parsed.schema.render(revision).unwrap().to_json();
            assert_eq!(rendered, example, "{revision}");
            assert_eq!(parse(&rendered).schema, parsed.schema, "{revision}");
        }
    }
}

#[test]
fn the_pattern_of_the_2025_11_25_string_example_is_the_only_warning() {
    // The 2025-11-25 page shows `pattern`, which that revision's
    // `StringSchema` does not have (and the 2026-07-28 page dropped): it is
    // ignored with a warning, the rest reads as the 2026-07-28 example.
    let mut example = spec_string_example();
    example["properties"]["a"]["pattern"] = json!("^[A-Za-z]+$");
    let parsed = parse(&example);
    let paths: Vec<&str> = parsed.warnings.iter().map(|w| w.path()).collect();
    assert_eq!(paths, ["/properties/a/pattern"]);
    assert_eq!(parsed.schema, parse(&spec_string_example()).schema);
    assert_eq!(
        parsed
            .schema
            .render(Revision::V2025_11_25)
            .unwrap()
            .to_json(),
        spec_string_example()
    );
}

#[test]
fn spec_examples_read_into_the_model() {
    let examples = property_examples();
    let titled = parse(&examples[4]).schema;
    let rules = enum_rules(&titled, 0);
    assert_eq!(
        read_options(&rules.options),
        options(&[
            ("#FF0000", Some("Red")),
            ("#00FF00", Some("Green")),
            ("#0000FF", Some("Blue")),
        ])
    );
    assert!(!rules.legacy_titles);
    assert_eq!(rules.default.as_deref(), Some("#FF0000"));

    let untitled = parse(&examples[3]).schema;
    let rules = enum_rules(&untitled, 0);
    assert!(!rules.is_titled());
    assert!(!rules.legacy_titles);

    let multi = parse(&examples[5]).schema;
    let rules = multi_rules(&multi, 0);
    assert_eq!(
        read_options(&rules.options),
        options(&[("Red", None), ("Green", None), ("Blue", None)])
    );
    assert_eq!((rules.min_items, rules.max_items), (Some(1), Some(2)));
    let default: Vec<&str> = rules
        .default
        .iter()
        .flat_map(|d| d.iter().map(|v| &**v))
        .collect();
    assert_eq!(default, ["Red", "Green"]);
    let property = &multi.properties[0].schema;
    assert_eq!(property.title.as_deref(), Some("Color Selection"));
    assert_eq!(property.default_value(), Some(json!(["Red", "Green"])));

    let titled_multi = parse(&examples[6]).schema;
    let rules = multi_rules(&titled_multi, 0);
    assert!(rules.is_titled());
    assert_eq!(rules.options[2].title.as_deref(), Some("Blue"));

    let number = parse(&examples[0]).schema;
    assert!(matches!(
        &number.properties[0].schema.kind,
        Kind::Number(r) if r.default == Some(Num::Int(50)) && !r.integer
    ));
}

// ---------------------------------------------------------------------------
// The conformance suite's schemas.

/// The five enum variants of the `elicitation-sep1330-enums` scenario, in
/// the shapes the spec gives them.
fn sep1330() -> Value {
    root(
        json!({
            "untitledSingle": {
                "type": "string",
                "description": "Pick one (no titles)",
                "enum": ["option1", "option2", "option3"]
            },
            "titledSingle": {
                "type": "string",
                "description": "Pick one (with titles)",
                "oneOf": [
                    { "const": "value1", "title": "First Option" },
                    { "const": "value2", "title": "Second Option" },
                    { "const": "value3", "title": "Third Option" }
                ]
            },
            "legacyEnum": {
                "type": "string",
                "description": "Pick one (legacy titles)",
                "enum": ["opt1", "opt2", "opt3"],
                "enumNames": ["Option One", "Option Two", "Option Three"]
            },
            "untitledMulti": {
                "type": "array",
                "description": "Pick several (no titles)",
                "items": { "type": "string", "enum": ["option1", "option2", "option3"] }
            },
            "titledMulti": {
                "type": "array",
                "description": "Pick several (with titles)",
                "items": {
                    "anyOf": [
                        { "const": "value1", "title": "First Choice" },
                        { "const": "value2", "title": "Second Choice" },
                        { "const": "value3", "title": "Third Choice" }
                    ]
                }
            }
        }),
        &[],
    )
}

/// The `elicitation-sep1034-defaults` scenario's schema.
fn sep1034() -> Value {
    root(
        json!({
            "name": { "type": "string", "default": "John Doe" },
            "age": { "type": "integer", "default": 30 },
            "score": { "type": "number", "default": 95.5 },
            "status": {
                "type": "string",
                "enum": ["active", "inactive", "pending"],
                "default": "active"
            },
            "verified": { "type": "boolean", "default": true }
        }),
        &[],
    )
}

#[test]
fn sep1330_enum_schema_parses_and_round_trips() {
    let parsed = parse(&sep1330());
    assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
    let schema = parsed.schema;
    let names: Vec<&str> = schema.properties.iter().map(|p| &*p.name).collect();
    assert_eq!(
        names,
        [
            "untitledSingle",
            "titledSingle",
            "legacyEnum",
            "untitledMulti",
            "titledMulti"
        ]
    );
    let untitled = enum_rules(&schema, 0);
    assert!(!untitled.is_titled() && !untitled.legacy_titles);
    let titled = enum_rules(&schema, 1);
    assert_eq!(titled.options[0].title.as_deref(), Some("First Option"));
    assert!(!titled.legacy_titles);
    let legacy = enum_rules(&schema, 2);
    assert_eq!(legacy.options[2].title.as_deref(), Some("Option Three"));
    assert!(legacy.legacy_titles);
    assert!(!multi_rules(&schema, 3).is_titled());
    assert_eq!(
        read_options(&multi_rules(&schema, 4).options),
        options(&[
            ("value1", Some("First Choice")),
            ("value2", Some("Second Choice")),
            ("value3", Some("Third Choice")),
        ])
    );
    for revision in [Revision::V2025_11_25, Revision::V2026_07_28] {
        let rendered = schema.render(revision).unwrap().to_json();
        assert_eq!(rendered, sep1330(), "{revision}");
        assert_eq!(parse(&rendered).schema, schema, "{revision}");
    }
    // 2025-06-18 has no multi-select.
    let error = schema.render(Revision::V2025_06_18).unwrap_err();
    assert_eq!(error.field(), "untitledMulti");
}

#[test]
fn sep1034_defaults_schema_parses_and_round_trips() {
    let parsed = parse(&sep1034());
    assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
    let schema = parsed.schema;
    let defaults: Vec<Option<Value>> = schema
        .properties
        .iter()
        .map(|p| p.schema.default_value())
        .collect();
    assert_eq!(
        defaults,
        [
            Some(json!("John Doe")),
            Some(json!(30)),
            Some(json!(95.5)),
            Some(json!("active")),
            Some(json!(true)),
        ]
    );
    for revision in [Revision::V2025_11_25, Revision::V2026_07_28] {
        let rendered = schema.render(revision).unwrap().to_json();
        assert_eq!(rendered, sep1034(), "{revision}");
        assert_eq!(parse(&rendered).schema, schema, "{revision}");
    }
    // 2025-06-18 keeps the boolean default only.
    let old = schema.render(Revision::V2025_06_18).unwrap().to_json();
    assert_eq!(
        parse(&old).schema,
        as_read_back(&schema, Revision::V2025_06_18)
    );
    assert_eq!(old["properties"]["verified"]["default"], json!(true));
    assert_eq!(old["properties"]["name"].get("default"), None);
}

// ---------------------------------------------------------------------------
// Round trips of everything the renderer writes.

/// `schema` as it reads back from its rendering for `revision`: what that
/// revision writes differently, as the docs of `FormSchema::parse` list.
fn as_read_back(schema: &FormSchema, revision: Revision) -> FormSchema {
    let extended = revision.has_extended_schemas();
    let untitle = |options: &[EnumOption]| -> Cow<'static, [EnumOption]> {
        options
            .iter()
            .map(|o| {
                let mut option = o.clone();
                if option.title.as_deref() == Some(&*option.value) {
                    option.title = None;
                }
                option
            })
            .collect()
    };
    let properties = schema
        .properties
        .iter()
        .map(|property| {
            let mut property = property.clone();
            match &mut property.schema.kind {
                Kind::String(rules) if !extended => rules.default = None,
                Kind::Number(rules) if !extended => rules.default = None,
                Kind::Enum(rules) => {
                    rules.options = untitle(&rules.options);
                    rules.legacy_titles = rules.is_titled() && (rules.legacy_titles || !extended);
                    if !extended {
                        rules.default = None;
                    }
                }
                Kind::MultiSelect(rules) => rules.options = untitle(&rules.options),
                Kind::String(_) | Kind::Number(_) | Kind::Boolean(_) => {}
                // `Kind` is non-exhaustive: a kind added later must say
                // here what a 2025-06-18 client keeps of it.
                other => panic!("a kind this down-level expectation does not know: {other:?}"),
            }
            property
        })
        .collect();
    FormSchema { properties }
}

const COLOURS: &[EnumOption] = &[
    EnumOption::new("red", Some("Red")),
    EnumOption::new("green", None),
    EnumOption::new("blue", Some("Deep blue")),
];
const LETTERS: &[EnumOption] = &[EnumOption::new("a", None), EnumOption::new("b", None)];
const SAME: &[EnumOption] = &[
    EnumOption::new("x", Some("x")),
    EnumOption::new("y", Some("Why")),
];
const CHOSEN: &[Text] = &[Cow::Borrowed("blue"), Cow::Borrowed("red")];

const LATER: &[Property] = &[
    FieldSpec::STRING
        .min_length(2, "")
        .default_str("John Doe", "")
        .into_property("name", true),
    FieldSpec::STRING
        .format(elicit_runtime::format::Format::Date, "")
        .default_str("2024-02-29", "")
        .into_property("day", false),
    FieldSpec::integer(0, 150)
        .default_num(Num::Int(30), "")
        .into_property("age", false),
    FieldSpec::float(f64::MAX)
        .default_num(Num::Float(95.5), "")
        .into_property("score", false),
    FieldSpec::BOOLEAN
        .default_bool(false, "")
        .into_property("agree", false),
    FieldSpec::choice(COLOURS)
        .default_str("green", "")
        .title("Colour")
        .into_property("colour", true),
    FieldSpec::choice(COLOURS)
        .legacy_titles("")
        .into_property("legacy", false),
    FieldSpec::choice(LETTERS)
        .legacy_titles("")
        .into_property("legacy_untitled", false),
    FieldSpec::choice(LETTERS).into_property("letter", false),
    FieldSpec::choice(SAME).into_property("same", false),
    FieldSpec::multi_select(COLOURS)
        .min_items(1, "")
        .max_items(2, "")
        .default_list(CHOSEN, "")
        .description("Pick up to two")
        .into_property("colours", true),
    FieldSpec::multi_select(LETTERS).into_property("letters", false),
    FieldSpec::multi_select(LETTERS)
        .max_items(0, "")
        .default_list(&[], "")
        .into_property("none", false),
    FieldSpec::multi_select(SAME).into_property("same_multi", false),
];

#[test]
fn everything_rendered_for_any_revision_reads_back() {
    let all = FormSchema {
        properties: Cow::Borrowed(LATER),
    };
    let single = |p: &Property| FormSchema {
        properties: Cow::Owned(vec![p.clone()]),
    };
    let schemas = std::iter::once(all).chain(LATER.iter().map(single));
    for schema in schemas {
        for revision in Revision::ALL {
            let Ok(rendered) = schema.render(revision) else {
                assert!(!revision.has_extended_schemas());
                continue;
            };
            for json in [rendered.to_json(), rendered.with_dialect().to_json()] {
                let parsed = parse(&json);
                assert!(parsed.warnings.is_empty(), "{json}: {:?}", parsed.warnings);
                assert_eq!(
                    parsed.schema,
                    as_read_back(&schema, revision),
                    "{revision}: {json}"
                );
                // The wire form is stable: what was read writes the same.
                assert_eq!(
                    parsed.schema.render(revision).unwrap().to_json(),
                    rendered.to_json()
                );
            }
        }
    }
}

#[test]
fn titled_single_select_for_2025_06_18_reads_back_as_legacy() {
    let schema = FormSchema {
        properties: Cow::Borrowed(&LATER[5..6]),
    };
    let old = schema.render(Revision::V2025_06_18).unwrap().to_json();
    assert_eq!(
        old["properties"]["colour"]["enumNames"],
        json!(["Red", "green", "Deep blue"])
    );
    let back = parse(&old).schema;
    assert!(enum_rules(&back, 0).legacy_titles);
    // Written for a later revision, it stays `enumNames`.
    let new = back.render(Revision::V2025_11_25).unwrap().to_json();
    assert!(new["properties"]["colour"].get("oneOf").is_none(), "{new}");
    // The fresh schema is written as `oneOf`.
    let new = schema.render(Revision::V2025_11_25).unwrap().to_json();
    assert_eq!(
        new["properties"]["colour"]["oneOf"][1],
        json!({ "const": "green", "title": "green" })
    );
}

// ---------------------------------------------------------------------------
// What is read, and how.

#[test]
fn schema_keyword_is_accepted_without_a_warning() {
    for dialect in ["https://json-schema.org/draft/2020-12/schema", "anything"] {
        let parsed = parse(&json!({
            "$schema": dialect,
            "type": "object",
            "properties": { "a": { "type": "string" } }
        }));
        assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        assert_eq!(
            parsed.schema,
            parse(&one(json!({ "type": "string" }))).schema
        );
    }
    let error = error(&json!({ "$schema": null, "type": "object", "properties": {} }));
    assert_eq!((error.kind(), error.path()), (K::WrongKeyType, "/$schema"));
}

#[test]
fn option_titles_equal_to_their_value_are_no_title() {
    let schema = parse(&one(json!({
        "type": "string",
        "oneOf": [{ "const": "a", "title": "a" }, { "const": "b", "title": "Bee" }]
    })))
    .schema;
    let rules = enum_rules(&schema, 0);
    assert_eq!(
        read_options(&rules.options),
        options(&[("a", None), ("b", Some("Bee"))])
    );
    let schema = parse(&one(json!({
        "type": "array",
        "items": { "anyOf": [{ "const": "a", "title": "a" }] }
    })))
    .schema;
    assert!(!multi_rules(&schema, 0).is_titled());
    // Written back, untitled options are written as untitled values.
    assert_eq!(
        schema.to_json()["properties"]["a"]["items"],
        json!({ "type": "string", "enum": ["a"] })
    );
}

#[test]
fn titled_items_may_restate_their_type() {
    let parsed = parse(&one(json!({
        "type": "array",
        "items": { "type": "string", "anyOf": [{ "const": "a", "title": "A" }] }
    })));
    assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
    assert!(multi_rules(&parsed.schema, 0).is_titled());
}

#[test]
fn multi_select_defaults_within_the_rules_are_accepted() {
    let items = json!({ "type": "string", "enum": ["a", "b", "c"] });
    for (bounds, default) in [
        (json!({}), json!([])),
        (json!({ "minItems": 0 }), json!(["c", "a"])),
        (json!({ "minItems": 2, "maxItems": 2 }), json!(["b", "c"])),
        (json!({ "maxItems": 3.0 }), json!(["a", "b", "c"])),
        (json!({ "minItems": 3 }), json!(["a", "b", "c"])),
    ] {
        let mut property = json!({ "type": "array", "items": items, "default": default });
        for (k, v) in bounds.as_object().unwrap() {
            property[k] = v.clone();
        }
        let schema = parse(&one(property)).schema;
        assert_eq!(schema.properties[0].schema.default_value(), Some(default));
    }
}

#[test]
fn default_null_on_a_multi_select_is_no_default() {
    let parsed = parse(&one(json!({
        "type": "array",
        "items": { "type": "string", "enum": ["a"] },
        "default": null
    })));
    assert_eq!(multi_rules(&parsed.schema, 0).default, None);
    assert_eq!(parsed.warnings[0].path(), "/properties/a/default");
}

fn warnings(value: &Value) -> Vec<(String, String)> {
    parse(value)
        .warnings
        .into_iter()
        .map(|w| (w.path().to_owned(), w.message().to_owned()))
        .collect()
}

#[test]
fn missing_option_titles_are_warnings() {
    let value = one(json!({
        "type": "string",
        "oneOf": [{ "const": "a", "title": "A" }, { "const": "b" }],
        "default": "b"
    }));
    assert_eq!(
        warnings(&value),
        [(
            "/properties/a/oneOf/1".to_owned(),
            "the option `b` has no `title`, which the schema requires; its value is shown \
             as its title"
                .to_owned()
        )]
    );
    let schema = parse(&value).schema;
    let rules = enum_rules(&schema, 0);
    assert_eq!(
        read_options(&rules.options),
        options(&[("a", Some("A")), ("b", None)])
    );
    assert!(!rules.legacy_titles);
    let value = one(json!({ "type": "array", "items": { "anyOf": [{ "const": "x" }] } }));
    let paths: Vec<String> = warnings(&value).into_iter().map(|(p, _)| p).collect();
    assert_eq!(paths, ["/properties/a/items/anyOf/0"]);
}

#[test]
fn keywords_outside_the_new_shapes_are_warnings() {
    let found = warnings(&json!({
        "type": "object",
        "properties": {
            "pick": {
                "type": "string",
                "oneOf": [{ "const": "a", "title": "A", "description": "The first" }],
                "enumNames": ["A"],
                "maxLength": 3
            },
            "many": {
                "type": "array",
                "items": { "type": "string", "enum": ["a"], "title": "Letter" },
                "uniqueItems": true,
                "minLength": 1
            },
            "text": { "type": "string", "items": {}, "minItems": 1 }
        }
    }));
    assert_eq!(
        found,
        [
            (
                "/properties/pick/oneOf/0/description".to_owned(),
                "`description` is not part of a `oneOf` option, which has only `const` and \
                 `title`; ignored"
                    .to_owned()
            ),
            (
                "/properties/pick/enumNames".to_owned(),
                "`enumNames` applies only to `string` properties with `enum`; ignored (the \
                 titles are those of `oneOf`)"
                    .to_owned()
            ),
            (
                "/properties/pick/maxLength".to_owned(),
                "`maxLength` applies only to free-text `string` properties (without `enum`); \
                 ignored (a `oneOf` allows only its values)"
                    .to_owned()
            ),
            (
                "/properties/many/items/title".to_owned(),
                "`title` is not part of a multi-select's `items`, which has only `type` and \
                 `enum`, or `anyOf`; ignored"
                    .to_owned()
            ),
            (
                "/properties/many/uniqueItems".to_owned(),
                "`uniqueItems` is not part of the elicitation schema subset; ignored (a \
                 multi-select takes each value at most once anyway)"
                    .to_owned()
            ),
            (
                "/properties/many/minLength".to_owned(),
                "`minLength` applies only to free-text `string` properties (without `enum`); \
                 ignored (a multi-select allows only its options)"
                    .to_owned()
            ),
            (
                "/properties/text/items".to_owned(),
                "`items` applies only to multi-select `array` properties; ignored".to_owned()
            ),
            (
                "/properties/text/minItems".to_owned(),
                "`minItems` applies only to multi-select `array` properties; ignored".to_owned()
            ),
        ]
    );
}

// ---------------------------------------------------------------------------
// Errors: every new one, with its path.

/// The error cases of the shapes these revisions add; `tests::error_cases`
/// includes them, so they are checked for kind, path and message form.
pub(crate) fn error_cases() -> Vec<(Value, K, &'static str)> {
    let multi = |extra: Value| {
        let mut property =
            json!({ "type": "array", "items": { "type": "string", "enum": ["x", "y"] } });
        for (k, v) in extra.as_object().into_iter().flatten() {
            property[k] = v.clone();
        }
        one(property)
    };
    vec![
        // `oneOf` anywhere but on a string.
        (
            one(json!({ "type": "integer", "oneOf": [{ "const": "x", "title": "X" }] })),
            K::Composition,
            "/properties/a/oneOf",
        ),
        (
            one(json!({ "oneOf": [{ "type": "string" }, { "type": "number" }] })),
            K::Composition,
            "/properties/a/oneOf",
        ),
        (
            one(json!({ "type": "array", "oneOf": [{ "const": "x", "title": "X" }] })),
            K::Composition,
            "/properties/a/oneOf",
        ),
        (
            one(json!({ "type": "array", "anyOf": [{ "const": "x", "title": "X" }] })),
            K::Composition,
            "/properties/a/anyOf",
        ),
        (
            json!({ "type": "object", "properties": {}, "oneOf": [] }),
            K::Composition,
            "/oneOf",
        ),
        // `oneOf` itself.
        (
            one(json!({ "type": "string", "oneOf": { "const": "x", "title": "X" } })),
            K::WrongKeyType,
            "/properties/a/oneOf",
        ),
        (
            one(json!({ "type": "string", "oneOf": [] })),
            K::EmptyEnum,
            "/properties/a/oneOf",
        ),
        (
            one(json!({ "type": "string", "oneOf": [{ "const": "x", "title": "X" }, "y"] })),
            K::WrongKeyType,
            "/properties/a/oneOf/1",
        ),
        (
            one(json!({ "type": "string", "oneOf": [{ "const": 1, "title": "One" }] })),
            K::WrongKeyType,
            "/properties/a/oneOf/0/const",
        ),
        (
            one(json!({ "type": "string", "oneOf": [{ "const": "x", "title": ["X"] }] })),
            K::WrongKeyType,
            "/properties/a/oneOf/0/title",
        ),
        (
            one(json!({ "type": "string", "oneOf": [{ "title": "X" }] })),
            K::MissingConst,
            "/properties/a/oneOf/0",
        ),
        (
            one(json!({ "type": "string", "oneOf": [{ "type": "string" }] })),
            K::MissingConst,
            "/properties/a/oneOf/0",
        ),
        (
            one(json!({
                "type": "string",
                "oneOf": [
                    { "const": "x", "title": "X" },
                    { "const": "y", "title": "Y" },
                    { "const": "x", "title": "X again" }
                ]
            })),
            K::DuplicateEnumValue,
            "/properties/a/oneOf/2/const",
        ),
        (
            one(json!({
                "type": "string",
                "enum": ["x"],
                "oneOf": [{ "const": "x", "title": "X" }]
            })),
            K::ConflictingOptions,
            "/properties/a/oneOf",
        ),
        (
            one(
                json!({ "type": "string", "oneOf": [{ "const": "x", "title": "X" }], "default": "z" }),
            ),
            K::DefaultViolation,
            "/properties/a/default",
        ),
        (
            one(
                json!({ "type": "string", "oneOf": [{ "const": "x", "title": "X" }], "default": ["x"] }),
            ),
            K::BadDefault,
            "/properties/a/default",
        ),
        // Arrays that are not multi-selects.
        (one(json!({ "type": "array" })), K::Array, "/properties/a"),
        (
            one(json!({ "type": "array", "items": [{ "type": "string" }] })),
            K::Array,
            "/properties/a/items",
        ),
        (
            one(json!({ "type": "array", "items": { "type": "string" } })),
            K::Array,
            "/properties/a/items",
        ),
        (
            one(json!({ "type": "array", "items": { "type": "number", "enum": [1, 2] } })),
            K::Array,
            "/properties/a/items/type",
        ),
        (
            one(json!({ "type": "array", "items": { "type": "object", "properties": {} } })),
            K::Array,
            "/properties/a/items/type",
        ),
        (
            one(json!({ "type": "array", "items": { "enum": ["x"] } })),
            K::Array,
            "/properties/a/items",
        ),
        (
            one(json!({ "type": "array", "items": { "oneOf": [{ "const": "x", "title": "X" }] } })),
            K::Array,
            "/properties/a/items/oneOf",
        ),
        (
            one(json!({ "type": "array", "items": { "allOf": [] } })),
            K::Array,
            "/properties/a/items/allOf",
        ),
        (
            one(json!({ "type": "array", "items": { "$ref": "#/$defs/Colour" } })),
            K::Ref,
            "/properties/a/items/$ref",
        ),
        (
            one(json!({ "type": "array", "enum": ["x"] })),
            K::EnumNotString,
            "/properties/a/enum",
        ),
        // The options of `items`.
        (
            one(json!({ "type": "array", "items": { "type": "string", "enum": [] } })),
            K::EmptyEnum,
            "/properties/a/items/enum",
        ),
        (
            one(json!({ "type": "array", "items": { "type": "string", "enum": ["x", null] } })),
            K::WrongKeyType,
            "/properties/a/items/enum/1",
        ),
        (
            one(json!({ "type": "array", "items": { "type": "string", "enum": ["x", "x"] } })),
            K::DuplicateEnumValue,
            "/properties/a/items/enum/1",
        ),
        (
            one(json!({ "type": "array", "items": { "anyOf": [] } })),
            K::EmptyEnum,
            "/properties/a/items/anyOf",
        ),
        (
            one(json!({ "type": "array", "items": { "anyOf": [{ "title": "X" }] } })),
            K::MissingConst,
            "/properties/a/items/anyOf/0",
        ),
        (
            one(json!({
                "type": "array",
                "items": { "anyOf": [{ "const": "x", "title": "X" }, { "const": "x", "title": "Y" }] }
            })),
            K::DuplicateEnumValue,
            "/properties/a/items/anyOf/1/const",
        ),
        (
            one(json!({
                "type": "array",
                "items": { "type": "string", "enum": ["x"], "anyOf": [{ "const": "x", "title": "X" }] }
            })),
            K::ConflictingOptions,
            "/properties/a/items/anyOf",
        ),
        // Item counts.
        (
            multi(json!({ "minItems": "1" })),
            K::WrongKeyType,
            "/properties/a/minItems",
        ),
        (
            multi(json!({ "maxItems": 1.5 })),
            K::WrongKeyType,
            "/properties/a/maxItems",
        ),
        (
            multi(json!({ "minItems": -1 })),
            K::NegativeLength,
            "/properties/a/minItems",
        ),
        (
            multi(json!({ "maxItems": -2.0 })),
            K::NegativeLength,
            "/properties/a/maxItems",
        ),
        (
            multi(json!({ "minItems": 2, "maxItems": 1 })),
            K::MinItemsAboveMaxItems,
            "/properties/a/minItems",
        ),
        (
            multi(json!({ "minItems": 3 })),
            K::MinItemsAboveMaxItems,
            "/properties/a/minItems",
        ),
        // Defaults.
        (
            multi(json!({ "default": "x" })),
            K::BadDefault,
            "/properties/a/default",
        ),
        (
            multi(json!({ "default": ["x", 1] })),
            K::BadDefault,
            "/properties/a/default",
        ),
        (
            multi(json!({ "default": ["z"] })),
            K::DefaultViolation,
            "/properties/a/default",
        ),
        (
            multi(json!({ "default": ["x", "x"] })),
            K::DefaultViolation,
            "/properties/a/default",
        ),
        (
            multi(json!({ "minItems": 1, "default": [] })),
            K::DefaultViolation,
            "/properties/a/default",
        ),
        (
            multi(json!({ "maxItems": 1, "default": ["x", "y"] })),
            K::DefaultViolation,
            "/properties/a/default",
        ),
    ]
}

#[test]
fn array_errors_say_arrays_are_only_multi_selects() {
    for (schema, kind, _) in error_cases() {
        if kind == K::Array {
            let message = error(&schema).to_string();
            assert!(
                message.contains("a `requestedSchema` allows arrays only as multi-select enums"),
                "{message}"
            );
        }
    }
}

#[test]
fn new_messages_say_what_is_allowed() {
    let text = |schema: Value| error(&schema).to_string();
    assert_eq!(
        text(one(json!({ "type": "array" }))),
        "invalid `requestedSchema` at `/properties/a`: the `array` property has no `items`: \
         a `requestedSchema` allows arrays only as multi-select enums, with `items` \
         `{\"type\": \"string\", \"enum\": [...]}` or \
         `{\"anyOf\": [{\"const\": ..., \"title\": ...}]}`"
    );
    assert_eq!(
        text(one(json!({ "type": "integer", "oneOf": [] }))),
        "invalid `requestedSchema` at `/properties/a/oneOf`: `oneOf` is allowed on a \
         property only as a titled single choice, `type: \"string\"` with \
         `oneOf: [{\"const\": ..., \"title\": ...}]`, found the string `\"integer\"`"
    );
    assert_eq!(
        text(one(
            json!({ "type": "string", "oneOf": [{ "title": "X" }] })
        )),
        "invalid `requestedSchema` at `/properties/a/oneOf/0`: the option has no `const`; \
         each option of `oneOf` is `{\"const\": value, \"title\": label}`"
    );
    assert_eq!(
        text(one(json!({
            "type": "array",
            "minItems": 3,
            "items": { "type": "string", "enum": ["x", "y"] }
        }))),
        "invalid `requestedSchema` at `/properties/a/minItems`: `minItems` (3) is above the \
         number of options (2); each value is chosen at most once, so `minItems` must be at \
         most 2"
    );
    assert_eq!(
        text(one(json!({
            "type": "array",
            "items": { "type": "string", "enum": ["x", "y"] },
            "default": ["y", "y"]
        }))),
        "invalid `requestedSchema` at `/properties/a/default`: `default` lists `y` more than \
         once: choose each value once"
    );
    assert_eq!(
        text(one(json!({ "type": "array", "enum": ["x"] }))),
        "invalid `requestedSchema` at `/properties/a/enum`: `enum` needs `type: \"string\"`, \
         found the string `\"array\"`; for several choices, put the values in `items`: \
         `{\"type\": \"string\", \"enum\": [...]}`"
    );
}

// ---------------------------------------------------------------------------
// Hostile input.

#[test]
fn deep_options_are_rejected_at_the_first_level() {
    let depth = 500;
    let cases = [
        (
            one(json!({ "type": "string", "oneOf": nested(depth, |v| json!([v])) })),
            "/properties/a/oneOf/0",
        ),
        (
            one(json!({ "type": "string", "oneOf": [{ "const": nested(depth, |v| json!([v])) }] })),
            "/properties/a/oneOf/0/const",
        ),
        (
            one(json!({ "type": "array", "items": nested(depth, |v| json!({ "items": v })) })),
            "/properties/a/items",
        ),
        (
            one(json!({ "type": "array", "items": { "anyOf": nested(depth, |v| json!([v])) } })),
            "/properties/a/items/anyOf/0",
        ),
        (
            one(json!({
                "type": "array",
                "items": { "type": "string", "enum": ["x"] },
                "default": nested(depth, |v| json!([v]))
            })),
            "/properties/a/default",
        ),
    ];
    for (schema, path) in cases {
        assert_eq!(error(&schema).path(), path);
    }
    // Deep members of an option that are only ignored are not looked into.
    let parsed = parse(&one(json!({
        "type": "string",
        "oneOf": [{ "const": "x", "title": "X", "x-deep": nested(depth, |v| json!({ "x": v })) }]
    })));
    assert_eq!(parsed.warnings.len(), 1);
}

#[test]
fn large_options_are_read_in_linear_time() {
    let n = 100_000;
    let values: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
    let titled: Vec<Value> = values
        .iter()
        .map(|v| json!({ "const": v, "title": format!("Title {v}") }))
        .collect();
    let mut repeated = titled.clone();
    repeated.push(json!({ "const": "v0", "title": "again" }));
    assert_eq!(
        error(&one(json!({ "type": "string", "oneOf": repeated }))).path(),
        format!("/properties/a/oneOf/{n}/const")
    );
    let parsed = parse(&one(json!({
        "type": "string",
        "oneOf": titled,
        "default": format!("v{}", n - 1)
    })));
    assert!(enum_rules(&parsed.schema, 0).options.len() == n);
    let parsed = parse(&one(json!({
        "type": "array",
        "items": { "anyOf": titled },
        "minItems": n,
        "default": values
    })));
    assert!(
        multi_rules(&parsed.schema, 0)
            .default
            .as_ref()
            .is_some_and(|d| d.len() == n)
    );
    let mut twice = values.clone();
    twice.push("v0".to_owned());
    let error = error(&one(json!({
        "type": "array",
        "items": { "type": "string", "enum": values },
        "default": twice
    })));
    assert_eq!(error.kind(), K::DefaultViolation);
}

#[test]
fn every_revision_reads_back_odd_accepted_schemas() {
    // The odd schemas of `tests::never_panics_on_odd_schemas` that are
    // accepted are checked there for the newest revision; here for each.
    let mut accepted = 0;
    for case in super::odd_schemas(3, 20_000) {
        let Ok(parsed) = FormSchema::parse(&case) else {
            continue;
        };
        accepted += 1;
        for revision in Revision::ALL {
            if let Ok(rendered) = parsed.schema.render(revision) {
                assert_eq!(
                    parse(&rendered.to_json()).schema,
                    as_read_back(&parsed.schema, revision),
                    "{revision}: {case}"
                );
            }
        }
    }
    assert!(accepted > 0);
}

#[test]
fn model_kinds_are_the_ones_built_by_hand() {
    // A multi-select built by the spec's builders equals the one read.
    const XY: &[EnumOption] = &[EnumOption::new("x", Some("X")), EnumOption::new("y", None)];
    const Y: &[Text] = &[Cow::Borrowed("y")];
    let expected = FieldSpec::multi_select(XY)
        .min_items(0, "")
        .default_list(Y, "")
        .into_schema();
    let schema = parse(&one(json!({
        "type": "array",
        "minItems": 0,
        "items": { "anyOf": [{ "const": "x", "title": "X" }, { "const": "y", "title": "y" }] },
        "default": ["y"]
    })))
    .schema;
    assert_eq!(schema.properties[0].schema, expected);
}
