use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

use elicit_runtime::Elicitable;
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    owned: String,
    boxed: Box<str>,
    cow: Cow<'static, str>,
    rc: Rc<str>,
    arc: Arc<str>,
}

fn main() {
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "owned": { "type": "string" },
                "boxed": { "type": "string" },
                "cow": { "type": "string" },
                "rc": { "type": "string" },
                "arc": { "type": "string" }
            },
            "required": ["owned", "boxed", "cow", "rc", "arc"]
        })
    );
    let content = json!({ "owned": "a", "boxed": "b", "cow": "c", "rc": "d", "arc": "é" });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        Form {
            owned: "a".to_owned(),
            boxed: "b".into(),
            cow: Cow::Borrowed("c"),
            rc: "d".into(),
            arc: "é".into(),
        }
    );

    // No coercion: a number is not a string.
    let content = json!({ "owned": 5, "boxed": "b", "cow": "c", "rc": "d", "arc": "e" });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(failed, [("owned", "type")]);
}
