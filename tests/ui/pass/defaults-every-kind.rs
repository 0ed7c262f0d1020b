//! `default` on every kind: written from 2025-11-25, left out for 2025-06-18
//! except on booleans, and read as the value of an absent optional field.
use elicit_runtime::Elicitable;
use elicit_runtime::protocol::Revision;
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Status {
    Active,
    Inactive,
    #[elicit(title = "Waiting for review")]
    Pending,
}

/// A newtype carries its default wherever it is used.
#[derive(Debug, PartialEq, Elicitable)]
#[elicit(minimum = 1, default = 4)]
struct Seats(u8);

#[derive(Debug, PartialEq, Elicitable)]
struct Profile {
    #[elicit(default = "John Doe")]
    name: Option<String>,
    #[elicit(default = 30, minimum = 0)]
    age: Option<u8>,
    #[elicit(default = 95.5)]
    score: Option<f64>,
    #[elicit(default = -3)]
    offset: Option<i32>,
    #[elicit(default = 2)]
    ratio: Option<f32>,
    #[elicit(default = "active")]
    status: Option<Status>,
    #[elicit(default = true)]
    verified: Option<bool>,
    #[elicit(format = "date", default = "2025-11-25")]
    since: Option<String>,
    seats: Option<Seats>,
    /// Required fields may carry a default too: it is what the client
    /// shows first.
    #[elicit(default = "pending", min_length = 0)]
    note: String,
}

fn main() {
    let newest = Profile::SCHEMA
        .render(Revision::V2025_11_25)
        .unwrap()
        .to_json();
    assert_eq!(
        newest,
        json!({
            "type": "object",
            "properties": {
                "name": { "type": "string", "default": "John Doe" },
                "age": { "type": "integer", "minimum": 0, "maximum": 255, "default": 30 },
                "score": { "type": "number", "default": 95.5 },
                "offset": { "type": "integer", "minimum": -2147483648_i64, "maximum": 2147483647, "default": -3 },
                "ratio": { "type": "number", "default": 2 },
                "status": {
                    "type": "string",
                    "oneOf": [
                        { "const": "active", "title": "active" },
                        { "const": "inactive", "title": "inactive" },
                        { "const": "pending", "title": "Waiting for review" }
                    ],
                    "default": "active"
                },
                "verified": { "type": "boolean", "default": true },
                "since": { "type": "string", "format": "date", "default": "2025-11-25" },
                "seats": {
                    "type": "integer",
                    "description": "A newtype carries its default wherever it is used.",
                    "minimum": 1,
                    "maximum": 255,
                    "default": 4
                },
                "note": {
                    "type": "string",
                    "description": "Required fields may carry a default too: it is what the client shows first.",
                    "minLength": 0,
                    "default": "pending"
                }
            },
            "required": ["note"]
        })
    );
    assert_eq!(Profile::SCHEMA.to_json(), newest);
    assert_eq!(
        Profile::SCHEMA
            .render(Revision::V2026_07_28)
            .unwrap()
            .to_json(),
        newest
    );

    // 2025-06-18 has defaults on booleans only.
    let old = Profile::SCHEMA
        .render(Revision::V2025_06_18)
        .unwrap()
        .to_json();
    let with_default: Vec<&str> = old["properties"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, p)| p.get("default").is_some())
        .map(|(name, _)| name.as_str())
        .collect();
    assert_eq!(with_default, ["verified"]);
    assert_eq!(
        old["properties"]["status"],
        json!({
            "type": "string",
            "enum": ["active", "inactive", "pending"],
            "enumNames": ["active", "inactive", "Waiting for review"]
        })
    );

    // Absent optional fields read as their defaults; a required one is
    // still required.
    let content = json!({ "note": "hi" });
    let profile = Profile::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        profile,
        Profile {
            name: Some("John Doe".to_owned()),
            age: Some(30),
            score: Some(95.5),
            offset: Some(-3),
            ratio: Some(2.0),
            status: Some(Status::Active),
            verified: Some(true),
            since: Some("2025-11-25".to_owned()),
            seats: Some(Seats(4)),
            note: "hi".to_owned(),
        }
    );
    let errors = Profile::from_content(json!({}).as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(failed, [("note", "required")]);

    // A value that is sent wins over the default, and is checked as usual.
    let content = json!({ "note": "", "age": 41, "status": "pending", "verified": false });
    let profile = Profile::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        (profile.age, profile.status, profile.verified),
        (Some(41), Some(Status::Pending), Some(false))
    );
    let content = json!({ "note": "", "age": 300 });
    assert!(Profile::from_content(content.as_object().unwrap()).is_err());
}
