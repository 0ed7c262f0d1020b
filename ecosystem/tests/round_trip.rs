//! Each field type of other crates through both sides: a server asks with
//! a derived form, a client parses the request, sets typed values
//! (`Answer::set_typed`), and the server reads the result back into the
//! same values; and what a client can send that the type refuses is
//! refused by the server with the type's reason.

use std::net::{IpAddr, Ipv6Addr};
use std::num::NonZeroU8;

use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone, Utc};
use elicit_runtime::client::FormView;
use elicit_runtime::rules::Rule;
use elicit_runtime::{ElicitError, Elicitable, Elicitation};
use serde_json::{Value, json};

/// Everything about the trip
#[derive(Debug, Clone, PartialEq, Elicitable)]
struct Trip {
    day: NaiveDate,
    leaves: DateTime<FixedOffset>,
    booked: DateTime<Utc>,
    lands: time::OffsetDateTime,
    logged: time::UtcDateTime,
    check_in: time::Date,
    arrives: jiff::Timestamp,
    back: jiff::civil::Date,
    site: url::Url,
    ticket: uuid::Uuid,
    gate: IpAddr,
    seats: NonZeroU8,
    row: char,
}

fn trip() -> Trip {
    let offset = FixedOffset::east_opt(-5 * 3600).unwrap();
    Trip {
        day: NaiveDate::from_ymd_opt(2024, 2, 29).unwrap(),
        leaves: offset.with_ymd_and_hms(2024, 2, 29, 21, 30, 0).unwrap(),
        // A leap second, which chrono holds.
        booked: NaiveDate::from_ymd_opt(2016, 12, 31)
            .unwrap()
            .and_hms_nano_opt(23, 59, 59, 1_000_000_001)
            .unwrap()
            .and_utc(),
        lands: time::OffsetDateTime::from_unix_timestamp_nanos(1_709_251_200_123_456_789)
            .unwrap()
            .to_offset(time::UtcOffset::from_hms(5, 30, 0).unwrap()),
        logged: time::UtcDateTime::from_unix_timestamp(0).unwrap(),
        check_in: time::Date::from_calendar_date(2024, time::Month::March, 1).unwrap(),
        arrives: jiff::Timestamp::from_second(1_709_280_000).unwrap(),
        back: jiff::civil::date(9999, 12, 31),
        site: url::Url::parse("https://example.com/trips?id=7#top").unwrap(),
        ticket: uuid::Uuid::from_u128(0x67e5_5044_10b1_426f_9247_bb68_0e5f_e0c8),
        gate: IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1)),
        seats: NonZeroU8::new(2).unwrap(),
        row: 'K',
    }
}

/// The client's form for the server's request.
fn client_form() -> FormView {
    let request = serde_json::to_value(Trip::default_request()).unwrap();
    FormView::from_request(&request).unwrap()
}

#[test]
fn typed_values_set_by_a_client_read_back_equal() {
    let trip = trip();
    let form = client_form();
    let mut answer = form.answer();
    answer
        .set_typed("day", &trip.day)
        .and_then(|a| a.set_typed("leaves", &trip.leaves))
        .and_then(|a| a.set_typed("booked", &trip.booked))
        .and_then(|a| a.set_typed("lands", &trip.lands))
        .and_then(|a| a.set_typed("logged", &trip.logged))
        .and_then(|a| a.set_typed("check_in", &trip.check_in))
        .and_then(|a| a.set_typed("arrives", &trip.arrives))
        .and_then(|a| a.set_typed("back", &trip.back))
        .and_then(|a| a.set_typed("site", &trip.site))
        .and_then(|a| a.set_typed("ticket", &trip.ticket))
        .and_then(|a| a.set_typed("gate", &trip.gate))
        .and_then(|a| a.set_typed("seats", &trip.seats))
        .and_then(|a| a.set_typed("row", &trip.row))
        .unwrap();
    let content = answer.content().unwrap();
    assert_eq!(
        Value::Object(content.clone()),
        json!({
            "day": "2024-02-29",
            "leaves": "2024-02-29T21:30:00-05:00",
            "booked": "2016-12-31T23:59:60.000000001Z",
            "lands": "2024-03-01T05:30:00.123456789+05:30",
            "logged": "1970-01-01T00:00:00Z",
            "check_in": "2024-03-01",
            "arrives": "2024-03-01T08:00:00Z",
            "back": "9999-12-31",
            "site": "https://example.com/trips?id=7#top",
            "ticket": "67e55044-10b1-426f-9247-bb680e5fe0c8",
            "gate": "2001:db8::1",
            "seats": 2,
            "row": "K"
        })
    );
    let result = answer.finish().unwrap();
    match Elicitation::<Trip>::from_result(&result) {
        Ok(Elicitation::Accept(read)) => assert_eq!(read, trip),
        other => panic!("{other:?}"),
    }
}

#[test]
fn what_the_wire_cannot_write_is_refused_when_set() {
    let form = client_form();
    let mut answer = form.answer();
    // Year 10000 has no RFC 3339 form.
    let far = NaiveDate::from_ymd_opt(10000, 1, 1).unwrap();
    let error = answer.set_typed("day", &far).unwrap_err();
    assert_eq!(error.iter().next().unwrap().rule(), Rule::Format);
    // An offset with seconds neither.
    let odd = FixedOffset::east_opt(3601)
        .unwrap()
        .with_ymd_and_hms(2026, 1, 1, 0, 0, 0)
        .unwrap();
    let error = answer.set_typed("leaves", &odd).unwrap_err();
    assert_eq!(error.iter().next().unwrap().rule(), Rule::Format);
    assert!(answer.get("day").is_none() && answer.get("leaves").is_none());
}

#[test]
fn what_the_schema_lets_through_and_the_types_refuse_is_refused_with_the_reason() {
    let mut content = serde_json::Map::new();
    for (name, value) in [
        ("day", json!("2024-02-29")),
        ("leaves", json!("2016-12-31T15:59:60-08:00")),
        ("booked", json!("2016-12-31T23:59:60Z")),
        ("lands", json!("2016-12-31T23:59:60Z")),
        ("logged", json!("9999-12-31T23:59:59.5-00:01")),
        ("check_in", json!("2024-03-01")),
        ("arrives", json!("9999-12-31T00:00:00Z")),
        ("back", json!("0000-02-29")),
        ("site", json!("http://999.1.1.1/")),
        ("ticket", json!("67e55044+10b1-426f-9247-bb680e5fe0c8")),
        ("gate", json!("192.0.2.256")),
        ("seats", json!(0)),
        ("row", json!("KL")),
    ] {
        content.insert(name.to_owned(), value);
    }
    let result = json!({ "action": "accept", "content": content });
    let Err(ElicitError::InvalidContent(errors)) = Elicitation::<Trip>::from_json(&result) else {
        panic!("the content is invalid");
    };
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    // chrono holds leap seconds; time and jiff, and the rest, refuse.
    assert_eq!(
        failed,
        [
            ("lands", "fit"),
            ("logged", "fit"),
            ("arrives", "fit"),
            ("site", "fit"),
            ("ticket", "fit"),
            ("gate", "fit"),
            ("seats", "minimum"),
            ("row", "maxLength"),
        ]
    );
}
