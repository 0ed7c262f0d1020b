//! `date` and `date-time`: RFC 3339 section 5.6 `full-date` and
//! `date-time`.
//!
//! ```text
//! full-date = date-fullyear "-" date-month "-" date-mday   ; 2025-06-18
//! date-time = full-date "T" full-time                      ; T or t
//! full-time = HH ":" MM ":" SS [ "." 1*DIGIT ] time-offset
//! time-offset = "Z" / ( "+" / "-" ) HH ":" MM              ; Z or z
//! ```
//!
//! Every field sits at a fixed byte offset; each read checks its offset
//! against the length first. A check that passes returns the fields it
//! read ([`DateParts`], [`DateTimeParts`]), which is how the date and time
//! types of other crates are built from content.

use core::fmt;

use super::Reason;
use super::bytes::{byte, is};

/// The fields of a valid `full-date`; written back by `Display`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DateParts {
    /// `0000` to `9999` when read; any year when written (one outside
    /// those is written `+YYYYYY` or `-YYYYYY`, which the check refuses).
    pub year: i32,
    /// `1` to `12`.
    pub month: u8,
    /// A day that exists in the month.
    pub day: u8,
}

/// The fields of a valid `date-time`; written back by `Display`, with the
/// fewest digits of the fraction that keep its value, and `Z` for a zero
/// offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DateTimeParts {
    /// The date, in the offset's local time.
    pub date: DateParts,
    /// `0` to `23`.
    pub hour: u8,
    /// `0` to `59`.
    pub minute: u8,
    /// `0` to `60`; `60` (a leap second) only at 23:59 UTC.
    pub second: u8,
    /// The first nine digits of the fraction of the second, in
    /// nanoseconds.
    pub nanosecond: u32,
    /// How many digits the fraction has (`0` without one); those after the
    /// ninth are not in `nanosecond`.
    pub fraction_digits: usize,
    /// The offset east of UTC, in seconds: whole minutes from `-23:59` to
    /// `+23:59` when read (`Z` and `-00:00` are `0`); an offset with
    /// seconds is written `+HH:MM:SS`, which the check refuses.
    pub offset_seconds: i32,
}

impl DateTimeParts {
    /// Seconds since 1970-01-01T00:00:00Z of the instant, leap second
    /// counted as the first second of the next day (so `23:59:60Z` and the
    /// next midnight are the same second).
    pub(crate) const fn unix_seconds(&self) -> i64 {
        let days = days_from_civil(self.date.year as i64, self.date.month, self.date.day);
        days * 86_400 + self.hour as i64 * 3_600 + self.minute as i64 * 60 + self.second as i64
            - self.offset_seconds as i64
    }
}

impl fmt::Display for DateParts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if (0..=9999).contains(&self.year) {
            write!(f, "{:04}", self.year)?;
        } else {
            write!(f, "{:+07}", self.year)?;
        }
        write!(f, "-{:02}-{:02}", self.month, self.day)
    }
}

impl fmt::Display for DateTimeParts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}T{:02}:{:02}:{:02}",
            self.date, self.hour, self.minute, self.second
        )?;
        if self.nanosecond > 0 {
            let mut digits = format!("{:09}", self.nanosecond);
            while digits.ends_with('0') {
                digits.pop();
            }
            write!(f, ".{digits}")?;
        }
        if self.offset_seconds == 0 {
            return f.write_str("Z");
        }
        let sign = if self.offset_seconds < 0 { '-' } else { '+' };
        let offset = self.offset_seconds.unsigned_abs();
        write!(f, "{sign}{:02}:{:02}", offset / 3600, offset / 60 % 60)?;
        if !offset.is_multiple_of(60) {
            write!(f, ":{:02}", offset % 60)?;
        }
        Ok(())
    }
}

