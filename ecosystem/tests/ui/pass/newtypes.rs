use chrono::NaiveDate;
use elicit_runtime::{ElicitField, Elicitable};
use serde_json::json;

/// The day of the event
#[derive(Debug, PartialEq, Elicitable)]
#[elicit(title = "Day", default = "2026-01-01")]
struct Day(NaiveDate);

/// When the shift starts
#[derive(Debug, PartialEq, Elicitable)]
struct Start(time::OffsetDateTime);

#[derive(Debug, PartialEq, Elicitable)]
struct Arrival(jiff::Timestamp);

#[derive(Debug, PartialEq, Elicitable)]
struct Ticket(uuid::Uuid);

#[derive(Debug, PartialEq, Elicitable)]
struct Home(url::Url);

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    day: Option<Day>,
    start: Start,
    arrival: Arrival,
    ticket: Ticket,
    home: Home,
}

fn main() {
    assert!(!<Option<Day> as ElicitField>::REQUIRED);
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "day": {
                    "type": "string",
                    "title": "Day",
                    "description": "The day of the event",
                    "format": "date",
                    "default": "2026-01-01"
                },
                "start": {
                    "type": "string",
                    "description": "When the shift starts",
                    "format": "date-time"
                },
                "arrival": { "type": "string", "format": "date-time" },
                "ticket": { "type": "string", "minLength": 36, "maxLength": 36 },
                "home": { "type": "string", "format": "uri" }
            },
            "required": ["start", "arrival", "ticket", "home"]
        })
    );
    let content = json!({
        "start": "2026-03-02T06:00:00+01:00",
        "arrival": "2026-03-02T05:00:00Z",
        "ticket": "67e55044-10b1-426f-9247-bb680e5fe0c8",
        "home": "https://example.com/"
    });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(form.day, Some(Day(NaiveDate::from_ymd_opt(2026, 1, 1).unwrap())));
    assert_eq!(form.start.0.unix_timestamp(), form.arrival.0.as_second());

    let content = json!({
        "day": "2026-13-01",
        "start": "2016-12-31T23:59:60Z",
        "arrival": "yesterday",
        "ticket": "not a uuid, but thirty-six long.....",
        "home": "/relative"
    });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(
        failed,
        [
            ("day", "format"),
            ("start", "fit"),
            ("arrival", "format"),
            ("ticket", "fit"),
            ("home", "format")
        ]
    );
}
