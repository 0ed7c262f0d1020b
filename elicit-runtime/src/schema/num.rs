//! Numbers as the schema holds them: exact integers or floating point.

use core::cmp::Ordering;
use core::fmt;

/// A number in a schema (`minimum`, `maximum`, `default`) or in content.
///
/// Integers are kept exact, so bounds near `i64::MAX` or `u64::MAX` compare
/// without rounding; fractional values are `f64`, as JSON numbers are.
///
/// ```
/// use elicit_runtime::schema::Num;
///
/// assert!(Num::Int(3) < Num::Float(3.5));
/// assert_eq!(Num::Int(30), Num::Float(30.0));
/// assert_eq!(Num::Float(95.5).to_string(), "95.5");
/// ```
#[derive(Debug, Clone, Copy)]
pub enum Num {
    /// An integer, exact over the whole `i64` and `u64` ranges.
    Int(i128),
    /// A floating-point number; the toolkit only ever builds finite ones
    /// (see [`Num::float`]).
    Float(f64),
}

/// 2^53: beyond it, a float no longer holds every integer exactly.
pub(crate) const EXACT_FLOAT_LIMIT: f64 = 9_007_199_254_740_992.0;

/// 2^127, the first magnitude outside `i128`.
const I128_LIMIT: f64 = 170_141_183_460_469_231_731_687_303_715_884_105_728.0;

impl Num {
    /// A float, or `None` for NaN and the infinities, which JSON cannot hold.
    ///
    /// ```
    /// use elicit_runtime::schema::Num;
    ///
    /// assert!(Num::float(0.5).is_some());
    /// assert!(Num::float(f64::NAN).is_none());
    /// ```
    #[inline]
    pub const fn float(value: f64) -> Option<Num> {
        if value.is_finite() {
            Some(Num::Float(value))
        } else {
            None
        }
    }

    /// `true` unless the value is a NaN or infinite float.
    pub const fn is_finite(self) -> bool {
        match self {
            Num::Int(_) => true,
            Num::Float(f) => f.is_finite(),
        }
    }

    /// The value as `f64`, rounded if it is a large integer.
    pub const fn as_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }

    /// The value as an exact integer, if it has no fractional part and fits
    /// `i128` (`30.0` is `Some(30)`, `30.5` is `None`).
    ///
    /// ```
    /// use elicit_runtime::schema::Num;
    ///
    /// assert_eq!(Num::Float(30.0).as_integer(), Some(30));
    /// assert_eq!(Num::Float(30.5).as_integer(), None);
    /// ```
    pub const fn as_integer(self) -> Option<i128> {
        match self {
            Num::Int(i) => Some(i),
            Num::Float(f) if self.is_whole() && f >= -I128_LIMIT && f < I128_LIMIT => {
                Some(f as i128)
            }
            Num::Float(_) => None,
        }
    }

    /// `true` when the value is a whole number (`30`, `30.0`, `-0.0`).
    #[inline]
    pub const fn is_whole(self) -> bool {
        match self {
            Num::Int(_) => true,
            // Beyond 2^53 a finite float has no fractional bits left.
            Num::Float(f) => {
                f.is_finite() && (f.abs() >= EXACT_FLOAT_LIMIT || f == (f as i64) as f64)
            }
        }
    }

    /// `true` for zero (`0`, `0.0` and `-0.0`).
    ///
    /// ```
    /// use elicit_runtime::schema::Num;
    ///
    /// assert!(Num::Float(-0.0).is_zero());
    /// assert!(!Num::Int(1).is_zero());
    /// ```
    pub const fn is_zero(self) -> bool {
        match self {
            Num::Int(i) => i == 0,
            Num::Float(f) => f == 0.0,
        }
    }

    /// Reads a JSON number exactly where it is an integer.
    #[inline]
    pub fn from_json(n: &serde_json::Number) -> Option<Num> {
        if let Some(i) = n.as_i64() {
            Some(Num::Int(i128::from(i)))
        } else if let Some(u) = n.as_u64() {
            Some(Num::Int(i128::from(u)))
        } else {
            n.as_f64().and_then(Num::float)
        }
    }

    /// The JSON number for this value, `None` for a non-finite float or an
    /// integer beyond both `i64` and `u64`.
    pub fn to_json(self) -> Option<serde_json::Number> {
        match self {
            Num::Int(i) => {
                if let Ok(v) = i64::try_from(i) {
                    Some(v.into())
                } else if let Ok(v) = u64::try_from(i) {
                    Some(v.into())
                } else {
                    serde_json::Number::from_f64(i as f64)
                }
            }
            Num::Float(f) => serde_json::Number::from_f64(f),
        }
    }

    /// Compares two numbers exactly, in a `const` context; `None` when
    /// either is NaN. An integer and a float compare by value, without
    /// rounding the integer.
    #[inline]
    pub const fn const_cmp(self, other: Num) -> Option<Ordering> {
        match (self, other) {
            (Num::Int(a), Num::Int(b)) => Some(cmp_int(a, b)),
            (Num::Int(a), Num::Float(b)) => match cmp_int_float(a, b) {
                Some(order) => Some(order),
                None => None,
            },
            (Num::Float(a), Num::Int(b)) => match cmp_int_float(b, a) {
                Some(order) => Some(order.reverse()),
                None => None,
            },
            (Num::Float(a), Num::Float(b)) => {
                if a < b {
                    Some(Ordering::Less)
                } else if a > b {
                    Some(Ordering::Greater)
                } else if a == b {
                    Some(Ordering::Equal)
                } else {
                    None
                }
            }
        }
    }

    /// `self < other`, usable in `const` code.
    #[inline]
    pub const fn lt(self, other: Num) -> bool {
        matches!(self.const_cmp(other), Some(Ordering::Less))
    }
}

