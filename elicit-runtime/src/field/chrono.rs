//! `chrono` (feature `chrono`): `NaiveDate` as `format: date`,
//! `DateTime<Utc>` and `DateTime<FixedOffset>` as `format: date-time`.
//!
//! `chrono` holds leap seconds, so `23:59:60Z` (where RFC 3339 has it, at
//! the end of a UTC day) reads as one. A `DateTime<Utc>` reads a
//! date-time with any offset as the same instant in UTC; a
//! `DateTime<FixedOffset>` keeps the offset sent (`-00:00` reads as
//! `+00:00`).
//!
//! ```
//! use chrono::{DateTime, FixedOffset, NaiveDate, Utc};
//! use elicit_runtime::{Elicitable, Elicitation};
//! use serde_json::json;
//!
//! #[derive(Debug, Elicitable)]
//! struct Meeting {
//!     #[elicit(default = "2026-01-01")]
//!     day: NaiveDate,
//!     starts: DateTime<FixedOffset>,
//!     booked: Option<DateTime<Utc>>,
//! }
//!
//! assert_eq!(
//!     Meeting::SCHEMA.to_json()["properties"],
//!     json!({
//!         "day": { "type": "string", "format": "date", "default": "2026-01-01" },
//!         "starts": { "type": "string", "format": "date-time" },
//!         "booked": { "type": "string", "format": "date-time" }
//!     })
//! );
//! let answer = json!({ "action": "accept", "content": {
//!     "day": "2026-03-02", "starts": "2026-03-02T09:30:00+01:00", "booked": "2026-03-01T12:00:00-05:00"
//! } });
//! let Ok(Elicitation::Accept(meeting)) = Elicitation::<Meeting>::from_json(&answer) else { panic!() };
//! assert_eq!(meeting.day, NaiveDate::from_ymd_opt(2026, 3, 2).unwrap());
//! assert_eq!(meeting.starts.offset().local_minus_utc(), 3600);
//! let five_pm = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap().and_hms_opt(17, 0, 0).unwrap();
//! assert_eq!(meeting.booked.unwrap(), five_pm.and_utc());
//! ```

use ::chrono::{
    DateTime, Datelike, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Timelike, Utc,
};
use serde_json::Value;

use super::datetime::{
    DATE, date_time, date_time_value, date_value, read_date, read_date_time, written,
};
use super::{ElicitField, FieldValue};
use crate::builders::FieldSpec;
use crate::format::{DateParts, DateTimeParts};
use crate::rules::Violation;
use crate::rules::fit::Instants;
use crate::schema::PropertySchema;

/// `chrono` holds leap seconds, and years far beyond 9999.
const INSTANTS: Instants = Instants {
    leap_seconds: true,
    latest: None,
};

fn date(parts: DateParts) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(parts.year, parts.month.into(), parts.day.into())
}

/// The date-time in its own offset; a leap second is `chrono`'s second 59
/// with a nanosecond from one billion on.
fn fixed(parts: DateTimeParts) -> Option<DateTime<FixedOffset>> {
    let (second, nanosecond) = if parts.second == 60 {
        (59, parts.nanosecond + 1_000_000_000)
    } else {
        (parts.second, parts.nanosecond)
    };
    let time = NaiveTime::from_hms_nano_opt(
        parts.hour.into(),
        parts.minute.into(),
        second.into(),
        nanosecond,
    )?;
    let offset = FixedOffset::east_opt(parts.offset_seconds)?;
    offset
        .from_local_datetime(&date(parts.date)?.and_time(time))
        .single()
}

/// The fields of `local` at `offset_seconds`, a leap second as `:60`.
fn parts(local: NaiveDateTime, offset_seconds: i32) -> DateTimeParts {
    let leap = local.nanosecond() >= 1_000_000_000;
    written(
        date_parts(local.date()),
        local.hour() as u8,
        local.minute() as u8,
        local.second() as u8 + u8::from(leap),
        local.nanosecond() % 1_000_000_000,
        offset_seconds,
    )
}

