//! Property tests of the date and date-time fields of `chrono`, `time` and
//! `jiff` (features `chrono`, `time`, `jiff`), over everything RFC 3339
//! writes: every day of the years 0000 to 9999 (leap days among them),
//! every offset from `-23:59` to `+23:59`, fractions of 0 to 12 digits,
//! `T`/`t` and `Z`/`z`, and leap seconds at 23:59:60 UTC in any offset.
//!
//! Each reader is held to its crate's own RFC 3339 parser: where a type
//! holds the instant sent, the field reads exactly what the crate parses;
//! where it does not, the field is refused with the reason, never a
//! panic. The crates' parsers differ from the readers only where a value
//! would change:
//!
//! | value | chrono | time | jiff |
//! |---|---|---|---|
//! | a leap second, `23:59:60Z` | held | refused (its parser reads `23:59:59.999999999`) | refused (its parser reads `23:59:59`) |
//! | more than 9 fractional digits | refused (its parser drops them) | refused (its parser drops them) | refused |
//! | after the type's latest instant | held | `UtcDateTime`: refused after `9999-12-31T23:59:59.999999999Z` | `Timestamp`: refused after `9999-12-30T22:00:00.999999999Z` |
//!
//! What each field writes back ([`FieldValue`]) reads back to the same
//! value.

use chrono::{DateTime, FixedOffset, NaiveDate, Utc};
use elicit_runtime::rules::{Rule, Unfit, Violation};
use elicit_runtime::{ElicitField, FieldValue};
use proptest::prelude::*;
use serde_json::Value;
use time::format_description::well_known::Rfc3339;
use time::{OffsetDateTime, UtcDateTime};

fn days_in(year: i32, month: u8) -> u8 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// A calendar day, `(year, month, day)`.
type Day = (i32, u8, u8);

/// Any day of the years 0000 to 9999, leap days and the ends of months
/// and years drawn more often than chance would.
fn day() -> impl Strategy<Value = Day> {
    let year = prop_oneof![
        0i32..=9999,
        Just(0),
        Just(9999),
        (0i32..=24).prop_map(|century| century * 400),
        (1i32..=99).prop_map(|century| century * 100),
    ];
    (year, 1u8..=12).prop_flat_map(|(y, m)| {
        let last = days_in(y, m);
        (Just(y), Just(m), prop_oneof![1..=last, Just(last)])
    })
}

fn next_day((y, m, d): Day) -> Day {
    if d < days_in(y, m) {
        (y, m, d + 1)
    } else if m < 12 {
        (y, m + 1, 1)
    } else {
        (y + 1, 1, 1)
    }
}

fn previous_day((y, m, d): Day) -> Day {
    if d > 1 {
        (y, m, d - 1)
    } else if m > 1 {
        (y, m - 1, days_in(y, m - 1))
    } else {
        (y - 1, 12, 31)
    }
}

/// One `date-time` as its fields, written out by [`Stamp::text`].
#[derive(Debug, Clone)]
struct Stamp {
    day: Day,
    hour: u8,
    minute: u8,
    second: u8,
    fraction: String,
    /// Minutes east of UTC; `None` for `Z`.
    offset: Option<i32>,
    /// `-00:00` rather than `+00:00` for an offset of 0.
    unknown_local: bool,
    lowercase: bool,
}

impl Stamp {
    fn text(&self) -> String {
        let (y, mo, d) = self.day;
        let fraction = if self.fraction.is_empty() {
            String::new()
        } else {
            format!(".{}", self.fraction)
        };
        let offset = match self.offset {
            None if self.lowercase => "z".to_owned(),
            None => "Z".to_owned(),
            Some(minutes) => {
                let sign = if minutes < 0 || (minutes == 0 && self.unknown_local) {
                    '-'
                } else {
                    '+'
                };
                let minutes = minutes.unsigned_abs();
                format!("{sign}{:02}:{:02}", minutes / 60, minutes % 60)
            }
        };
        let t = if self.lowercase { 't' } else { 'T' };
        format!(
            "{y:04}-{mo:02}-{d:02}{t}{:02}:{:02}:{:02}{fraction}{offset}",
            self.hour, self.minute, self.second
        )
    }