#[inline]
const fn cmp_int(a: i128, b: i128) -> Ordering {
    if a < b {
        Ordering::Less
    } else if a > b {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

/// `a` against `b` exactly: the float's integer part first, then its
/// fraction.
#[inline]
const fn cmp_int_float(a: i128, b: f64) -> Option<Ordering> {
    if b.is_nan() {
        return None;
    }
    if b >= I128_LIMIT {
        return Some(Ordering::Less);
    }
    if b < -I128_LIMIT {
        return Some(Ordering::Greater);
    }
    // In range: truncation is exact, and so is the leftover fraction.
    let whole = b as i128;
    match cmp_int(a, whole) {
        Ordering::Equal => {
            let fraction = b - whole as f64;
            Some(if fraction > 0.0 {
                Ordering::Less
            } else if fraction < 0.0 {
                Ordering::Greater
            } else {
                Ordering::Equal
            })
        }
        order => Some(order),
    }
}

impl PartialEq for Num {
    fn eq(&self, other: &Num) -> bool {
        matches!(self.const_cmp(*other), Some(Ordering::Equal))
    }
}

impl PartialOrd for Num {
    fn partial_cmp(&self, other: &Num) -> Option<Ordering> {
        self.const_cmp(*other)
    }
}

impl From<i64> for Num {
    fn from(v: i64) -> Num {
        Num::Int(i128::from(v))
    }
}

impl From<u64> for Num {
    fn from(v: u64) -> Num {
        Num::Int(i128::from(v))
    }
}

/// Written as JSON writes it: integers in full, floats in their shortest
/// form that reads back the same (`95.5`, `3.0`, `1e+300`).
impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Num::Int(i) => write!(f, "{i}"),
            Num::Float(v) => match serde_json::Number::from_f64(*v) {
                Some(n) => write!(f, "{n}"),
                None => write!(f, "{v}"),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Num;

    #[test]
    fn integers_compare_exactly_even_beyond_f64() {
        let max = Num::Int(i128::from(u64::MAX));
        let below = Num::Int(i128::from(u64::MAX) - 1);
        assert!(below < max);
        assert!(Num::Int(i128::from(i64::MIN)) < Num::Int(0));
        assert!(Num::Float(f64::NAN).partial_cmp(&Num::Int(0)).is_none());
    }

    #[test]
    fn whole_floats_are_integers() {
        assert_eq!(Num::Float(30.0).as_integer(), Some(30));
        assert_eq!(Num::Float(-0.0).as_integer(), Some(0));
        assert_eq!(Num::Float(30.5).as_integer(), None);
        assert_eq!(Num::Float(1e39).as_integer(), None);
        assert_eq!(Num::Float(f64::INFINITY).as_integer(), None);
        assert!(Num::Float(1e20).is_whole());
    }

    #[test]
    fn json_numbers_keep_their_exact_value() {
        let big: serde_json::Number = u64::MAX.into();
        assert_eq!(Num::from_json(&big), Some(Num::Int(i128::from(u64::MAX))));
        assert_eq!(Num::Int(i128::from(u64::MAX)).to_json(), Some(big));
        assert_eq!(Num::Int(-5).to_json(), Some((-5i64).into()));
        assert_eq!(Num::Float(f64::NAN).to_json(), None);
    }

    #[test]
    fn integers_and_floats_compare_without_rounding() {
        let above = Num::Int((1 << 53) + 1);
        let float = Num::Float(9_007_199_254_740_992.0);
        assert!(float < above);
        assert!(above > float);
        assert_ne!(above, float);
        assert!(Num::Int(i128::from(u64::MAX)) < Num::Float(18_446_744_073_709_551_616.0));
        assert!(Num::Int(3) < Num::Float(3.5));
        assert!(Num::Int(-3) > Num::Float(-3.5));
        assert!(Num::Int(i128::MAX) < Num::Float(1e39));
        assert!(Num::Int(i128::MIN) > Num::Float(-1e39));
        assert_eq!(Num::Int(30), Num::Float(30.0));
        assert!(Num::Int(0).partial_cmp(&Num::Float(f64::NAN)).is_none());
    }

    #[test]
    fn display_is_plain() {
        assert_eq!(Num::Int(-7).to_string(), "-7");
        assert_eq!(Num::Float(2.5).to_string(), "2.5");
        assert_eq!(Num::Float(3.0).to_string(), "3.0");
        assert_eq!(Num::Float(1e300).to_string(), "1e+300");
    }
}
