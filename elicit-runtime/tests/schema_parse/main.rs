//! The wire parser through the public API: every shape of
//! `requestedSchema` it reads, what it tolerates with a warning, and each
//! error it refuses with, at its path.

mod v2025_11_25;

use std::borrow::Cow;
use std::collections::HashSet;

use serde_json::{Value, json};

use elicit_runtime::__private::{BoundMessages, FieldSpec};
use elicit_runtime::format::Format;
use elicit_runtime::protocol::FormRequest;
use elicit_runtime::schema::{EnumOption, FormSchema, Kind, Num, Property, StringRules};
use elicit_runtime::wire::{Parsed, SchemaError, SchemaErrorKind as K};

pub(crate) fn parse(value: &Value) -> Parsed {
    match FormSchema::parse(value) {
        Ok(parsed) => parsed,
        Err(error) => panic!("{value}: {error}"),
    }
}

pub(crate) fn error(value: &Value) -> SchemaError {
    match FormSchema::parse(value) {
        Ok(parsed) => panic!("{value} parsed: {:?}", parsed.schema),
        Err(error) => error,
    }
}

/// A root with one property `a` of schema `property`.
pub(crate) fn one(property: Value) -> Value {
    json!({ "type": "object", "properties": { "a": property } })
}

fn form(properties: &'static [Property]) -> FormSchema {
    FormSchema {
        properties: Cow::Borrowed(properties),
    }
}

const MSGS: BoundMessages = BoundMessages {
    unfit: "unfit",
    fraction: "fraction",
    outside: "outside",
};

// ---------------------------------------------------------------------------
// The examples of the 2025-06-18 elicitation page.

/// Every `requestedSchema` on the page; the four "supported schema types"
/// are property schemas, shown here inside a root.
pub(crate) fn spec_examples() -> Vec<Value> {
    vec![
        // Simple text request.
        json!({
            "type": "object",
            "properties": { "name": { "type": "string" } },
            "required": ["name"]
        }),
        // Structured data request.
        json!({
            "type": "object",
            "properties": {
                "name": { "type": "string", "description": "Your full name" },
                "email": {
                    "type": "string",
                    "format": "email",
                    "description": "Your email address"
                },
                "age": { "type": "number", "minimum": 18, "description": "Your age" }
            },
            "required": ["name", "email"]
        }),
        // Request schema.
        json!({
            "type": "object",
            "properties": {
                "propertyName": {
                    "type": "string",
                    "title": "Display Name",
                    "description": "Description of the property"
                },
                "anotherProperty": { "type": "number", "minimum": 0, "maximum": 100 }
            },
            "required": ["propertyName"]
        }),
        // String schema.
        one(json!({
            "type": "string",
            "title": "Display Name",
            "description": "Description text",
            "minLength": 3,
            "maxLength": 50,
            "format": "email"
        })),
        // Number schema.
        one(json!({
            "type": "number",
            "title": "Display Name",
            "description": "Description text",
            "minimum": 0,
            "maximum": 100
        })),
        // Number schema, with the `integer` its comment allows.
        one(json!({
            "type": "integer",
            "title": "Display Name",
            "description": "Description text",
            "minimum": 0,
            "maximum": 100
        })),
        // Boolean schema.
        one(json!({
            "type": "boolean",
            "title": "Display Name",
            "description": "Description text",
            "default": false
        })),
        // Enum schema.
        one(json!({
            "type": "string",
            "title": "Display Name",
            "description": "Description text",
            "enum": ["option1", "option2", "option3"],
            "enumNames": ["Option 1", "Option 2", "Option 3"]
        })),
    ]
}

#[test]
fn every_spec_example_parses_without_warnings() {
    for example in spec_examples() {
        let parsed = parse(&example);
        assert!(
            parsed.warnings.is_empty(),
            "{example}: {:?}",
            parsed.warnings
        );
    }
}

#[test]
fn every_spec_example_is_written_back_unchanged() {
    for example in spec_examples() {
        let schema = parse(&example).schema;
        assert_eq!(schema.to_json(), example);
        assert_eq!(parse(&schema.to_json()).schema, schema);
    }
}

#[test]
fn structured_request_reads_as_the_derive_would_build_it() {
    const EXPECTED: &[Property] = &[
        FieldSpec::STRING
            .description("Your full name")
            .into_property("name", true),
        FieldSpec::STRING
            .format(Format::Email, "")
            .description("Your email address")
            .into_property("email", true),
        FieldSpec::float(f64::MAX)
            .minimum(Num::Int(18), MSGS)
            .description("Your age")
            .into_property("age", false),
    ];
    assert_eq!(parse(&spec_examples()[1]).schema, form(EXPECTED));
}

#[test]
fn enum_names_become_option_titles() {
    let schema = parse(&spec_examples()[7]).schema;
    let Kind::Enum(rules) = &schema.properties[0].schema.kind else {
        panic!("{schema:?}")
    };
    let options: Vec<(&str, Option<&str>)> = rules
        .options
        .iter()
        .map(|o| (&*o.value, o.title.as_deref()))
        .collect();
    assert_eq!(
        options,
        [
            ("option1", Some("Option 1")),
            ("option2", Some("Option 2")),
            ("option3", Some("Option 3")),
        ]
    );
    assert_eq!(
        schema.properties[0].schema.title.as_deref(),
        Some("Display Name")
    );
}

#[test]
fn text_is_owned() {
    let schema = parse(&spec_examples()[2]).schema;
    assert!(matches!(schema.properties, Cow::Owned(_)));
    let property = &schema.properties[0];
    assert!(matches!(property.name, Cow::Owned(_)));
    assert!(matches!(property.schema.title, Some(Cow::Owned(_))));
}

// ---------------------------------------------------------------------------
// Round trips of what the derive can emit.

