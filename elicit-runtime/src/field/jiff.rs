//! `jiff` (feature `jiff`): `civil::Date` as `format: date`, `Timestamp`
//! as `format: date-time`.
//!
//! `jiff` has no leap seconds: `23:59:60Z` is refused with a field error
//! that says to send `:59` (`jiff`'s own parser would read it as
//! `23:59:59`; reading a form does not change the instant sent). A
//! `Timestamp` reads any offset as the same instant, and holds none after
//! `9999-12-30T22:00:00.999999999Z` (so that every offset can be applied
//! to it), which `9999-12-31T00:00:00Z` is.
//!
//! A `ZonedDateTime` (`Zoned` before jiff 1.0) is not a field: its time
//! zone (`[Europe/Paris]`) has no place in an RFC 3339 `date-time`, which
//! carries only an offset. Ask for a `Timestamp` and put it in the zone you
//! know with `timestamp.to_zoned(zone)`; the derive says so at the field.
//!
//! ```
//! use elicit_runtime::{Elicitable, Elicitation};
//! use jiff::{Timestamp, civil};
//! use serde_json::json;
//!
//! #[derive(Debug, Elicitable)]
//! struct Visit {
//!     day: civil::Date,
//!     arrives: Timestamp,
//! }
//!
//! let answer = json!({ "action": "accept", "content": {
//!     "day": "2026-03-02", "arrives": "2026-03-02T09:30:00+01:00"
//! } });
//! let Ok(Elicitation::Accept(visit)) = Elicitation::<Visit>::from_json(&answer) else { panic!() };
//! assert_eq!(visit.day, civil::date(2026, 3, 2));
//! assert_eq!(visit.arrives.as_second(), 1_772_440_200);
//! ```

use ::jiff::tz::Offset;
use ::jiff::{Timestamp, civil};
use serde_json::Value;

use super::datetime::{
    DATE, date_time, date_time_value, date_value, read_date, read_date_time, written,
};
use super::{ElicitField, FieldValue};
use crate::builders::FieldSpec;
use crate::format::{DateParts, DateTimeParts};
use crate::rules::Violation;
use crate::rules::fit::{Instants, Latest};
use crate::schema::PropertySchema;

/// `Timestamp::MAX`, the latest instant to which every offset applies.
const INSTANTS: Instants = Instants {
    leap_seconds: false,
    latest: Some(Latest::utc("9999-12-30T22:00:00.999999999Z")),
};

fn date(parts: DateParts) -> Option<civil::Date> {
    civil::Date::new(
        i16::try_from(parts.year).ok()?,
        parts.month as i8,
        parts.day as i8,
    )
    .ok()
}

fn timestamp(parts: DateTimeParts) -> Option<Timestamp> {
    let time = civil::Time::new(
        parts.hour as i8,
        parts.minute as i8,
        parts.second as i8,
        i32::try_from(parts.nanosecond).ok()?,
    )
    .ok()?;
    let offset = Offset::from_seconds(parts.offset_seconds).ok()?;
    offset
        .to_timestamp(date(parts.date)?.to_datetime(time))
        .ok()
}

fn date_parts(date: civil::Date) -> DateParts {
    DateParts {
        year: date.year().into(),
        month: date.month() as u8,
        day: date.day() as u8,
    }
}

impl ElicitField for civil::Date {
    const SPEC: FieldSpec = DATE;

    fn read(value: &Value, schema: &PropertySchema) -> Result<civil::Date, Vec<Violation>> {
        read_date(value, schema, "jiff::civil::Date", date)
    }
}

impl FieldValue for civil::Date {
    fn to_value(&self) -> Value {
        date_value(date_parts(*self))
    }
}

impl ElicitField for Timestamp {
    const SPEC: FieldSpec = date_time(INSTANTS);

    fn read(value: &Value, schema: &PropertySchema) -> Result<Timestamp, Vec<Violation>> {
        read_date_time(value, schema, "jiff::Timestamp", INSTANTS, timestamp)
    }
}

impl FieldValue for Timestamp {
    fn to_value(&self) -> Value {
        let utc = Offset::UTC.to_datetime(*self);
        date_time_value(written(
            date_parts(utc.date()),
            utc.hour() as u8,
            utc.minute() as u8,
            utc.second() as u8,
            utc.subsec_nanosecond() as u32,
            0,
        ))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::field::read_own as read;
    use crate::rules::Unfit;

    #[test]
    fn the_latest_instant_is_the_types() {
        assert_eq!(
            Timestamp::MAX.to_value(),
            json!("9999-12-30T22:00:00.999999999Z")
        );
        assert_eq!(
            read::<Timestamp>("9999-12-31T00:00:00.999999999+02:00").unwrap(),
            Timestamp::MAX
        );
        assert_eq!(
            read::<Timestamp>("9999-12-31T00:00:00Z").unwrap_err(),
            [Violation::Unfit {
                ty: "jiff::Timestamp",
                reason: Unfit::AfterLatest {
                    latest: "9999-12-30T22:00:00.999999999Z"
                },
            }]
        );
    }

    #[test]
    fn leap_seconds_are_refused() {
        assert_eq!(
            read::<Timestamp>("2016-12-31T23:59:60Z").unwrap_err(),
            [Violation::Unfit {
                ty: "jiff::Timestamp",
                reason: Unfit::LeapSecond,
            }]
        );
    }

    #[test]
    fn dates_of_every_rfc_3339_year_are_held() {
        for text in ["0000-01-01", "0000-02-29", "9999-12-31"] {
            let date = read::<civil::Date>(text).unwrap();
            assert_eq!(date.to_value(), json!(text));
        }
        let early = read::<Timestamp>("0000-01-01T00:00:00+23:59").unwrap();
        assert_eq!(early.to_value(), json!("-000001-12-31T00:01:00Z"));
    }
}