    fn offset_minutes(&self) -> i32 {
        self.offset.unwrap_or(0)
    }

    fn is_leap_second(&self) -> bool {
        self.second == 60
    }

    fn is_finer_than_nanoseconds(&self) -> bool {
        self.fraction.len() > 9
    }
}

fn fraction() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        "[0-9]{1,9}",
        "[0-9]{10,12}",
        Just("999999999".to_owned()),
    ]
}

fn offset() -> impl Strategy<Value = Option<i32>> {
    prop_oneof![
        Just(None),
        (-1439i32..=1439).prop_map(Some),
        Just(Some(1439)),
        Just(Some(-1439)),
        Just(Some(0)),
    ]
}

/// A `date-time` without a leap second.
fn ordinary() -> impl Strategy<Value = Stamp> {
    (
        day(),
        0u8..24,
        0u8..60,
        0u8..60,
        fraction(),
        offset(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(day, hour, minute, second, fraction, offset, unknown_local, lowercase)| Stamp {
                day,
                hour,
                minute,
                second,
                fraction,
                offset,
                unknown_local,
                lowercase,
            },
        )
}

/// A leap second: 23:59:60 UTC on any day, in any offset that keeps the
/// local day within the years RFC 3339 writes.
fn leap_second() -> impl Strategy<Value = Stamp> {
    let leap = (day(), fraction(), offset(), any::<bool>()).prop_map(
        |(utc_day, fraction, offset, lowercase)| {
            let local = 23 * 60 + 59 + offset.unwrap_or(0);
            let day = if local >= 24 * 60 {
                next_day(utc_day)
            } else if local < 0 {
                previous_day(utc_day)
            } else {
                utc_day
            };
            let local = local.rem_euclid(24 * 60);
            Stamp {
                day,
                hour: (local / 60) as u8,
                minute: (local % 60) as u8,
                second: 60,
                fraction,
                offset,
                unknown_local: false,
                lowercase,
            }
        },
    );
    leap.prop_filter("a local day RFC 3339 writes", |stamp| {
        (0..=9999).contains(&stamp.day.0)
    })
}

fn stamp() -> impl Strategy<Value = Stamp> {
    prop_oneof![4 => ordinary(), 1 => leap_second()]
}

/// Reads `text` as a field of type `T`, with its own spec.
fn read<T: ElicitField>(text: &str) -> Result<T, Vec<Violation>> {
    T::read(&Value::from(text), &T::SPEC.into_schema())
}

/// The reason a field of type `T` refused `text`, when it did for a
/// reason of the type's.
fn unfit<T: ElicitField + std::fmt::Debug>(text: &str) -> Unfit {
    match read::<T>(text) {
        Err(violations) => match violations.as_slice() {
            [Violation::Unfit { reason, .. }] => reason.clone(),
            other => panic!("{text}: {other:?}"),
        },
        Ok(value) => panic!("{text} was read as {value:?}"),
    }
}

/// What `T` writes reads back as the same value; an instant whose year
/// (in the offset written) RFC 3339 cannot write is written with an
/// expanded year, `+010000` or `-000001`, which the format refuses.
fn round_trips<T: ElicitField + FieldValue + PartialEq + std::fmt::Debug>(value: &T) {
    let written = value.to_value();
    let text = written.as_str().expect("a date is written as a string");
    if text.starts_with(['+', '-']) {
        let error = read::<T>(text).unwrap_err();
        assert_eq!(error[0].rule(), Rule::Format, "{text}");
    } else {
        assert_eq!(&read::<T>(text).unwrap(), value, "{text}");
    }
}

/// The year of the instant in UTC, from the fields, without any crate.
fn utc_after(stamp: &Stamp, latest: (i32, u8, u8, u32)) -> bool {
    let (y, mo, d) = stamp.day;
    let minutes =
        i64::from(stamp.hour) * 60 + i64::from(stamp.minute) - i64::from(stamp.offset_minutes());
    // Days from 0000-03-01, enough to order instants.
    let days = |y: i32, m: u8, d: u8| -> i64 {
        let (y, m) = if m <= 2 { (y - 1, m + 9) } else { (y, m - 3) };
        let y = i64::from(y);
        y * 365 + y.div_euclid(4) - y.div_euclid(100)
            + y.div_euclid(400)
            + (153 * i64::from(m) + 2) / 5
            + i64::from(d)
    };
    let seconds = (days(y, mo, d) * 1440 + minutes) * 60 + i64::from(stamp.second);
    let (ly, lm, ld, lseconds) = latest;
    seconds > days(ly, lm, ld) * 86_400 + i64::from(lseconds)
}

/// `9999-12-31T23:59:59Z`, the latest second of `UtcDateTime`.
const TIME_LATEST: (i32, u8, u8, u32) = (9999, 12, 31, 86_399);
/// `9999-12-30T22:00:00Z`, the latest second of `jiff::Timestamp`.
const JIFF_LATEST: (i32, u8, u8, u32) = (9999, 12, 30, 22 * 3600);

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]

    #[test]
    fn every_day_reads_as_each_crates_date(day in day()) {
        let (y, m, d) = day;
        let text = format!("{y:04}-{m:02}-{d:02}");
        let chrono_date: NaiveDate = read(&text).unwrap();
        prop_assert_eq!(chrono_date, NaiveDate::from_ymd_opt(y, m.into(), d.into()).unwrap());
        prop_assert_eq!(chrono_date.to_value(), Value::from(text.as_str()));
        let time_date: time::Date = read(&text).unwrap();
        let month = time::Month::try_from(m).unwrap();
        prop_assert_eq!(time_date, time::Date::from_calendar_date(y, month, d).unwrap());
        prop_assert_eq!(time_date.to_value(), Value::from(text.as_str()));
        let jiff_date: jiff::civil::Date = read(&text).unwrap();
        prop_assert_eq!(jiff_date, jiff::civil::date(y as i16, m as i8, d as i8));
        prop_assert_eq!(jiff_date.to_value(), Value::from(text.as_str()));
    }

    #[test]
    fn chrono_holds_every_instant_to_the_nanosecond(stamp in stamp()) {
        let text = stamp.text();
        if stamp.is_finer_than_nanoseconds() {
            prop_assert_eq!(unfit::<DateTime<FixedOffset>>(&text), Unfit::FinerThanNanoseconds);
            prop_assert_eq!(unfit::<DateTime<Utc>>(&text), Unfit::FinerThanNanoseconds);
            return Ok(());
        }
        let theirs = DateTime::parse_from_rfc3339(&text).unwrap();
        let fixed: DateTime<FixedOffset> = read(&text).unwrap();
        prop_assert_eq!(fixed, theirs);
        prop_assert_eq!(fixed.offset(), theirs.offset());
        round_trips(&fixed);
        let utc: DateTime<Utc> = read(&text).unwrap();
        prop_assert_eq!(utc, theirs.with_timezone(&Utc));
        round_trips(&utc);
    }

    #[test]
    fn time_holds_every_instant_but_leap_seconds(stamp in stamp()) {
        let text = stamp.text();
        // `time`'s parser takes a leap second only at the end of a month.
        let theirs = || OffsetDateTime::parse(&text, &Rfc3339).unwrap();
        let expected = if stamp.is_leap_second() {
            Some(Unfit::LeapSecond)
        } else if stamp.is_finer_than_nanoseconds() {
            Some(Unfit::FinerThanNanoseconds)
        } else {
            None
        };
        match &expected {
            Some(reason) => prop_assert_eq!(&unfit::<OffsetDateTime>(&text), reason),
            None => {
                let ours: OffsetDateTime = read(&text).unwrap();
                prop_assert_eq!(ours, theirs());
                prop_assert_eq!(ours.offset(), theirs().offset());
                round_trips(&ours);
            }
        }
        let latest = "9999-12-31T23:59:59.999999999Z";
        match expected {
            Some(reason) => prop_assert_eq!(unfit::<UtcDateTime>(&text), reason),
            None if utc_after(&stamp, TIME_LATEST) => {
                prop_assert_eq!(unfit::<UtcDateTime>(&text), Unfit::AfterLatest { latest });
                prop_assert!(theirs().checked_to_utc().is_none());
            }
            None => {
                let ours: UtcDateTime = read(&text).unwrap();
                prop_assert_eq!(ours, theirs().to_utc());
                round_trips(&ours);
            }
        }
    }

    #[test]
    fn jiff_holds_every_instant_up_to_its_latest(stamp in stamp()) {
        let text = stamp.text();
        let latest = "9999-12-30T22:00:00.999999999Z";
        let expected = if stamp.is_leap_second() {
            Some(Unfit::LeapSecond)
        } else if stamp.is_finer_than_nanoseconds() {
            Some(Unfit::FinerThanNanoseconds)
        } else if utc_after(&stamp, JIFF_LATEST) {
            Some(Unfit::AfterLatest { latest })
        } else {
            None
        };
        let theirs = text.parse::<jiff::Timestamp>();
        match expected {
            Some(reason) => {
                prop_assert_eq!(unfit::<jiff::Timestamp>(&text), reason.clone());
                // Where the reason is the range, `jiff` refuses it too.
                if let Unfit::AfterLatest { .. } = reason {
                    prop_assert!(theirs.is_err());
                }
            }
            None => {
                let ours: jiff::Timestamp = read(&text).unwrap();
                prop_assert_eq!(ours, theirs.unwrap());
                round_trips(&ours);
            }
        }
    }

    /// Whatever the text, every reader answers without panicking, and
    /// reads only what passes the format.
    #[test]
    fn junk_is_refused_without_a_panic(text in "[0-9Tt:.Zz+ -]{0,40}") {
        let format_ok = elicit_runtime::format::Format::DateTime.check(&text).is_ok();
        let results = [
            read::<DateTime<Utc>>(&text).is_ok(),
            read::<DateTime<FixedOffset>>(&text).is_ok(),
            read::<OffsetDateTime>(&text).is_ok(),
            read::<UtcDateTime>(&text).is_ok(),
            read::<jiff::Timestamp>(&text).is_ok(),
        ];
        for ok in results {
            prop_assert!(!ok || format_ok, "{text}");
        }
        for ok in [
            read::<NaiveDate>(&text).is_ok(),
            read::<time::Date>(&text).is_ok(),
            read::<jiff::civil::Date>(&text).is_ok(),
        ] {
            prop_assert!(!ok || elicit_runtime::format::Format::Date.check(&text).is_ok());
        }
    }
}