const ROUND_TRIP_OPTIONS: &[EnumOption] = &[
    EnumOption::new("red", Some("Red")),
    EnumOption::new("green", None),
    EnumOption::new("blue", Some("Deep blue")),
];
const UNTITLED_OPTIONS: &[EnumOption] = &[EnumOption::new("a", None), EnumOption::new("b", None)];
const TITLED_OPTIONS: &[EnumOption] = &[
    EnumOption::new("yes", Some("Yes, please")),
    EnumOption::new("no", Some("No, thanks")),
];

const DERIVED: &[Property] = &[
    FieldSpec::STRING
        .title("Name")
        .description("Your full name")
        .min_length(1, "")
        .max_length(64, "")
        .into_property("name", true),
    FieldSpec::STRING
        .format(Format::Email, "")
        .into_property("email", true),
    FieldSpec::STRING
        .format(Format::Uri, "")
        .into_property("homepage", false),
    FieldSpec::STRING
        .format(Format::Date, "")
        .into_property("birthday", false),
    FieldSpec::STRING
        .format(Format::DateTime, "")
        .into_property("meeting", false),
    FieldSpec::integer(0, 255).into_property("age", false),
    FieldSpec::integer(i64::MIN as i128, i64::MAX as i128).into_property("big", false),
    FieldSpec::integer(0, u64::MAX as i128).into_property("unsigned", false),
    FieldSpec::integer(-128, 127)
        .minimum(Num::Int(-5), MSGS)
        .maximum(Num::Int(5), MSGS)
        .into_property("small", true),
    FieldSpec::float(f64::MAX)
        .minimum(Num::Float(0.5), MSGS)
        .maximum(Num::Float(99.75), MSGS)
        .into_property("ratio", false),
    FieldSpec::float(f64::MAX)
        .minimum(Num::Float(3.0), MSGS)
        .into_property("whole_float", false),
    FieldSpec::BOOLEAN
        .default_bool(true, "")
        .title("Agree")
        .into_property("agree", true),
    FieldSpec::BOOLEAN.into_property("subscribe", false),
    FieldSpec::choice(ROUND_TRIP_OPTIONS)
        .title("Colour")
        .into_property("colour", true),
    FieldSpec::choice(UNTITLED_OPTIONS).into_property("letter", false),
    FieldSpec::choice(TITLED_OPTIONS).into_property("answer", false),
];

#[test]
fn derived_schemas_round_trip() {
    let schema = form(DERIVED);
    let parsed = parse(&schema.to_json());
    assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
    assert_eq!(parsed.schema, schema);
    // And through the text that is sent.
    let text: Value = serde_json::from_str(&schema.to_json_string()).unwrap();
    assert_eq!(parse(&text).schema, schema);
}

#[test]
fn each_derived_property_round_trips_alone() {
    for property in DERIVED {
        let schema = FormSchema {
            properties: Cow::Owned(vec![property.clone()]),
        };
        assert_eq!(parse(&schema.to_json()).schema, schema, "{}", property.name);
    }
}

#[test]
fn empty_form_round_trips() {
    let schema = form(&[]);
    assert_eq!(
        schema.to_json(),
        json!({ "type": "object", "properties": {} })
    );
    assert_eq!(parse(&schema.to_json()).schema, schema);
}

#[test]
fn defaults_of_later_revisions_round_trip() {
    const STATUS: &[EnumOption] = &[
        EnumOption::new("active", None),
        EnumOption::new("inactive", None),
        EnumOption::new("pending", None),
    ];
    let schema = FormSchema {
        properties: Cow::Owned(vec![
            FieldSpec::STRING
                .min_length(2, "")
                .default_str("John Doe", "")
                .into_property("name", true),
            FieldSpec::integer(i64::MIN as i128, i64::MAX as i128)
                .minimum(Num::Int(0), MSGS)
                .default_num(Num::Int(30), "")
                .into_property("age", false),
            FieldSpec::float(f64::MAX)
                .default_num(Num::Float(95.5), "")
                .into_property("score", false),
            FieldSpec::choice(STATUS)
                .default_str("active", "")
                .into_property("status", false),
            FieldSpec::BOOLEAN
                .default_bool(true, "")
                .into_property("verified", false),
        ]),
    };
    let parsed = parse(&schema.to_json());
    assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
    assert_eq!(parsed.schema, schema);
}

#[test]
fn property_order_is_kept() {
    let parsed = parse(&json!({
        "type": "object",
        "properties": {
            "zeta": { "type": "string" },
            "alpha": { "type": "boolean" },
            "mid": { "type": "number" },
            "beta": { "type": "integer" }
        },
        "required": ["mid", "zeta"]
    }));
    let names: Vec<&str> = parsed.schema.properties.iter().map(|p| &*p.name).collect();
    assert_eq!(names, ["zeta", "alpha", "mid", "beta"]);
    // `required` is written in property order.
    assert_eq!(
        parsed.schema.required().collect::<Vec<_>>(),
        ["zeta", "mid"]
    );
}

// ---------------------------------------------------------------------------
// What is read, and how.

#[test]
fn whole_float_lengths_are_read_as_integers() {
    let schema = parse(&one(
        json!({ "type": "string", "minLength": 3.0, "maxLength": 1e3 }),
    ))
    .schema;
    let Kind::String(rules) = &schema.properties[0].schema.kind else {
        panic!("{schema:?}")
    };
    assert_eq!((rules.min_length, rules.max_length), (Some(3), Some(1000)));
    let zero = parse(&one(json!({ "type": "string", "maxLength": -0.0 }))).schema;
    let Kind::String(rules) = &zero.properties[0].schema.kind else {
        panic!("{zero:?}")
    };
    assert_eq!(rules.max_length, Some(0));
    let max = parse(&one(json!({ "type": "string", "maxLength": u64::MAX }))).schema;
    let Kind::String(rules) = &max.properties[0].schema.kind else {
        panic!("{max:?}")
    };
    assert_eq!(rules.max_length, Some(u64::MAX));
}

