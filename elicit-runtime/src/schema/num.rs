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
    /// A finite floating-point number.
    Float(f64),
}

impl Num {
    /// The value as `f64`, rounded if it is a large integer.
    pub const fn as_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }

    /// The value as an exact integer, if it has no fractional part and fits
    /// `i128` (`30.0` is `Some(30)`, `30.5` is `None`).
    pub fn as_integer(self) -> Option<i128> {
        match self {
            Num::Int(i) => Some(i),
            Num::Float(f) if f.is_finite() && f.fract() == 0.0 => {
                // 2^127 is exactly representable; anything below it fits.
                if f >= -(2f64.powi(127)) && f < 2f64.powi(127) {
                    Some(f as i128)
                } else {
                    None
                }
            }
            Num::Float(_) => None,
        }
    }

    /// `true` when the value is a whole number (`30`, `30.0`, `-0.0`).
    pub fn is_whole(self) -> bool {
        match self {
            Num::Int(_) => true,
            Num::Float(f) => f.is_finite() && f.fract() == 0.0,
        }
    }

    /// Reads a JSON number exactly where it is an integer.
    pub fn from_json(n: &serde_json::Number) -> Option<Num> {
        if let Some(i) = n.as_i64() {
            Some(Num::Int(i128::from(i)))
        } else if let Some(u) = n.as_u64() {
            Some(Num::Int(i128::from(u)))
        } else {
            n.as_f64().filter(|f| f.is_finite()).map(Num::Float)
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

    /// Compares two numbers in a `const` context; `None` when either is NaN.
    pub const fn const_cmp(self, other: Num) -> Option<Ordering> {
        match (self, other) {
            (Num::Int(a), Num::Int(b)) => Some(if a < b {
                Ordering::Less
            } else if a > b {
                Ordering::Greater
            } else {
                Ordering::Equal
            }),
            (a, b) => {
                let (a, b) = (a.as_f64(), b.as_f64());
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
    pub const fn lt(self, other: Num) -> bool {
        matches!(self.const_cmp(other), Some(Ordering::Less))
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

impl From<f64> for Num {
    fn from(v: f64) -> Num {
        Num::Float(v)
    }
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Num::Int(i) => write!(f, "{i}"),
            Num::Float(v) if v.is_finite() && v.fract() == 0.0 && v.abs() < 1e16 => {
                write!(f, "{v:.1}")
            }
            Num::Float(v) => write!(f, "{v}"),
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
    fn display_is_plain() {
        assert_eq!(Num::Int(-7).to_string(), "-7");
        assert_eq!(Num::Float(2.5).to_string(), "2.5");
        assert_eq!(Num::Float(3.0).to_string(), "3.0");
    }
}
