use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone, Utc};
use elicit_runtime::Elicitable;
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    #[elicit(default = "2026-01-01")]
    day: Option<NaiveDate>,
    starts: DateTime<FixedOffset>,
    #[elicit(title = "Booked at", default = "2026-01-01T09:00:00Z")]
    booked: Option<DateTime<Utc>>,
}

fn main() {
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "day": { "type": "string", "format": "date", "default": "2026-01-01" },
                "starts": { "type": "string", "format": "date-time" },
                "booked": {
                    "type": "string",
                    "title": "Booked at",
                    "format": "date-time",
                    "default": "2026-01-01T09:00:00Z"
                }
            },
            "required": ["starts"]
        })
    );
    let content = json!({ "starts": "2016-12-31T15:59:60.25-08:00" });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(form.day, NaiveDate::from_ymd_opt(2026, 1, 1));
    // A leap second: chrono holds it.
    assert_eq!(
        form.starts.to_rfc3339(),
        "2016-12-31T15:59:60.250-08:00"
    );
    assert_eq!(form.booked, Some(Utc.with_ymd_and_hms(2026, 1, 1, 9, 0, 0).unwrap()));

    let content = json!({
        "day": "2025-02-29",
        "starts": "2025-06-18T09:30:00",
        "booked": "2025-06-18T09:30:00.1234567891Z"
    });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(
        failed,
        [("day", "format"), ("starts", "format"), ("booked", "fit")]
    );
    assert_eq!(
        errors.to_string(),
        "`day` is not a date such as `2025-06-18`: the day 29 does not exist in february 2025 (received \"2025-02-29\")\n\
         `starts` is not a date and time with an offset such as `2025-06-18T09:30:00Z`: missing the offset (`Z` or such as `+02:00`) (received \"2025-06-18T09:30:00\")\n\
         `booked` is a valid `date-time` but `chrono::DateTime<Utc>` cannot hold it, since it counts whole nanoseconds: send at most 9 digits after the `.` of the seconds (received \"2025-06-18T09:30:00.1234567891Z\")"
    );
}