#[test]
fn bounds_keep_exact_integers_and_fractions() {
    let schema = parse(&one(json!({
        "type": "integer",
        "minimum": i64::MIN,
        "maximum": u64::MAX
    })))
    .schema;
    let Kind::Number(rules) = &schema.properties[0].schema.kind else {
        panic!("{schema:?}")
    };
    assert!(rules.integer);
    assert_eq!(rules.minimum, Some(Num::Int(i128::from(i64::MIN))));
    assert_eq!(rules.maximum, Some(Num::Int(i128::from(u64::MAX))));
    // A fractional bound on an integer is meaningful, so it is kept.
    let schema = parse(&one(
        json!({ "type": "integer", "minimum": 0.5, "maximum": 0.5 }),
    ))
    .schema;
    let Kind::Number(rules) = &schema.properties[0].schema.kind else {
        panic!("{schema:?}")
    };
    assert_eq!(rules.minimum, Some(Num::Float(0.5)));
}

#[test]
fn equal_bounds_and_lengths_are_allowed() {
    parse(&one(
        json!({ "type": "number", "minimum": 5, "maximum": 5.0 }),
    ));
    parse(&one(
        json!({ "type": "string", "minLength": 4, "maxLength": 4 }),
    ));
}

#[test]
fn enum_names_equal_to_their_value_are_no_title() {
    let schema = parse(&one(json!({
        "type": "string",
        "enum": ["a", "b"],
        "enumNames": ["a", "Bee"]
    })))
    .schema;
    let Kind::Enum(rules) = &schema.properties[0].schema.kind else {
        panic!("{schema:?}")
    };
    assert_eq!(rules.options[0].title, None);
    assert_eq!(rules.options[1].title.as_deref(), Some("Bee"));
    // Written back, the untitled value is its own title again.
    assert_eq!(
        schema.to_json()["properties"]["a"]["enumNames"],
        json!(["a", "Bee"])
    );
}

#[test]
fn defaults_are_read_on_every_kind() {
    let parsed = parse(&json!({
        "type": "object",
        "properties": {
            "name": { "type": "string", "default": "John Doe" },
            "age": { "type": "integer", "default": 30.0 },
            "score": { "type": "number", "default": 95.5 },
            "status": { "type": "string", "enum": ["active", "inactive"], "default": "active" },
            "verified": { "type": "boolean", "default": true }
        }
    }));
    let kinds: Vec<&Kind> = parsed
        .schema
        .properties
        .iter()
        .map(|p| &p.schema.kind)
        .collect();
    assert!(matches!(kinds[0], Kind::String(r) if r.default.as_deref() == Some("John Doe")));
    assert!(matches!(kinds[1], Kind::Number(r) if r.default == Some(Num::Int(30))));
    assert!(matches!(kinds[2], Kind::Number(r) if r.default == Some(Num::Float(95.5))));
    assert!(matches!(kinds[3], Kind::Enum(r) if r.default.as_deref() == Some("active")));
    assert!(matches!(kinds[4], Kind::Boolean(r) if r.default == Some(true)));
}

#[test]
fn defaults_within_the_rules_are_accepted() {
    parse(&one(
        json!({ "type": "string", "minLength": 2, "maxLength": 3, "default": "héé" }),
    ));
    parse(&one(
        json!({ "type": "string", "format": "date", "default": "2024-02-29" }),
    ));
    parse(&one(
        json!({ "type": "number", "minimum": 1, "maximum": 2, "default": 1.5 }),
    ));
}

#[test]
fn pointers_escape_names() {
    let error = error(&json!({
        "type": "object",
        "properties": { "a/b~c": { "type": "null" } }
    }));
    assert_eq!(error.path(), "/properties/a~1b~0c/type");
}

#[test]
fn empty_names_are_properties_too() {
    let parsed = parse(&json!({
        "type": "object",
        "properties": { "": { "type": "string" } },
        "required": [""]
    }));
    assert!(parsed.schema.properties[0].required);
    let error = error(&json!({ "type": "object", "properties": { "": { "type": 1 } } }));
    assert_eq!(error.path(), "/properties//type");
}

// ---------------------------------------------------------------------------
// Errors: one case per kind, with its path.

/// The position of every kind; a new kind fails to compile here until it is
/// listed, and then fails `every_kind_has_a_case` until it has a case.
fn index(kind: K) -> usize {
    match kind {
        K::NotAnObject => 0,
        K::RootType => 1,
        K::MissingProperties => 2,
        K::NestedObject => 3,
        K::Array => 4,
        K::Ref => 5,
        K::Composition => 6,
        K::MissingType => 7,
        K::UnknownType => 8,
        K::EnumNotString => 9,
        K::WrongKeyType => 10,
        K::RequiredUnknown => 11,
        K::RequiredNotArray => 12,
        K::DuplicateRequired => 13,
        K::EnumNamesLength => 14,
        K::EmptyEnum => 15,
        K::DuplicateEnumValue => 16,
        K::MinAboveMax => 17,
        K::MinLengthAboveMaxLength => 18,
        K::BadFormat => 19,
        K::BadDefault => 20,
        K::DefaultViolation => 21,
        K::NegativeLength => 22,
        K::ConflictingOptions => 23,
        K::MissingConst => 24,
        K::MinItemsAboveMaxItems => 25,
        other => panic!("`{other:?}` has no position: list it in `index` and raise `KINDS`"),
    }
}
const KINDS: usize = 26;

/// Every error case: those of 2025-06-18's shapes, then those of the
/// shapes later revisions add.
fn error_cases() -> Vec<(Value, K, &'static str)> {
    let mut cases = error_cases_2025_06_18();
    cases.extend(v2025_11_25::error_cases());
    cases
}

