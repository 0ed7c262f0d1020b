use elicit_runtime::{ElicitField, Elicitable};
use serde_json::json;

/// A form generic over its one field.
#[derive(Debug, PartialEq, Elicitable)]
struct Wrapper<T> {
    #[elicit(title = "Value")]
    value: T,
}

// A generic newtype, and a form with bounds of its own.
#[derive(Debug, PartialEq, Elicitable)]
struct Labelled<T>(T);

#[derive(Debug, PartialEq, Elicitable)]
struct Pair<A, B: Clone>
where
    A: Clone,
{
    first: A,
    second: Option<Labelled<B>>,
}

fn main() {
    assert_eq!(
        Wrapper::<String>::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": { "value": { "type": "string", "title": "Value" } },
            "required": ["value"]
        })
    );
    assert_eq!(
        Wrapper::<u8>::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": { "value": { "type": "integer", "title": "Value", "minimum": 0, "maximum": 255 } },
            "required": ["value"]
        })
    );
    let text =
        Wrapper::<String>::from_content(json!({ "value": "hi" }).as_object().unwrap()).unwrap();
    assert_eq!(
        text,
        Wrapper {
            value: "hi".to_owned()
        }
    );
    let number = Wrapper::<u8>::from_content(json!({ "value": 7 }).as_object().unwrap()).unwrap();
    assert_eq!(number, Wrapper { value: 7 });
    assert!(Wrapper::<u8>::from_content(json!({ "value": "7" }).as_object().unwrap()).is_err());

    assert!(!<Option<Labelled<bool>> as ElicitField>::REQUIRED);
    assert_eq!(
        Pair::<i8, bool>::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "first": { "type": "integer", "minimum": -128, "maximum": 127 },
                "second": { "type": "boolean" }
            },
            "required": ["first"]
        })
    );
    let pair =
        Pair::<i8, bool>::from_content(json!({ "first": -1, "second": true }).as_object().unwrap())
            .unwrap();
    assert_eq!(
        pair,
        Pair {
            first: -1,
            second: Some(Labelled(true))
        }
    );
}