fn date_parts(date: NaiveDate) -> DateParts {
    DateParts {
        year: date.year(),
        month: date.month() as u8,
        day: date.day() as u8,
    }
}

impl ElicitField for NaiveDate {
    const SPEC: FieldSpec = DATE;

    fn read(value: &Value, schema: &PropertySchema) -> Result<NaiveDate, Vec<Violation>> {
        read_date(value, schema, "chrono::NaiveDate", date)
    }
}

impl FieldValue for NaiveDate {
    fn to_value(&self) -> Value {
        date_value(date_parts(*self))
    }
}

impl ElicitField for DateTime<FixedOffset> {
    const SPEC: FieldSpec = date_time(INSTANTS);

    fn read(
        value: &Value,
        schema: &PropertySchema,
    ) -> Result<DateTime<FixedOffset>, Vec<Violation>> {
        read_date_time(
            value,
            schema,
            "chrono::DateTime<FixedOffset>",
            INSTANTS,
            fixed,
        )
    }
}

impl FieldValue for DateTime<FixedOffset> {
    fn to_value(&self) -> Value {
        date_time_value(parts(self.naive_local(), self.offset().local_minus_utc()))
    }
}

impl ElicitField for DateTime<Utc> {
    const SPEC: FieldSpec = date_time(INSTANTS);

    fn read(value: &Value, schema: &PropertySchema) -> Result<DateTime<Utc>, Vec<Violation>> {
        read_date_time(value, schema, "chrono::DateTime<Utc>", INSTANTS, |p| {
            fixed(p).map(|instant| instant.with_timezone(&Utc))
        })
    }
}

impl FieldValue for DateTime<Utc> {
    fn to_value(&self) -> Value {
        date_time_value(parts(self.naive_utc(), 0))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::field::read_own as read;
    use crate::rules::{Rule, Unfit};

    #[test]
    fn leap_seconds_are_held() {
        let leap: DateTime<Utc> = read("2016-12-31T23:59:60.5Z").unwrap();
        assert_eq!(leap.nanosecond(), 1_500_000_000);
        assert_eq!(leap.to_value(), json!("2016-12-31T23:59:60.5Z"));
        let east: DateTime<FixedOffset> = read("2017-01-01T00:59:60+01:00").unwrap();
        assert_eq!(east.to_value(), json!("2017-01-01T00:59:60+01:00"));
        assert_eq!(
            east.with_timezone(&Utc),
            leap - chrono::TimeDelta::milliseconds(500)
        );
    }

    #[test]
    fn the_extremes_of_rfc_3339_are_held() {
        let first: DateTime<Utc> = read("0000-01-01T00:00:00+23:59").unwrap();
        assert_eq!(first.year(), -1);
        // The instant is kept; the year before 0000 cannot be written back.
        assert_eq!(first.to_value(), json!("-000001-12-31T00:01:00Z"));
        let last: DateTime<Utc> = read("9999-12-31T23:59:59.999999999-23:59").unwrap();
        assert_eq!(last.year(), 10000);
        let date: NaiveDate = read("0000-02-29").unwrap();
        assert_eq!(date.to_value(), json!("0000-02-29"));
    }

    #[test]
    fn nanoseconds_are_the_finest() {
        let error = read::<DateTime<Utc>>("2025-06-18T09:30:00.0000000001Z").unwrap_err();
        assert_eq!(
            error,
            [Violation::Unfit {
                ty: "chrono::DateTime<Utc>",
                reason: Unfit::FinerThanNanoseconds,
            }]
        );
        assert_eq!(error[0].rule(), Rule::Fit);
    }

    #[test]
    fn offsets_with_seconds_are_written_as_the_check_refuses() {
        let odd = FixedOffset::east_opt(3601)
            .unwrap()
            .with_ymd_and_hms(2025, 6, 18, 9, 30, 0)
            .unwrap();
        assert_eq!(odd.to_value(), json!("2025-06-18T09:30:00+01:00:01"));
    }
}