fn error_cases_2025_06_18() -> Vec<(Value, K, &'static str)> {
    let root = |properties: Value, required: Value| json!({ "type": "object", "properties": properties, "required": required });
    vec![
        (json!([]), K::NotAnObject, ""),
        (json!("schema"), K::NotAnObject, ""),
        (json!(null), K::NotAnObject, ""),
        (one(json!("string")), K::NotAnObject, "/properties/a"),
        (one(json!(null)), K::NotAnObject, "/properties/a"),
        (json!({ "properties": {} }), K::RootType, "/type"),
        (
            json!({ "type": "array", "properties": {} }),
            K::RootType,
            "/type",
        ),
        (
            json!({ "type": ["object"], "properties": {} }),
            K::RootType,
            "/type",
        ),
        (json!({ "type": "object" }), K::MissingProperties, ""),
        (
            json!({ "type": "object", "properties": [] }),
            K::WrongKeyType,
            "/properties",
        ),
        (
            one(json!({ "type": "object", "properties": { "b": { "type": "string" } } })),
            K::NestedObject,
            "/properties/a/type",
        ),
        (
            one(json!({ "type": "array", "items": { "type": "integer" } })),
            K::Array,
            "/properties/a/items/type",
        ),
        (
            one(json!({ "$ref": "#/$defs/Colour" })),
            K::Ref,
            "/properties/a/$ref",
        ),
        (
            one(json!({ "type": "string", "$ref": "#/$defs/Colour" })),
            K::Ref,
            "/properties/a/$ref",
        ),
        (
            json!({ "$ref": "#/$defs/Form", "type": "object", "properties": {} }),
            K::Ref,
            "/$ref",
        ),
        (
            one(json!({ "anyOf": [{ "type": "string" }, { "type": "null" }] })),
            K::Composition,
            "/properties/a/anyOf",
        ),
        (
            one(json!({ "type": "number", "oneOf": [{ "const": "x", "title": "X" }] })),
            K::Composition,
            "/properties/a/oneOf",
        ),
        (
            one(json!({ "allOf": [{ "type": "string" }] })),
            K::Composition,
            "/properties/a/allOf",
        ),
        (
            json!({ "type": "object", "properties": {}, "anyOf": [] }),
            K::Composition,
            "/anyOf",
        ),
        (
            one(json!({ "enum": ["x"] })),
            K::MissingType,
            "/properties/a",
        ),
        (one(json!({})), K::MissingType, "/properties/a"),
        (
            one(json!({ "type": "null" })),
            K::UnknownType,
            "/properties/a/type",
        ),
        (
            one(json!({ "type": ["string", "null"] })),
            K::UnknownType,
            "/properties/a/type",
        ),
        (
            one(json!({ "type": "String" })),
            K::UnknownType,
            "/properties/a/type",
        ),
        (
            one(json!({ "type": 1 })),
            K::UnknownType,
            "/properties/a/type",
        ),
        (
            one(json!({ "type": "integer", "enum": [1, 2] })),
            K::EnumNotString,
            "/properties/a/enum",
        ),
        (
            one(json!({ "type": "boolean", "enum": [true] })),
            K::EnumNotString,
            "/properties/a/enum",
        ),
        (
            one(json!({ "type": "string", "title": 5 })),
            K::WrongKeyType,
            "/properties/a/title",
        ),
        (
            one(json!({ "type": "string", "description": null })),
            K::WrongKeyType,
            "/properties/a/description",
        ),
        (
            one(json!({ "type": "string", "enum": "x" })),
            K::WrongKeyType,
            "/properties/a/enum",
        ),
        (
            one(json!({ "type": "string", "enum": ["x", 3] })),
            K::WrongKeyType,
            "/properties/a/enum/1",
        ),
        (
            one(json!({ "type": "string", "enum": ["x"], "enumNames": "X" })),
            K::WrongKeyType,
            "/properties/a/enumNames",
        ),
        (
            one(json!({ "type": "string", "enum": ["x", "y"], "enumNames": ["X", null] })),
            K::WrongKeyType,
            "/properties/a/enumNames/1",
        ),
        (
            one(json!({ "type": "string", "format": 5 })),
            K::WrongKeyType,
            "/properties/a/format",
        ),
        (
            one(json!({ "type": "number", "minimum": "18" })),
            K::WrongKeyType,
            "/properties/a/minimum",
        ),
        (
            one(json!({ "type": "integer", "maximum": [] })),
            K::WrongKeyType,
            "/properties/a/maximum",
        ),
        (
            one(json!({ "type": "string", "minLength": "3" })),
            K::WrongKeyType,
            "/properties/a/minLength",
        ),
        (
            one(json!({ "type": "string", "maxLength": 2.5 })),
            K::WrongKeyType,
            "/properties/a/maxLength",
        ),
        (
            one(json!({ "type": "string", "maxLength": 1e300 })),
            K::WrongKeyType,
            "/properties/a/maxLength",
        ),
        (
            json!({ "$schema": 2020, "type": "object", "properties": {} }),
            K::WrongKeyType,
            "/$schema",
        ),
        (
            root(json!({ "name": { "type": "string" } }), json!(["nmae"])),
            K::RequiredUnknown,
            "/required/0",
        ),
        (
            root(json!({}), json!(["a"])),
            K::RequiredUnknown,
            "/required/0",
        ),
        (
            root(json!({ "name": { "type": "string" } }), json!("name")),
            K::RequiredNotArray,
            "/required",
        ),
        (
            root(json!({ "name": { "type": "string" } }), json!(["name", 5])),
            K::RequiredNotArray,
            "/required/1",
        ),
        (
            root(json!({ "a": { "type": "string" } }), json!(["a", "a"])),
            K::DuplicateRequired,
            "/required/1",
        ),
        (
            one(json!({ "type": "string", "enum": ["x", "y"], "enumNames": ["X"] })),
            K::EnumNamesLength,
            "/properties/a/enumNames",
        ),
        (
            one(json!({ "type": "string", "enumNames": ["X", "Y"], "enum": ["x"] })),
            K::EnumNamesLength,
            "/properties/a/enumNames",
        ),
        (
            one(json!({ "type": "string", "enum": [] })),
            K::EmptyEnum,
            "/properties/a/enum",
        ),
        (
            one(json!({ "type": "string", "enum": ["x", "y", "x"] })),
            K::DuplicateEnumValue,
            "/properties/a/enum/2",
        ),
        (
            one(json!({ "type": "number", "minimum": 10, "maximum": 5 })),
            K::MinAboveMax,
            "/properties/a/minimum",
        ),
        (
            one(json!({ "type": "integer", "maximum": 1.5, "minimum": 1.75 })),
            K::MinAboveMax,
            "/properties/a/minimum",
        ),
        (
            one(json!({ "type": "string", "minLength": 5, "maxLength": 3 })),
            K::MinLengthAboveMaxLength,
            "/properties/a/minLength",
        ),
        (
            one(json!({ "type": "string", "format": "phone" })),
            K::BadFormat,
            "/properties/a/format",
        ),
        (
            one(json!({ "type": "string", "format": "Email" })),
            K::BadFormat,
            "/properties/a/format",
        ),
        (
            one(json!({ "type": "boolean", "default": "true" })),
            K::BadDefault,
            "/properties/a/default",
        ),
        (
            one(json!({ "type": "integer", "default": 2.5 })),
            K::BadDefault,
            "/properties/a/default",
        ),
        (
            one(json!({ "type": "number", "default": "5" })),
            K::BadDefault,
            "/properties/a/default",
        ),
        (
            one(json!({ "type": "string", "default": 5 })),
            K::BadDefault,
            "/properties/a/default",
        ),
        (
            one(json!({ "type": "string", "enum": ["x"], "default": 1 })),
            K::BadDefault,
            "/properties/a/default",
        ),
        (
            one(json!({ "type": "string", "enum": ["x", "y"], "default": "z" })),
            K::DefaultViolation,
            "/properties/a/default",
        ),
        (
            one(json!({ "type": "integer", "minimum": 18, "default": 12 })),
            K::DefaultViolation,
            "/properties/a/default",
        ),
        (
            one(json!({ "type": "number", "maximum": 1, "default": 1.5 })),
            K::DefaultViolation,
            "/properties/a/default",
        ),
        (
            one(json!({ "type": "string", "maxLength": 3, "default": "long" })),
            K::DefaultViolation,
            "/properties/a/default",
        ),
        (
            one(json!({ "type": "string", "minLength": 1, "default": "" })),
            K::DefaultViolation,
            "/properties/a/default",
        ),
        (
            one(json!({ "type": "string", "format": "email", "default": "nobody" })),
            K::DefaultViolation,
            "/properties/a/default",
        ),
        (
            one(json!({ "type": "string", "default": "ada\u{1b}[2J" })),
            K::DefaultViolation,
            "/properties/a/default",
        ),
        (
            one(json!({ "type": "string", "minLength": -1 })),
            K::NegativeLength,
            "/properties/a/minLength",
        ),
        (
            one(json!({ "type": "string", "maxLength": -5.0 })),
            K::NegativeLength,
            "/properties/a/maxLength",
        ),
        (
            one(json!({ "type": "string", "maxLength": -1e300 })),
            K::NegativeLength,
            "/properties/a/maxLength",
        ),
    ]
}

