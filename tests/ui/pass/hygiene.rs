//! The generated code names nothing from the caller's scope: it compiles with
//! `#![deny(warnings)]`, in a `#[no_implicit_prelude]` module among items that shadow
//! the prelude and the runtime's names, and with fields named like the
//! generated code's own locals.
#![deny(warnings)]

#[no_implicit_prelude]
mod shadowing {
    #![allow(dead_code)]

    use ::elicit_runtime::Elicitable;

    pub struct Result;
    pub struct Option;
    pub struct Some;
    pub struct None;
    pub struct Ok;
    pub struct Err;
    pub struct Default;
    pub struct Box;
    pub struct Vec;
    pub struct String;
    pub struct Cow;
    pub struct Value;
    pub struct Map;
    pub trait ElicitField {}
    pub trait Sized {}
    pub trait Into {}
    pub trait Iterator {}
    pub trait ElicitChoice {}
    pub struct Revision;
    #[allow(non_camel_case_types)]
    pub struct str;
    #[allow(non_camel_case_types)]
    pub struct bool;
    pub mod core {}
    pub mod std {}
    pub mod elicit_runtime {}
    #[allow(non_upper_case_globals)]
    pub const spec: () = ();
    pub const DEFAULT: () = ();

    pub type Text = ::std::string::String;

    /// Shadowed names all around
    #[derive(
        ::core::fmt::Debug,
        ::core::cmp::PartialEq,
        ::core::cmp::Eq,
        ::core::cmp::PartialOrd,
        ::core::cmp::Ord,
        ::core::hash::Hash,
        Elicitable,
    )]
    pub enum Choice {
        #[elicit(title = "One")]
        First,
        Second,
    }

    #[derive(::core::fmt::Debug, ::core::cmp::PartialEq, Elicitable)]
    #[elicit(minimum = 1)]
    pub struct Count(pub u8);

    #[derive(::core::fmt::Debug, ::core::cmp::PartialEq, Elicitable)]
    #[elicit(deny_unknown_fields)]
    pub struct Form {
        /// The name
        #[elicit(min_length = 1, rename = "fullName")]
        pub full_name: Text,
        pub choice: Choice,
        pub count: ::core::option::Option<Count>,
        #[elicit(default = true)]
        pub agree: ::core::primitive::bool,
        // Fields named like the generated code's locals.
        pub __errors: ::core::primitive::u16,
        pub __schema: ::core::primitive::bool,
        pub __f0: ::core::primitive::f64,
        pub __value: ::core::primitive::i8,
    }

    // Multi-selects, every kind of default and a revision pin.
    #[derive(::core::fmt::Debug, ::core::cmp::PartialEq, Elicitable)]
    #[elicit(revision = "2025-11-25")]
    pub struct Picks {
        #[elicit(min_items = 1, max_items = 2, default = ["Second"])]
        pub many: ::std::vec::Vec<Choice>,
        pub set: ::core::option::Option<::std::collections::BTreeSet<Choice>>,
        #[elicit(default = "First", legacy_titles)]
        pub one: ::core::option::Option<Choice>,
        #[elicit(default = "Ada", max_length = 10)]
        pub name: ::core::option::Option<Text>,
        #[elicit(default = -2, minimum = -5)]
        pub level: ::core::option::Option<::core::primitive::i8>,
    }

    #[derive(Elicitable)]
    pub struct Generic<T> {
        pub value: T,
    }
}

fn main() {
    use elicit_runtime::Elicitable;

    let schema = shadowing::Form::SCHEMA
        .render(elicit_runtime::protocol::Revision::V2025_06_18)
        .unwrap()
        .to_json();
    assert_eq!(
        schema,
        serde_json::json!({
            "type": "object",
            "properties": {
                "fullName": { "type": "string", "description": "The name", "minLength": 1 },
                "choice": {
                    "type": "string",
                    "description": "Shadowed names all around",
                    "enum": ["First", "Second"],
                    "enumNames": ["One", "Second"]
                },
                "count": { "type": "integer", "minimum": 1, "maximum": 255 },
                "agree": { "type": "boolean", "default": true },
                "__errors": { "type": "integer", "minimum": 0, "maximum": 65535 },
                "__schema": { "type": "boolean" },
                "__f0": { "type": "number" },
                "__value": { "type": "integer", "minimum": -128, "maximum": 127 }
            },
            "required": ["fullName", "choice", "agree", "__errors", "__schema", "__f0", "__value"]
        })
    );
    let newest = shadowing::Form::SCHEMA.to_json();
    assert_eq!(
        newest["properties"]["choice"]["oneOf"],
        serde_json::json!([
            { "const": "First", "title": "One" },
            { "const": "Second", "title": "Second" }
        ])
    );
    let content = serde_json::json!({
        "fullName": "Ada", "choice": "Second", "count": 3, "agree": false,
        "__errors": 1, "__schema": true, "__f0": 0.5, "__value": -1
    });
    let form = shadowing::Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        shadowing::Form {
            full_name: "Ada".to_owned(),
            choice: shadowing::Choice::Second,
            count: Some(shadowing::Count(3)),
            agree: false,
            __errors: 1,
            __schema: true,
            __f0: 0.5,
            __value: -1,
        }
    );
    let content = serde_json::json!({ "many": ["First"], "set": ["Second", "First"] });
    let picks = shadowing::Picks::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        picks,
        shadowing::Picks {
            many: vec![shadowing::Choice::First],
            set: Some([shadowing::Choice::First, shadowing::Choice::Second].into()),
            one: Some(shadowing::Choice::First),
            name: Some("Ada".to_owned()),
            level: Some(-2),
        }
    );
    assert_eq!(
        shadowing::Picks::REVISION,
        Some(elicit_runtime::protocol::Revision::V2025_11_25)
    );
    let picks = shadowing::Picks::SCHEMA.to_json();
    assert_eq!(
        picks["properties"]["many"]["default"],
        serde_json::json!(["Second"])
    );
    assert_eq!(
        picks["properties"]["one"]["enumNames"],
        serde_json::json!(["One", "Second"])
    );
    assert_eq!(picks["properties"]["level"]["default"], -2);
    let generic = shadowing::Generic::<u8>::SCHEMA.to_json();
    assert_eq!(generic["properties"]["value"]["maximum"], 255);
}
