//! `time` (feature `time`): `Date` as `format: date`, `OffsetDateTime` and
//! `UtcDateTime` as `format: date-time`.
//!
//! `time` has no leap seconds: `23:59:60Z` is refused with a field error
//! that says to send `:59` (`time`'s own RFC 3339 parser would read it as
//! `23:59:59.999999999`; reading a form does not change the instant sent).
//! An `OffsetDateTime` keeps the offset sent; a `UtcDateTime` reads any
//! offset as the same instant in UTC, and holds none after
//! `9999-12-31T23:59:59.999999999Z`, which `9999-12-31T23:00:00-05:00` is.
//!
//! ```
//! use elicit_runtime::{Elicitable, Elicitation};
//! use serde_json::json;
//! use time::{Month, OffsetDateTime, UtcDateTime};
//!
//! #[derive(Debug, Elicitable)]
//! struct Flight {
//!     day: time::Date,
//!     departs: OffsetDateTime,
//!     #[elicit(default = "2026-01-01T00:00:00Z")]
//!     logged: Option<UtcDateTime>,
//! }
//!
//! let answer = json!({ "action": "accept", "content": {
//!     "day": "2026-03-02", "departs": "2026-03-02T09:30:00+01:00"
//! } });
//! let Ok(Elicitation::Accept(flight)) = Elicitation::<Flight>::from_json(&answer) else { panic!() };
//! assert_eq!(flight.day.month(), Month::March);
//! assert_eq!(flight.departs.offset().whole_hours(), 1);
//! assert_eq!(flight.logged.map(UtcDateTime::year), Some(2026));
//!
//! let answer = json!({ "action": "accept", "content": {
//!     "day": "2026-03-02", "departs": "2016-12-31T23:59:60Z"
//! } });
//! let error = Elicitation::<Flight>::from_json(&answer).unwrap_err();
//! assert!(error.to_string().contains(
//!     "`departs` is a valid `date-time` but `time::OffsetDateTime` cannot hold it, since it \
//!      has no leap seconds: send `:59` instead of `:60`"
//! ));
//! ```

use ::time::{Date, Month, OffsetDateTime, Time, UtcDateTime, UtcOffset};
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

/// An `OffsetDateTime` holds any local date and time of RFC 3339, with any
/// of its offsets.
const OFFSET: Instants = Instants {
    leap_seconds: false,
    latest: None,
};

/// A `UtcDateTime` holds years up to 9999 in UTC.
const UTC: Instants = Instants {
    leap_seconds: false,
    latest: Some(Latest::utc("9999-12-31T23:59:59.999999999Z")),
};

fn date(parts: DateParts) -> Option<Date> {
    let month = Month::try_from(parts.month).ok()?;
    Date::from_calendar_date(parts.year, month, parts.day).ok()
}

fn offset_date_time(parts: DateTimeParts) -> Option<OffsetDateTime> {
    let time =
        Time::from_hms_nano(parts.hour, parts.minute, parts.second, parts.nanosecond).ok()?;
    let offset = UtcOffset::from_whole_seconds(parts.offset_seconds).ok()?;
    Some(OffsetDateTime::new_in_offset(
        date(parts.date)?,
        time,
        offset,
    ))
}

fn date_parts(date: Date) -> DateParts {
    DateParts {
        year: date.year(),
        month: date.month() as u8,
        day: date.day(),
    }
}

fn parts(date: Date, time: Time, offset: UtcOffset) -> DateTimeParts {
    written(
        date_parts(date),
        time.hour(),
        time.minute(),
        time.second(),
        time.nanosecond(),
        offset.whole_seconds(),
    )
}

impl ElicitField for Date {
    const SPEC: FieldSpec = DATE;

    fn read(value: &Value, schema: &PropertySchema) -> Result<Date, Vec<Violation>> {
        read_date(value, schema, "time::Date", date)
    }
}

impl FieldValue for Date {
    fn to_value(&self) -> Value {
        date_value(date_parts(*self))
    }
}

impl ElicitField for OffsetDateTime {
    const SPEC: FieldSpec = date_time(OFFSET);

    fn read(value: &Value, schema: &PropertySchema) -> Result<OffsetDateTime, Vec<Violation>> {
        read_date_time(
            value,
            schema,
            "time::OffsetDateTime",
            OFFSET,
            offset_date_time,
        )
    }
}

impl FieldValue for OffsetDateTime {
    fn to_value(&self) -> Value {
        date_time_value(parts(self.date(), self.time(), self.offset()))
    }
}

impl ElicitField for UtcDateTime {
    const SPEC: FieldSpec = date_time(UTC);

    fn read(value: &Value, schema: &PropertySchema) -> Result<UtcDateTime, Vec<Violation>> {
        read_date_time(value, schema, "time::UtcDateTime", UTC, |p| {
            offset_date_time(p)?.checked_to_utc()
        })
    }
}

impl FieldValue for UtcDateTime {
    fn to_value(&self) -> Value {
        date_time_value(parts(self.date(), self.time(), UtcOffset::UTC))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::field::read_own as read;
    use crate::rules::Unfit;

    #[test]
    fn the_latest_utc_instant_is_the_types() {
        assert_eq!(
            UtcDateTime::MAX.to_value(),
            json!("9999-12-31T23:59:59.999999999Z")
        );
        assert_eq!(
            read::<UtcDateTime>("9999-12-31T23:59:59.999999999Z").unwrap(),
            UtcDateTime::MAX
        );
        let error = read::<UtcDateTime>("9999-12-31T23:00:00-05:00").unwrap_err();
        assert_eq!(
            error,
            [Violation::Unfit {
                ty: "time::UtcDateTime",
                reason: Unfit::AfterLatest {
                    latest: "9999-12-31T23:59:59.999999999Z"
                },
            }]
        );
        // The same instant in its own offset is held.
        let local = read::<OffsetDateTime>("9999-12-31T23:00:00-05:00").unwrap();
        assert_eq!(local.to_value(), json!("9999-12-31T23:00:00-05:00"));
    }

    #[test]
    fn the_earliest_instants_are_held() {
        let early = read::<UtcDateTime>("0000-01-01T00:00:00+23:59").unwrap();
        assert_eq!(early.year(), -1);
        assert_eq!(
            read::<Date>("0000-01-01").unwrap(),
            Date::from_calendar_date(0, Month::January, 1).unwrap()
        );
    }
}