#[test]
fn refusals_name_the_type_and_the_fix() {
    let error = read::<OffsetDateTime>("2016-12-31T23:59:60Z").unwrap_err();
    assert_eq!(error[0].rule(), Rule::Fit);
    assert_eq!(
        error[0].to_string(),
        "is a valid `date-time` but `time::OffsetDateTime` cannot hold it, since it has no leap \
         seconds: send `:59` instead of `:60`"
    );
    let error = read::<jiff::Timestamp>("9999-12-31T12:00:00Z").unwrap_err();
    assert_eq!(
        error[0].to_string(),
        "is a valid `date-time` but `jiff::Timestamp` cannot hold it, since its latest instant \
         is `9999-12-30T22:00:00.999999999Z`: send an earlier one"
    );
    assert_eq!(
        error[0].expected(),
        "a date and time up to `9999-12-30T22:00:00.999999999Z`"
    );
    let error = read::<DateTime<Utc>>("2025-06-18T09:30:00.1234567891Z").unwrap_err();
    assert_eq!(
        error[0].to_string(),
        "is a valid `date-time` but `chrono::DateTime<Utc>` cannot hold it, since it counts \
         whole nanoseconds: send at most 9 digits after the `.` of the seconds"
    );
    // Not a date at all: the format's own error, as for a string field.
    let error = read::<NaiveDate>("2025-02-30").unwrap_err();
    assert_eq!(error[0].rule(), Rule::Format);
}