#[test]
fn every_error_case_has_its_kind_and_path() {
    for (schema, kind, path) in error_cases() {
        let error = error(&schema);
        assert_eq!(
            (error.kind(), error.path()),
            (kind, path),
            "{schema}: {error}"
        );
    }
}

#[test]
fn every_kind_has_a_case() {
    let covered: HashSet<usize> = error_cases()
        .into_iter()
        .map(|(_, k, _)| index(k))
        .collect();
    let missing: Vec<usize> = (0..KINDS).filter(|i| !covered.contains(i)).collect();
    assert!(missing.is_empty(), "kinds without a case: {missing:?}");
}

#[test]
fn messages_are_well_formed() {
    for (schema, _, _) in error_cases() {
        let error = error(&schema);
        let text = error.to_string();
        let message = error.message();
        assert!(text.starts_with("invalid `requestedSchema`"), "{text}");
        assert!(text.ends_with(message), "{text}");
        assert!(!message.ends_with('.'), "{text}");
        assert!(!message.starts_with(char::is_uppercase), "{text}");
        assert_eq!(message.matches('`').count() % 2, 0, "{text}");
        if error.path().is_empty() {
            assert!(text.starts_with("invalid `requestedSchema`: "), "{text}");
        } else {
            let at = format!("invalid `requestedSchema` at `{}`: ", error.path());
            assert!(text.starts_with(&at), "{text}");
        }
    }
}

