use elicit_runtime::Elicitable;
use serde_json::json;
use time::{Date, Month, OffsetDateTime, UtcDateTime};

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    day: Date,
    #[elicit(default = "2026-01-01T09:00:00+01:00")]
    departs: Option<OffsetDateTime>,
    logged: UtcDateTime,
}

fn main() {
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "day": { "type": "string", "format": "date" },
                "departs": {
                    "type": "string",
                    "format": "date-time",
                    "default": "2026-01-01T09:00:00+01:00"
                },
                "logged": { "type": "string", "format": "date-time" }
            },
            "required": ["day", "logged"]
        })
    );
    let content = json!({ "day": "2024-02-29", "logged": "2026-03-02T09:30:00.5+05:30" });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(form.day, Date::from_calendar_date(2024, Month::February, 29).unwrap());
    let departs = form.departs.unwrap();
    assert_eq!((departs.hour(), departs.offset().whole_hours()), (9, 1));
    // The same instant in UTC.
    assert_eq!((form.logged.hour(), form.logged.minute()), (4, 0));
    assert_eq!(form.logged.millisecond(), 500);

    // No leap seconds, and no instant after 9999 in UTC.
    let content = json!({
        "day": "2024-02-30",
        "departs": "2016-12-31T23:59:60Z",
        "logged": "9999-12-31T23:00:00-05:00"
    });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(
        failed,
        [("day", "format"), ("departs", "fit"), ("logged", "fit")]
    );
    let messages: Vec<String> = errors.iter().skip(1).map(|e| e.to_string()).collect();
    assert_eq!(
        messages,
        [
            "`departs` is a valid `date-time` but `time::OffsetDateTime` cannot hold it, since it has no leap seconds: send `:59` instead of `:60` (received \"2016-12-31T23:59:60Z\")",
            "`logged` is a valid `date-time` but `time::UtcDateTime` cannot hold it, since its latest instant is `9999-12-31T23:59:59.999999999Z`: send an earlier one (received \"9999-12-31T23:00:00-05:00\")",
        ]
    );
}
