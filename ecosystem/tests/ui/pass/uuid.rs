use elicit_runtime::Elicitable;
use serde_json::json;
use uuid::Uuid;

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    order: Uuid,
    #[elicit(default = "00000000-0000-0000-0000-000000000000")]
    parent: Option<Uuid>,
}

fn main() {
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "order": { "type": "string", "minLength": 36, "maxLength": 36 },
                "parent": {
                    "type": "string",
                    "minLength": 36,
                    "maxLength": 36,
                    "default": "00000000-0000-0000-0000-000000000000"
                }
            },
            "required": ["order"]
        })
    );
    let content = json!({ "order": "67E55044-10B1-426F-9247-BB680E5FE0C8" });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form.order,
        Uuid::parse_str("67e55044-10b1-426f-9247-bb680e5fe0c8").unwrap()
    );
    assert_eq!(form.parent, Some(Uuid::nil()));

    // The other forms `uuid` reads have other lengths; a wrong digit is
    // the type's to refuse.
    let content = json!({
        "order": "67e5504410b1426f9247bb680e5fe0c8",
        "parent": "67e55044-10b1-426f-9247-bb680e5fe0cz"
    });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(failed, [("order", "minLength"), ("parent", "fit")]);
}
