//! `date` and `date-time`: RFC 3339 section 5.6 `full-date` and
//! `date-time`.
//!
//! ```text
//! full-date = date-fullyear "-" date-month "-" date-mday   ; 2025-06-18
//! date-time = full-date "T" full-time                      ; T or t
//! full-time = HH ":" MM ":" SS [ "." 1*DIGIT ] time-offset
//! time-offset = "Z" / ( "+" / "-" ) HH ":" MM              ; Z or z
//! ```

use super::Reason;

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Checks a `full-date`.
pub(super) fn check_date(value: &str) -> Result<(), Reason> {
    let b = value.as_bytes();
    let (year, month, day) = full_date(b).ok_or("expected `YYYY-MM-DD`")?;
    check_day(year, month, day)?;
    match b.get(10) {
        None => Ok(()),
        Some(b'T' | b't') => Err("expected only a date, without a time".into()),
        Some(_) => Err("unexpected text after the date".into()),
    }
}

/// Checks a `date-time`.
pub(super) fn check_date_time(value: &str) -> Result<(), Reason> {
    let b = value.as_bytes();
    let (year, month, day) = full_date(b).ok_or("expected the date as `YYYY-MM-DD`")?;
    check_day(year, month, day)?;
    match b.get(10) {
        Some(b'T' | b't') => {}
        None => return Err("missing the time (such as `T09:30:00Z`)".into()),
        Some(b' ') => return Err("expected `T` between the date and the time, not a space".into()),
        Some(_) => return Err("expected `T` after the date".into()),
    }
    let (hour, minute) = hh_mm(b, 11).ok_or("expected the time as `HH:MM:SS`")?;
    let second = is(b, 16, b':')
        .then(|| digits(b, 17, 2))
        .flatten()
        .ok_or("expected the time as `HH:MM:SS`")?;
    if hour > 23 {
        return Err(format!("the hour {hour:02} does not exist").into());
    }
    if minute > 59 {
        return Err(format!("the minute {minute:02} does not exist").into());
    }
    if second > 60 {
        return Err(format!("the second {second:02} does not exist").into());
    }
    let mut i = 19;
    if is(b, i, b'.') {
        i += 1;
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == start {
            return Err("expected digits after `.`".into());
        }
    }
    let (offset, end) = match b.get(i) {
        Some(b'Z' | b'z') => (0, i + 1),
        Some(&sign @ (b'+' | b'-')) => {
            let (hours, minutes) =
                hh_mm(b, i + 1).ok_or("expected the offset as `+HH:MM` or `-HH:MM`")?;
            if hours > 23 {
                return Err(format!("the offset hour {hours:02} does not exist").into());
            }
            if minutes > 59 {
                return Err(format!("the offset minute {minutes:02} does not exist").into());
            }
            let offset = i64::from(hours * 60 + minutes);
            (if sign == b'-' { -offset } else { offset }, i + 6)
        }
        None => return Err("missing the offset (`Z` or such as `+02:00`)".into()),
        Some(_) => return Err("expected `Z` or an offset such as `+02:00` after the time".into()),
    };
    if end != b.len() {
        return Err("unexpected text after the offset".into());
    }
    // A leap second is inserted at the end of a UTC day.
    let utc = (i64::from(hour * 60 + minute) - offset).rem_euclid(24 * 60);
    if second == 60 && utc != 23 * 60 + 59 {
        return Err("a leap second (`:60`) is only valid at 23:59 UTC".into());
    }
    Ok(())
}

/// Reads `YYYY-MM-DD` at the start of `b`, without checking the calendar.
fn full_date(b: &[u8]) -> Option<(u32, u32, u32)> {
    let year = digits(b, 0, 4)?;
    let month = is(b, 4, b'-').then(|| digits(b, 5, 2))??;
    let day = is(b, 7, b'-').then(|| digits(b, 8, 2))??;
    Some((year, month, day))
}

/// Checks that the day exists in the Gregorian calendar.
fn check_day(year: u32, month: u32, day: u32) -> Result<(), Reason> {
    let Some(name) = month.checked_sub(1).and_then(|m| MONTHS.get(m as usize)) else {
        return Err(format!("the month {month:02} does not exist").into());
    };
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    let days = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if day == 0 {
        return Err("the day 00 does not exist".into());
    }
    if day > days {
        return Err(format!("the day {day} does not exist in {name} {year:04}").into());
    }
    Ok(())
}

/// Reads `HH:MM` at `at`.
fn hh_mm(b: &[u8], at: usize) -> Option<(u32, u32)> {
    let hours = digits(b, at, 2)?;
    let minutes = is(b, at + 2, b':').then(|| digits(b, at + 3, 2))??;
    Some((hours, minutes))
}

/// Reads exactly `n` ASCII digits at `at`.
fn digits(b: &[u8], at: usize, n: usize) -> Option<u32> {
    b.get(at..at.checked_add(n)?)?
        .iter()
        .try_fold(0, |value, &d| {
            d.is_ascii_digit().then(|| value * 10 + u32::from(d - b'0'))
        })
}

/// Whether byte `at` is `expected`.
fn is(b: &[u8], at: usize, expected: u8) -> bool {
    b.get(at) == Some(&expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date_reason(value: &str) -> String {
        match check_date(value) {
            Ok(()) => panic!("{value:?} was accepted"),
            Err(reason) => reason.into_owned(),
        }
    }

    fn date_time_reason(value: &str) -> String {
        match check_date_time(value) {
            Ok(()) => panic!("{value:?} was accepted"),
            Err(reason) => reason.into_owned(),
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
