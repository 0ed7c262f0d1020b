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
    pub mod core {}
    pub mod std {}
    pub mod elicit_runtime {}
    #[allow(non_upper_case_globals)]
    pub const spec: () = ();

    pub type Text = ::std::string::String;

    /// Shadowed names all around
    #[derive(::core::fmt::Debug, ::core::cmp::PartialEq, Elicitable)]
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
        pub agree: bool,
        // Fields named like the generated code's locals.
        pub __errors: ::core::primitive::u16,
        pub __schema: ::core::primitive::bool,
        pub __f0: ::core::primitive::f64,
        pub __value: ::core::primitive::i8,
    }

    #[derive(Elicitable)]
    pub struct Generic<T> {
        pub value: T,
    }
}

fn main() {
    use elicit_runtime::Elicitable;

    let schema = shadowing::Form::SCHEMA.to_json();
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
    let generic = shadowing::Generic::<u8>::SCHEMA.to_json();
    assert_eq!(generic["properties"]["value"]["maximum"], 255);
}
