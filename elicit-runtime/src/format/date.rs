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
//! against the length first.

use super::Reason;
use super::bytes::{byte, is};

/// Checks a `full-date`.
pub(super) const fn check_date(value: &str) -> Result<(), Reason> {
    let b = value.as_bytes();
    let Some((year, month, day)) = full_date(b) else {
        return Err(Reason::ExpectedDate);
    };
    tri!(check_day(year, month, day));
    match byte(b, 10) {
        None => Ok(()),
        Some(b'T' | b't') => Err(Reason::DateOnly),
        Some(_) => Err(Reason::TextAfterDate),
    }
}

/// Checks a `date-time`.
pub(super) const fn check_date_time(value: &str) -> Result<(), Reason> {
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
    let mut i = 19;
    if is(b, i, b'.') {
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return Err(Reason::ExpectedFractionDigits);
        }
    }
    // `i <= b.len()` here, so `i + 1` and `i + 6` cannot overflow.
    let (offset, end) = match byte(b, i) {
        Some(b'Z' | b'z') => (0, i + 1),
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
            let offset = hours as i64 * 60 + minutes as i64;
            (if sign == b'-' { -offset } else { offset }, i + 6)
        }
        None => return Err(Reason::MissingOffset),
        Some(_) => return Err(Reason::ExpectedOffsetAfterTime),
    };
    if end != b.len() {
        return Err(Reason::TextAfterOffset);
    }
    // A leap second is inserted at the end of a UTC day.
    let utc = (hour as i64 * 60 + minute as i64 - offset).rem_euclid(24 * 60);
    if second == 60 && utc != 23 * 60 + 59 {
        return Err(Reason::MisplacedLeapSecond);
    }
    Ok(())
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
        match check_date(value) {
            Ok(()) => panic!("{value:?} was accepted"),
            Err(reason) => reason.to_string(),
        }
    }

    fn date_time_reason(value: &str) -> String {
        match check_date_time(value) {
            Ok(()) => panic!("{value:?} was accepted"),
            Err(reason) => reason.to_string(),
        }
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
            assert_eq!(check_date(value), Ok(()), "{value}");
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
            assert_eq!(check_date_time(value), Ok(()), "{value}");
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
            assert_eq!(check_date_time(value), Ok(()), "{value}");
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