#[test]
fn messages_say_what_is_allowed() {
    let text = |schema: Value| error(&schema).to_string();
    assert_eq!(
        text(json!([1])),
        "invalid `requestedSchema`: the schema must be a JSON object with \
         `type: \"object\"` and `properties`, found an array"
    );
    assert_eq!(
        text(one(json!({ "type": ["string", "null"] }))),
        "invalid `requestedSchema` at `/properties/a/type`: `type` must be `string`, \
         `number`, `integer` or `boolean`, or `array` for a multi-select, found an array (an \
         optional field is the plain schema left out of `required`, not a list of types)"
    );
    assert_eq!(
        text(one(json!({ "type": "string", "format": "phone" }))),
        "invalid `requestedSchema` at `/properties/a/format`: `format` must be `email`, \
         `uri`, `date` or `date-time`, found the string `\"phone\"`"
    );
    assert_eq!(
        text(json!({ "type": "object", "properties": {}, "required": ["nmae"] })),
        "invalid `requestedSchema` at `/required/0`: `required` lists `nmae`, which is \
         not in `properties`; list only names of properties"
    );
    assert_eq!(
        text(one(
            json!({ "type": "number", "minimum": 10, "maximum": 5.5 })
        )),
        "invalid `requestedSchema` at `/properties/a/minimum`: `minimum` (10) is above \
         `maximum` (5.5); no number could satisfy both, so `minimum` must be at most \
         `maximum`"
    );
    assert_eq!(
        text(one(
            json!({ "type": "string", "enum": ["x", "y"], "enumNames": ["X"] })
        )),
        "invalid `requestedSchema` at `/properties/a/enumNames`: `enumNames` has 1 title \
         but `enum` has 2 values; give one title per value, in the same order"
    );
    assert_eq!(
        text(one(
            json!({ "type": "integer", "minimum": 18, "default": 12 })
        )),
        "invalid `requestedSchema` at `/properties/a/default`: `default` must be at least 18"
    );
    assert_eq!(
        text(one(
            json!({ "type": "string", "enum": ["x", "y"], "default": "z" })
        )),
        "invalid `requestedSchema` at `/properties/a/default`: `default` must be one of \
         `x`, `y`"
    );
    assert_eq!(
        text(one(json!({ "type": "string", "minLength": -1 }))),
        "invalid `requestedSchema` at `/properties/a/minLength`: `minLength` must be 0 or \
         more, found `-1`"
    );
    assert_eq!(
        text(one(
            json!({ "anyOf": [{ "type": "string" }, { "type": "null" }] })
        )),
        "invalid `requestedSchema` at `/properties/a/anyOf`: `anyOf` is not allowed on a \
         property: a property has one primitive `type` (an optional field is the plain \
         schema left out of `required`, and the titled options of a multi-select go in \
         `items.anyOf`)"
    );
}

#[test]
fn messages_escape_control_characters_and_cut_long_strings() {
    let error = error(&json!({
        "type": "object",
        "properties": { "a\nb": { "type": "string" } },
        "required": ["x\ny"]
    }));
    assert_eq!(error.path(), "/required/0");
    assert!(error.to_string().contains("`x\\ny`"), "{error}");
    assert!(!error.to_string().contains('\n'), "{error}");
    let error = self::error(&json!({
        "type": "object",
        "properties": { "a\u{1b}": { "type": "null" } }
    }));
    assert_eq!(error.path(), "/properties/a\u{1b}/type");
    assert!(!error.to_string().contains('\u{1b}'), "{error}");
    let long = "é".repeat(10_000);
    let error = self::error(&one(json!({ "type": long })));
    assert!(error.to_string().len() < 300, "{error}");
}

#[test]
fn first_problem_wins() {
    // Document order among keywords of one property.
    let error = error(&one(
        json!({ "type": "string", "title": 1, "minLength": -1 }),
    ));
    assert_eq!(error.kind(), K::WrongKeyType);
    // Properties before `required`, in order.
    let error = self::error(&json!({
        "type": "object",
        "required": ["nope"],
        "properties": { "a": { "type": "string" }, "b": { "type": "null" } }
    }));
    assert_eq!(error.path(), "/properties/b/type");
}

#[test]
fn jsonrpc_code_is_invalid_params() {
    assert_eq!(SchemaError::JSONRPC_CODE, -32602);
}

#[test]
fn schema_error_is_an_error() {
    let error: Box<dyn std::error::Error> = Box::new(error(&json!(1)));
    assert!(error.to_string().starts_with("invalid `requestedSchema`"));
}

// ---------------------------------------------------------------------------
// Warnings.

fn warnings(value: &Value) -> Vec<(String, String)> {
    parse(value)
        .warnings
        .into_iter()
        .map(|w| (w.path().to_owned(), w.message().to_owned()))
        .collect()
}

#[test]
fn schema_keyword_is_no_warning() {
    let found = warnings(&json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {}
    }));
    assert_eq!(found, []);
}

#[test]
fn top_level_title_and_description_are_warnings() {
    let parsed = parse(&json!({
        "type": "object",
        "title": "Contact",
        "description": "Your details",
        "properties": { "name": { "type": "string" } }
    }));
    let paths: Vec<&str> = parsed.warnings.iter().map(|w| w.path()).collect();
    assert_eq!(paths, ["/title", "/description"]);
    assert_eq!(
        parsed.warnings[0].to_string(),
        "at `/title`: a top-level `title` is not part of `requestedSchema`, which has only \
         `type`, `properties` and `required`; ignored (some clients reject it)"
    );
    // The schema is unchanged, and written back without them.
    assert_eq!(
        parsed.schema.to_json(),
        json!({ "type": "object", "properties": { "name": { "type": "string" } } })
    );
}

#[test]
fn unknown_root_keywords_are_warnings() {
    let found = warnings(&json!({
        "type": "object",
        "properties": {},
        "additionalProperties": false,
        "$defs": {}
    }));
    let paths: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(paths, ["/additionalProperties", "/$defs"]);
    assert_eq!(
        found[0].1,
        "`additionalProperties` is not part of `requestedSchema`, which has only `type`, \
         `properties` and `required`; ignored"
    );
}