/// Days from 1970-01-01 to the Gregorian date `year-month-day`
/// (negative before it), for any year.
pub(crate) const fn days_from_civil(year: i64, month: u8, day: u8) -> i64 {
    // Howard Hinnant's `days_from_civil`: years start in March, so the leap
    // day is the last day of the year.
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month = month as i64;
    let day_of_year =
        (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + day as i64 - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// Reads a `full-date`.
pub(super) const fn date(value: &str) -> Result<DateParts, Reason> {
    let b = value.as_bytes();
    let Some((year, month, day)) = full_date(b) else {
        return Err(Reason::ExpectedDate);
    };
    tri!(check_day(year, month, day));
    match byte(b, 10) {
        None => Ok(DateParts {
            year: year as i32,
            month,
            day,
        }),
        Some(b'T' | b't') => Err(Reason::DateOnly),
        Some(_) => Err(Reason::TextAfterDate),
    }
}

/// Reads a `date-time`: a `full-date`, `T`, a `partial-time` and a
/// `time-offset`, each read in its turn.
pub(super) const fn date_time(value: &str) -> Result<DateTimeParts, Reason> {
    let b = value.as_bytes();
    let Some((year, month, day)) = full_date(b) else {
        return Err(Reason::ExpectedDateOfDateTime);
    };
    tri!(check_day(year, month, day));
    match byte(b, 10) {
        Some(b'T' | b't') => {}
        None => return Err(Reason::MissingTime),
        Some(b' ') => return Err(Reason::SpaceBeforeTime),
        Some(_) => return Err(Reason::ExpectedT),
    }
    let (hour, minute, second) = tri!(time_of_day(b));
    let (nanosecond, fraction_digits, i) = tri!(fraction(b, 19));
    let (offset, end) = tri!(time_offset(b, i));
    if end != b.len() {
        return Err(Reason::TextAfterOffset);
    }
    // A leap second is inserted at the end of a UTC day.
    let utc = (hour as i16 * 60 + minute as i16 - offset).rem_euclid(24 * 60);
    if second == 60 && utc != 23 * 60 + 59 {
        return Err(Reason::MisplacedLeapSecond);
    }
    Ok(DateTimeParts {
        date: DateParts {
            year: year as i32,
            month,
            day,
        },
        hour,
        minute,
        second,
        nanosecond,
        fraction_digits,
        offset_seconds: offset as i32 * 60,
    })
}

/// Reads `hh:mm:ss` at byte 11 of a `date-time` (after its `T`) and checks
/// that each part exists (a second of 60 is a leap second, placed later).
const fn time_of_day(b: &[u8]) -> Result<(u8, u8, u8), Reason> {
    let Some((hour, minute)) = hh_mm(b, 11) else {
        return Err(Reason::ExpectedTime);
    };
    if !is(b, 16, b':') {
        return Err(Reason::ExpectedTime);
    }
    let Some(second) = two_digits(b, 17) else {
        return Err(Reason::ExpectedTime);
    };
    if hour > 23 {
        return Err(Reason::HourDoesNotExist { hour });
    }
    if minute > 59 {
        return Err(Reason::MinuteDoesNotExist { minute });
    }
    if second > 60 {
        return Err(Reason::SecondDoesNotExist { second });
    }
    Ok((hour, minute, second))
}

/// Reads the `time-secfrac` at `i`, if any: the nanoseconds (digits past
/// the ninth are read and dropped), the number of digits, and where the
/// text goes on.
const fn fraction(b: &[u8], mut i: usize) -> Result<(u32, usize, usize), Reason> {
    if !is(b, i, b'.') {
        return Ok((0, 0, i));
    }
    i += 1;
    let start = i;
    let mut nanosecond = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        if i - start < 9 {
            nanosecond = nanosecond * 10 + (b[i] - b'0') as u32;
        }
        i += 1;
    }
    if i == start {
        return Err(Reason::ExpectedFractionDigits);
    }
    let fraction_digits = i - start;
    // Fewer than nine digits: scale to nanoseconds.
    let mut k = fraction_digits;
    while k < 9 {
        nanosecond *= 10;
        k += 1;
    }
    Ok((nanosecond, fraction_digits, i))
}

/// Reads the `time-offset` at `i` (`Z`, or `+hh:mm` / `-hh:mm`): the offset
/// in minutes east of UTC, and where the text goes on.
const fn time_offset(b: &[u8], i: usize) -> Result<(i16, usize), Reason> {
    // `i <= b.len()` here, so `i + 1` and `i + 6` cannot overflow.
    match byte(b, i) {
        Some(b'Z' | b'z') => Ok((0, i + 1)),
        Some(sign @ (b'+' | b'-')) => {
            let Some((hours, minutes)) = hh_mm(b, i + 1) else {
                return Err(Reason::ExpectedOffset);
            };
            if hours > 23 {
                return Err(Reason::OffsetHourDoesNotExist { hour: hours });
            }
            if minutes > 59 {
                return Err(Reason::OffsetMinuteDoesNotExist { minute: minutes });
            }
            let offset = hours as i16 * 60 + minutes as i16;
            Ok((if sign == b'-' { -offset } else { offset }, i + 6))
        }
        None => Err(Reason::MissingOffset),
        Some(_) => Err(Reason::ExpectedOffsetAfterTime),
    }
}

/// Reads `YYYY-MM-DD` at the start of `b`, without checking the calendar.
const fn full_date(b: &[u8]) -> Option<(u16, u8, u8)> {
    let Some(year) = digits(b, 0, 4) else {
        return None;
    };
    if !is(b, 4, b'-') {
        return None;
    }
    let Some(month) = two_digits(b, 5) else {
        return None;
    };
    if !is(b, 7, b'-') {
        return None;
    }
    let Some(day) = two_digits(b, 8) else {
        return None;
    };
    // Four digits make at most 9999.
    Some((year as u16, month, day))
}

/// Checks that the day exists in the Gregorian calendar.
const fn check_day(year: u16, month: u8, day: u8) -> Result<(), Reason> {
    if month == 0 || month > 12 {
        return Err(Reason::MonthDoesNotExist { month });
    }
    let days = days_in_month(year, month);
    if day == 0 {
        return Err(Reason::DayZero);
    }
    if day > days {
        return Err(Reason::DayDoesNotExist { day, month, year });
    }
    Ok(())
}

/// The days of `month` (1 to 12) in `year`, leap years counted.
pub(super) const fn days_in_month(year: u16, month: u8) -> u8 {
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Reads `HH:MM` at `at`.
const fn hh_mm(b: &[u8], at: usize) -> Option<(u8, u8)> {
    let Some(hours) = two_digits(b, at) else {
        return None;
    };
    if !is(b, at.saturating_add(2), b':') {
        return None;
    }
    match two_digits(b, at.saturating_add(3)) {
        Some(minutes) => Some((hours, minutes)),
        None => None,
    }
}

/// Reads exactly two ASCII digits at `at`.
const fn two_digits(b: &[u8], at: usize) -> Option<u8> {
    match digits(b, at, 2) {
        // Two digits make at most 99.
        Some(value) => Some(value as u8),
        None => None,
    }
}

/// Reads exactly `n` (at most 4) ASCII digits at `at`.
const fn digits(b: &[u8], at: usize, n: usize) -> Option<u32> {
    // After this test, `at + k < at + n <= b.len()` for every `k < n`.
    if at > b.len() || n > b.len() - at || n > 4 {
        return None;
    }
    let mut value = 0;
    let mut k = 0;
    while k < n {
        let d = b[at + k];
        if !d.is_ascii_digit() {
            return None;
        }
        value = value * 10 + (d - b'0') as u32;
        k += 1;
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date_reason(value: &str) -> String {
        match date(value) {
            Ok(parts) => panic!("{value:?} was accepted as {parts:?}"),
            Err(reason) => reason.to_string(),
        }
    }

    fn date_time_reason(value: &str) -> String {
        match date_time(value) {
            Ok(parts) => panic!("{value:?} was accepted as {parts:?}"),
            Err(reason) => reason.to_string(),
        }
    }

    #[test]
    fn parts_are_read_and_written_back() {
        let parts = date_time("1937-01-01T12:00:27.87+00:20").unwrap();
        assert_eq!(
            parts,
            DateTimeParts {
                date: DateParts {
                    year: 1937,
                    month: 1,
                    day: 1
                },
                hour: 12,
                minute: 0,
                second: 27,
                nanosecond: 870_000_000,
                fraction_digits: 2,
                offset_seconds: 1200,
            }
        );
        assert_eq!(parts.to_string(), "1937-01-01T12:00:27.87+00:20");
        let fine = date_time("2025-06-18t09:30:00.1234567891z").unwrap();
        assert_eq!((fine.nanosecond, fine.fraction_digits), (123_456_789, 10));
        assert_eq!(fine.to_string(), "2025-06-18T09:30:00.123456789Z");
        let west = date_time("1990-12-31T15:59:60-08:00").unwrap();
        assert_eq!(west.offset_seconds, -8 * 3600);
        assert_eq!(west.to_string(), "1990-12-31T15:59:60-08:00");
        assert_eq!(date("0004-02-29").unwrap().to_string(), "0004-02-29");
        let far = DateParts {
            year: 10000,
            month: 1,
            day: 1,
        };
        assert_eq!(far.to_string(), "+010000-01-01");
        assert!(date(&far.to_string()).is_err());
    }

    #[test]
    fn unix_seconds_count_from_the_epoch() {
        let seconds = |value: &str| date_time(value).unwrap().unix_seconds();
        assert_eq!(seconds("1970-01-01T00:00:00Z"), 0);
        assert_eq!(seconds("1970-01-01T01:00:00+01:00"), 0);
        assert_eq!(seconds("2000-03-01T00:00:00Z"), 951_868_800);
        assert_eq!(seconds("0000-01-01T00:00:00Z"), -62_167_219_200);
        assert_eq!(seconds("9999-12-31T23:59:59Z"), 253_402_300_799);
        // A leap second is the first second of the next day.
        assert_eq!(
            seconds("2016-12-31T23:59:60Z"),
            seconds("2017-01-01T00:00:00Z")
        );
    }

    #[test]
    fn accepts_real_dates() {
        for value in [
            "2025-06-18",
            "2024-02-29",
            "2000-02-29",
            "1600-02-29",
            "2025-02-28",
            "0000-01-01",
            "0004-02-29",
            "9999-12-31",
            "2025-01-31",
            "2025-03-31",
            "2025-04-30",
            "2025-06-30",
            "2025-09-30",
            "2025-11-30",
            "2025-12-31",
        ] {
            assert!(date(value).is_ok(), "{value}");
        }
    }

    #[test]
    fn rejects_days_that_do_not_exist() {
        assert_eq!(
            date_reason("2025-02-30"),
            "the day 30 does not exist in february 2025"
        );
        assert_eq!(
            date_reason("2023-02-29"),
            "the day 29 does not exist in february 2023"
        );
        assert_eq!(
            date_reason("1900-02-29"),
            "the day 29 does not exist in february 1900"
        );
        assert_eq!(
            date_reason("0100-02-29"),
            "the day 29 does not exist in february 0100"
        );
        assert_eq!(
            date_reason("2025-04-31"),
            "the day 31 does not exist in april 2025"
        );
        assert_eq!(
            date_reason("2025-01-32"),
            "the day 32 does not exist in january 2025"
        );
        assert_eq!(
            date_reason("2025-12-99"),
            "the day 99 does not exist in december 2025"
        );
        assert_eq!(date_reason("2025-01-00"), "the day 00 does not exist");
        assert_eq!(date_reason("2025-13-01"), "the month 13 does not exist");
        assert_eq!(date_reason("2025-00-10"), "the month 00 does not exist");
        assert_eq!(date_reason("2025-99-99"), "the month 99 does not exist");
    }

    #[test]
    fn rejects_malformed_dates() {
        for value in [
            "25-06-18",
            "2025-6-18",
            "2025-06-1",
            "2025/06/18",
            "20250618",
            "2025-06",
            "2025",
            " 2025-06-18",
            "+2025-06-18",
            "-2025-06-18",
            "12025-06-18",
            "2025-06-1a",
            "2025-06-1é",
            "２０２５-06-18",
            "2025-٠٦-18",
            "2025--06-18",
            "June 18, 2025",
            "18-06-2025",
        ] {
            assert_eq!(date_reason(value), "expected `YYYY-MM-DD`", "{value}");
        }
        assert_eq!(
            date_reason("2025-06-18T09:30:00Z"),
            "expected only a date, without a time"
        );
        assert_eq!(
            date_reason("2025-06-18t09:30:00Z"),
            "expected only a date, without a time"
        );
        for value in [
            "2025-06-18 ",
            "2025-06-18\n",
            "2025-06-180",
            "2025-06-18Z",
            "2025-06-18é",
        ] {
            assert_eq!(
                date_reason(value),
                "unexpected text after the date",
                "{value}"
            );
        }
    }

    #[test]
    fn accepts_date_times() {
        for value in [
            "2025-06-18T09:30:00Z",
            "2025-06-18t09:30:00z",
            "2025-06-18T00:00:00Z",
            "2025-06-18T23:59:59Z",
            "2025-06-18T09:30:00.5Z",
            "2025-06-18T09:30:00.123456789+02:00",
            "2025-06-18T09:30:00-05:30",
            "2025-06-18T09:30:00+00:00",
            "2025-06-18T09:30:00-00:00",
            "2025-06-18T00:00:00+23:59",
            "2025-06-18T00:00:00-23:59",
            "2024-02-29T12:00:00Z",
            "1985-04-12T23:20:50.52Z",
            "1996-12-19T16:39:57-08:00",
            "1937-01-01T12:00:27.87+00:20",
        ] {
            assert!(date_time(value).is_ok(), "{value}");
        }
    }

    #[test]
    fn leap_seconds_only_at_the_end_of_a_utc_day() {
        for value in [
            "2016-12-31T23:59:60Z",
            "1990-12-31T23:59:60z",
            "2016-12-31T23:59:60.999Z",
            "1990-12-31T15:59:60-08:00",
            "2017-01-01T01:29:60+01:30",
            "2017-01-01T00:59:60+01:00",
            "2016-12-31T23:59:60+00:00",
        ] {
            assert!(date_time(value).is_ok(), "{value}");
        }
        for value in [
            "2025-06-18T09:30:60Z",
            "2016-12-31T23:58:60Z",
            "2016-12-31T23:59:60+01:00",
            "2016-12-31T23:59:60-00:01",
            "2016-12-31T00:00:60Z",
        ] {
            assert_eq!(
                date_time_reason(value),
                "a leap second (`:60`) is only valid at 23:59 UTC",
                "{value}"
            );
        }
    }

    #[test]
    fn rejects_out_of_range_times() {
        let cases = [
            ("2025-06-18T24:00:00Z", "the hour 24 does not exist"),
            ("2025-06-18T99:00:00Z", "the hour 99 does not exist"),
            ("2025-06-18T09:60:00Z", "the minute 60 does not exist"),
            ("2025-06-18T09:30:61Z", "the second 61 does not exist"),
            (
                "2025-06-18T09:30:00+24:00",
                "the offset hour 24 does not exist",
            ),
            (
                "2025-06-18T09:30:00-02:60",
                "the offset minute 60 does not exist",
            ),
            (
                "2023-02-29T09:30:00Z",
                "the day 29 does not exist in february 2023",
            ),
            ("2025-13-01T09:30:00Z", "the month 13 does not exist"),
        ];
        for (value, expected) in cases {
            assert_eq!(date_time_reason(value), expected, "{value}");
        }
    }

    #[test]
    fn rejects_malformed_date_times() {
        let cases = [
            ("2025-6-18T09:30:00Z", "expected the date as `YYYY-MM-DD`"),
            ("18/06/2025 09:30", "expected the date as `YYYY-MM-DD`"),
            ("2025-06-18", "missing the time (such as `T09:30:00Z`)"),
            (
                "2025-06-18 09:30:00Z",
                "expected `T` between the date and the time, not a space",
            ),
            ("2025-06-18X09:30:00Z", "expected `T` after the date"),
            ("2025-06-18_09:30:00Z", "expected `T` after the date"),
            ("2025-06-18é09:30:00Z", "expected `T` after the date"),
            ("2025-06-18T", "expected the time as `HH:MM:SS`"),
            ("2025-06-18T09:30Z", "expected the time as `HH:MM:SS`"),
            ("2025-06-18T9:30:00Z", "expected the time as `HH:MM:SS`"),
            ("2025-06-18T09:3:00Z", "expected the time as `HH:MM:SS`"),
            ("2025-06-18T09:30:0Z", "expected the time as `HH:MM:SS`"),
            ("2025-06-18T09-30-00Z", "expected the time as `HH:MM:SS`"),
            (
                "2025-06-18T09:30:00",
                "missing the offset (`Z` or such as `+02:00`)",
            ),
            (
                "2025-06-18T09:30:00.25",
                "missing the offset (`Z` or such as `+02:00`)",
            ),
            ("2025-06-18T09:30:00.Z", "expected digits after `.`"),
            ("2025-06-18T09:30:00.", "expected digits after `.`"),
            (
                "2025-06-18T09:30:00,5Z",
                "expected `Z` or an offset such as `+02:00` after the time",
            ),
            (
                "2025-06-18T09:30:00 Z",
                "expected `Z` or an offset such as `+02:00` after the time",
            ),
            (
                "2025-06-18T09:30:00UTC",
                "expected `Z` or an offset such as `+02:00` after the time",
            ),
            (
                "2025-06-18T09:30:00.5.5Z",
                "expected `Z` or an offset such as `+02:00` after the time",
            ),
            (
                "2025-06-18T09:30:00+2:00",
                "expected the offset as `+HH:MM` or `-HH:MM`",
            ),
            (
                "2025-06-18T09:30:00+0200",
                "expected the offset as `+HH:MM` or `-HH:MM`",
            ),
            (
                "2025-06-18T09:30:00+02",
                "expected the offset as `+HH:MM` or `-HH:MM`",
            ),
            (
                "2025-06-18T09:30:00+",
                "expected the offset as `+HH:MM` or `-HH:MM`",
            ),
            (
                "2025-06-18T09:30:00−02:00",
                "expected `Z` or an offset such as `+02:00` after the time",
            ),
            ("2025-06-18T09:30:00ZZ", "unexpected text after the offset"),
            ("2025-06-18T09:30:00Z ", "unexpected text after the offset"),
            (
                "2025-06-18T09:30:00+02:00:00",
                "unexpected text after the offset",
            ),
            (
                "2025-06-18T09:30:00+02:00Z",
                "unexpected text after the offset",
            ),
            ("2025-06-18T09:30:00Zé", "unexpected text after the offset"),
        ];
        for (value, expected) in cases {
            assert_eq!(date_time_reason(value), expected, "{value}");
        }
    }
}
