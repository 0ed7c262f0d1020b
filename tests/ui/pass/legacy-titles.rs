//! `legacy_titles` keeps a titled enum as `enum` + `enumNames` on every
//! revision: on the enum wherever it is used, or on one field.
use elicit_runtime::protocol::Revision;
use elicit_runtime::{ElicitField, Elicitable};
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(legacy_titles)]
enum Plan {
    #[elicit(title = "Free tier")]
    Free,
    #[elicit(title = "Professional")]
    Pro,
}

#[derive(Debug, PartialEq, Elicitable)]
enum Size {
    #[elicit(title = "Small")]
    S,
    #[elicit(title = "Large")]
    L,
}

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    plan: Plan,
    size: Size,
    #[elicit(legacy_titles, default = "L")]
    legacy_size: Option<Size>,
}

fn main() {
    let legacy_plan = json!({
        "type": "string",
        "enum": ["Free", "Pro"],
        "enumNames": ["Free tier", "Professional"]
    });
    for revision in Revision::ALL {
        let schema = Form::SCHEMA.render(revision).unwrap().to_json();
        assert_eq!(schema["properties"]["plan"], legacy_plan, "{revision}");
        assert_eq!(
            schema["properties"]["legacy_size"]["enumNames"],
            json!(["Small", "Large"]),
            "{revision}"
        );
    }
    let newest = Form::SCHEMA.to_json();
    assert_eq!(
        newest["properties"]["size"],
        json!({
            "type": "string",
            "oneOf": [{ "const": "S", "title": "Small" }, { "const": "L", "title": "Large" }]
        })
    );
    assert_eq!(
        newest["properties"]["legacy_size"],
        json!({
            "type": "string",
            "enum": ["S", "L"],
            "enumNames": ["Small", "Large"],
            "default": "L"
        })
    );
    // The flag is part of the enum's own spec.
    let schema = Plan::SPEC.into_schema();
    let elicit_runtime::schema::Kind::Enum(rules) = &schema.kind else {
        panic!("not an enum: {schema:?}");
    };
    assert!(rules.legacy_titles);

    let content = json!({ "plan": "Pro", "size": "S" });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        Form {
            plan: Plan::Pro,
            size: Size::S,
            legacy_size: Some(Size::L),
        }
    );
}