#[test]
fn unknown_property_keywords_are_warnings() {
    let parsed = parse(&json!({
        "type": "object",
        "properties": {
            "code": {
                "type": "string",
                "pattern": "^[0-9]+$",
                "examples": ["123"],
                "x-widget": "otp",
                "minimum": 3,
                "default": null
            },
            "colour": { "type": "string", "enum": ["red"], "format": "email", "maxLength": 3 },
            "plain": { "type": "string", "enumNames": ["X"] },
            "count": { "type": "integer", "minLength": 1, "exclusiveMinimum": 0 }
        }
    }));
    let found: Vec<(&str, &str)> = parsed
        .warnings
        .iter()
        .map(|w| (w.path(), w.message()))
        .collect();
    assert_eq!(
        found,
        [
            (
                "/properties/code/pattern",
                "`pattern` is not part of the elicitation schema subset; ignored, so values \
                 are not checked against it"
            ),
            (
                "/properties/code/examples",
                "`examples` is not part of the elicitation schema subset; ignored"
            ),
            (
                "/properties/code/x-widget",
                "`x-widget` is not part of the elicitation schema subset; ignored"
            ),
            (
                "/properties/code/minimum",
                "`minimum` applies only to `number` and `integer` properties; ignored"
            ),
            (
                "/properties/code/default",
                "`default: null` is read as no default"
            ),
            (
                "/properties/colour/format",
                "`format` applies only to free-text `string` properties (without `enum`); \
                 ignored (an `enum` allows only its values)"
            ),
            (
                "/properties/colour/maxLength",
                "`maxLength` applies only to free-text `string` properties (without `enum`); \
                 ignored (an `enum` allows only its values)"
            ),
            (
                "/properties/plain/enumNames",
                "`enumNames` applies only to `string` properties with `enum`; ignored"
            ),
            (
                "/properties/count/minLength",
                "`minLength` applies only to free-text `string` properties (without `enum`); \
                 ignored"
            ),
            (
                "/properties/count/exclusiveMinimum",
                "`exclusiveMinimum` is not part of the elicitation schema subset; ignored, so \
                 values are not checked against it"
            ),
        ]
    );
    // Ignored keywords leave the schema as if they were absent.
    let Kind::String(rules) = &parsed.schema.properties[0].schema.kind else {
        panic!("{:?}", parsed.schema)
    };
    assert_eq!(rules, &StringRules::default());
    assert_eq!(
        parsed.schema.to_json()["properties"]["code"],
        json!({ "type": "string" })
    );
}

#[test]
fn warnings_display_with_their_path() {
    let parsed = parse(&one(json!({ "type": "boolean", "const": true })));
    for warning in &parsed.warnings {
        let text = warning.to_string();
        assert!(
            text.starts_with(&format!("at `{}`: ", warning.path())),
            "{text}"
        );
        assert!(!text.ends_with('.'), "{text}");
    }
}

// ---------------------------------------------------------------------------
// Serde.

#[test]
fn deserialize_reads_and_reports() {
    let schema: FormSchema = serde_json::from_value(spec_examples()[1].clone()).unwrap();
    assert_eq!(schema, parse(&spec_examples()[1]).schema);
    // Warnings are dropped.
    let schema: FormSchema = serde_json::from_str(
        r#"{"$schema":"x","type":"object","properties":{"a":{"type":"string","pattern":"."}}}"#,
    )
    .unwrap();
    assert_eq!(schema.properties.len(), 1);
    let error = serde_json::from_value::<FormSchema>(one(json!({ "type": "null" }))).unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid `requestedSchema` at `/properties/a/type`: `type` must be `string`, `number`, \
         `integer` or `boolean`, or `array` for a multi-select, found the string `\"null\"`"
    );
}

#[test]
fn request_params_deserialize_with_their_schema() {
    let params = json!({
        "message": "Please provide your contact information",
        "requestedSchema": spec_examples()[1],
        "_meta": { "k": 1 }
    });
    let typed: FormRequest = serde_json::from_value(params.clone()).unwrap();
    assert_eq!(typed.message, "Please provide your contact information");
    assert_eq!(typed.requested_schema, parse(&spec_examples()[1]).schema);
    assert_eq!(serde_json::to_value(&typed).unwrap(), params);
    let bad = json!({ "message": "m", "requestedSchema": { "type": "object" } });
    let error = serde_json::from_value::<FormRequest>(bad).unwrap_err();
    assert!(
        error.to_string().contains("the root has no `properties`"),
        "{error}"
    );
}

// ---------------------------------------------------------------------------
// Hostile input.

/// A JSON value `depth` levels deep, built without recursion.
pub(crate) fn nested(depth: usize, wrap: fn(Value) -> Value) -> Value {
    let mut value = json!("core");
    for _ in 0..depth {
        value = wrap(value);
    }
    value
}

#[test]
fn deep_nesting_is_rejected_at_the_first_level() {
    // Deeper values are fine for the parser, but building and dropping them
    // recurses in `serde_json` (whose text parser stops at 128 levels).
    let depth = 500;
    let cases = [
        (
            one(nested(
                depth,
                |v| json!({ "type": "object", "properties": { "b": v } }),
            )),
            "/properties/a/type",
        ),
        (
            one(json!({ "type": "string", "enum": nested(depth, |v| json!([v])) })),
            "/properties/a/enum/0",
        ),
        (
            one(json!({ "type": "string", "title": nested(depth, |v| json!([v])) })),
            "/properties/a/title",
        ),
        (
            json!({ "type": "object", "properties": nested(depth, |v| json!({ "x": v })) }),
            "/properties/x",
        ),
        (nested(depth, |v| json!([v])), ""),
        (
            json!({ "type": "object", "properties": {}, "required": nested(depth, |v| json!([v])) }),
            "/required/0",
        ),
    ];
    for (schema, path) in cases {
        assert_eq!(error(&schema).path(), path);
    }
    // Deep annotations that are only ignored are not looked into either.
    let parsed = parse(&json!({
        "type": "object",
        "x": nested(depth, |v| json!({ "x": v })),
        "properties": { "a": { "type": "string", "examples": nested(depth, |v| json!([v])) } }
    }));
    assert_eq!(parsed.warnings.len(), 2);
}

