use elicit_runtime::Elicitable;
use jiff::{Timestamp, civil};
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    #[elicit(default = "2026-01-01")]
    day: Option<civil::Date>,
    arrives: Timestamp,
}

fn main() {
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "day": { "type": "string", "format": "date", "default": "2026-01-01" },
                "arrives": { "type": "string", "format": "date-time" }
            },
            "required": ["arrives"]
        })
    );
    let content = json!({ "arrives": "2026-03-02T09:30:00-00:00" });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(form.day, Some(civil::date(2026, 1, 1)));
    assert_eq!(form.arrives.to_string(), "2026-03-02T09:30:00Z");

    let content = json!({ "day": "26-03-02", "arrives": "9999-12-31T00:00:00Z" });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(failed, [("day", "format"), ("arrives", "fit")]);
    assert_eq!(
        errors.iter().nth(1).unwrap().to_string(),
        "`arrives` is a valid `date-time` but `jiff::Timestamp` cannot hold it, since its latest instant is `9999-12-30T22:00:00.999999999Z`: send an earlier one (received \"9999-12-31T00:00:00Z\")"
    );
}