#[test]
fn large_input_is_read_in_linear_time() {
    let n = 100_000;
    let mut properties = serde_json::Map::new();
    let mut required = Vec::new();
    for i in 0..n {
        properties.insert(format!("p{i}"), json!({ "type": "string" }));
        required.push(json!(format!("p{i}")));
    }
    let parsed =
        parse(&json!({ "type": "object", "properties": properties, "required": required }));
    assert_eq!(parsed.schema.properties.len(), n);
    assert!(parsed.schema.properties.iter().all(|p| p.required));
    assert_eq!(parsed.schema.properties[n - 1].name, format!("p{}", n - 1));

    let values: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
    let mut repeated = values.clone();
    repeated.push("v0".to_owned());
    assert_eq!(
        error(&one(json!({ "type": "string", "enum": repeated }))).path(),
        format!("/properties/a/enum/{n}")
    );
    let parsed = parse(&one(json!({
        "type": "string",
        "enum": values,
        "enumNames": values,
        "default": format!("v{}", n - 1)
    })));
    assert!(
        matches!(&parsed.schema.properties[0].schema.kind, Kind::Enum(r) if r.options.len() == n)
    );
}

/// A small deterministic generator of odd values, for the no-panic test.
struct Odd(u64);

impl Odd {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[(self.next() as usize) % from.len()]
    }

    fn value(&mut self) -> Value {
        match self.next() % 16 {
            0 => Value::Null,
            1 => json!(self.next().is_multiple_of(2)),
            2 => json!(self.next() as i64 - (1 << 30)),
            3 => json!(-1),
            4 => json!(2.5),
            5 => json!(1e300),
            6 => json!(u64::MAX),
            7 => json!(self.pick(&[
                "string", "number", "integer", "boolean", "object", "", "email", "é\n"
            ])),
            8 => json!([self.pick(&["a", "b", "a"]), self.pick(&["a", "b"])]),
            9 => json!([]),
            10 => json!({}),
            11 => json!([1, "x", null]),
            12 => json!([
                { "const": self.pick(&["a", "b"]), "title": self.pick(&["A", "a", ""]) },
                { "const": self.pick(&["a", "b", "c"]) }
            ]),
            13 => json!({
                "type": self.pick(&["string", "string", "number"]),
                "enum": [self.pick(&["a", "b"]), self.pick(&["b", "c"])]
            }),
            14 => json!({
                "anyOf": [
                    { "const": self.pick(&["a", "b"]), "title": self.pick(&["A", "b"]) },
                    { "const": "c", "title": self.pick(&["C", "c"]), "x": 1 }
                ]
            }),
            _ => json!([self.pick(&["a", "b", "c"]), self.pick(&["a", "c"])]),
        }
    }
}

/// `count` odd schemas from the generator seeded with `seed`: a root with
/// a property `a` (odd keywords, often over a valid property of some
/// shape) and `b` (a valid property or an odd value), sometimes with odd
/// `required` and an odd root keyword.
pub(crate) fn odd_schemas(seed: u64, count: usize) -> Vec<Value> {
    let keywords = [
        "type",
        "title",
        "description",
        "enum",
        "enumNames",
        "minLength",
        "maxLength",
        "format",
        "minimum",
        "maximum",
        "default",
        "$ref",
        "anyOf",
        "oneOf",
        "pattern",
        "items",
        "minItems",
        "maxItems",
        "uniqueItems",
        "properties",
        "required",
        "$schema",
    ];
    // Valid properties of every shape, which the keywords below perturb.
    let templates = [
        json!({ "type": "string", "enum": ["a", "b"], "enumNames": ["A", "b"] }),
        json!({ "type": "string", "oneOf": [{ "const": "a", "title": "A" }, { "const": "b", "title": "b" }] }),
        json!({ "type": "array", "items": { "type": "string", "enum": ["a", "b", "c"] } }),
        json!({ "type": "array", "items": { "anyOf": [{ "const": "a", "title": "A" }, { "const": "c", "title": "C" }] } }),
        json!({ "type": "string", "minLength": 1 }),
    ];
    let mut odd = Odd(seed);
    let mut schemas = Vec::with_capacity(count);
    for _ in 0..count {
        let mut property = serde_json::Map::new();
        if odd.next().is_multiple_of(2) {
            let template = &templates[(odd.next() as usize) % templates.len()];
            property.extend(
                template
                    .as_object()
                    .into_iter()
                    .flatten()
                    .map(|(k, v)| (k.clone(), v.clone())),
            );
        }
        for _ in 0..(odd.next() % 6) {
            property.insert(odd.pick(&keywords).to_owned(), odd.value());
        }
        if property.is_empty() || odd.next().is_multiple_of(4) {
            let ty = odd.pick(&["string", "number", "integer", "boolean", "array"]);
            property.insert("type".to_owned(), json!(ty));
        }
        let other = if odd.next().is_multiple_of(2) {
            templates[(odd.next() as usize) % templates.len()].clone()
        } else {
            odd.value()
        };
        let mut root = serde_json::Map::new();
        root.insert("type".to_owned(), json!("object"));
        root.insert(
            "properties".to_owned(),
            json!({ "a": property, "b": other }),
        );
        if odd.next().is_multiple_of(3) {
            root.insert("required".to_owned(), odd.value());
        }
        if odd.next().is_multiple_of(5) {
            root.insert(odd.pick(&keywords).to_owned(), odd.value());
        }
        schemas.push(Value::Object(root));
    }
    schemas
}

#[test]
fn never_panics_on_odd_schemas() {
    let mut accepted = 0;
    for root in odd_schemas(7, 20_000) {
        match FormSchema::parse(&root) {
            Ok(parsed) => {
                accepted += 1;
                // Whatever is accepted is written back and read again alike.
                assert_eq!(
                    parse(&parsed.schema.to_json()).schema,
                    parsed.schema,
                    "{root}"
                );
            }
            Err(error) => {
                assert!(!error.message().is_empty());
                assert!(!error.message().ends_with('.'), "{error}");
            }
        }
    }
    assert!(accepted > 0);
}
