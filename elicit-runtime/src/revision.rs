//! The protocol revisions the toolkit speaks, and how a negotiated version
//! string maps onto them.

use core::fmt;
use core::str::FromStr;

/// An MCP protocol revision with elicitation.
///
/// ```
/// use elicit_runtime::protocol::Revision;
///
/// assert_eq!("2025-11-25".parse(), Ok(Revision::V2025_11_25));
/// // A later revision than any known reads as the newest known one.
/// assert_eq!("2027-01-01".parse(), Ok(Revision::LATEST));
/// // An older one has no elicitation.
/// assert!("2025-03-26".parse::<Revision>().is_err());
/// assert_eq!(Revision::V2025_06_18.as_str(), "2025-06-18");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Revision {
    /// 2025-06-18: elicitation introduced (form only).
    V2025_06_18,
    /// 2025-11-25: defaults, titled and multi-select enums, URL mode.
    V2025_11_25,
    /// 2026-07-28: input-required results instead of server-to-client
    /// requests.
    V2026_07_28,
}

impl Revision {
    /// Every known revision, oldest first.
    pub const ALL: [Revision; 3] = [
        Revision::V2025_06_18,
        Revision::V2025_11_25,
        Revision::V2026_07_28,
    ];

    /// The newest known revision.
    pub const LATEST: Revision = Revision::V2026_07_28;

    /// The version string, as negotiated in `initialize`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Revision::V2025_06_18 => "2025-06-18",
            Revision::V2025_11_25 => "2025-11-25",
            Revision::V2026_07_28 => "2026-07-28",
        }
    }

    /// Parses a negotiated version string (`YYYY-MM-DD`): a known revision
    /// is itself, a later date is the newest known revision, an earlier one
    /// has no elicitation.
    pub const fn parse(version: &str) -> Result<Revision, RevisionError> {
        let Some(date) = date_number(version.as_bytes()) else {
            return Err(RevisionError::Malformed);
        };
        let mut i = Revision::ALL.len();
        while i > 0 {
            i -= 1;
            let known = Revision::ALL[i];
            let Some(known_date) = date_number(known.as_str().as_bytes()) else {
                return Err(RevisionError::Malformed);
            };
            if date >= known_date {
                return if date == known_date || i == Revision::ALL.len() - 1 {
                    Ok(known)
                } else {
                    Err(RevisionError::Unknown)
                };
            }
        }
        Err(RevisionError::TooOld)
    }

    /// `true` from 2025-11-25: `default` on every kind, titled `oneOf`
    /// enums, multi-select, `$schema`, URL mode.
    pub const fn has_extended_schemas(self) -> bool {
        !matches!(self, Revision::V2025_06_18)
    }

    /// `true` from 2026-07-28: the server asks through an input-required
    /// result, not a server-to-client request.
    pub const fn uses_input_required(self) -> bool {
        matches!(self, Revision::V2026_07_28)
    }

    /// `true` on 2025-11-25 only: a URL-mode request carries an
    /// `elicitationId`, which `notifications/elicitation/complete` names
    /// (2026-07-28 removed both).
    pub const fn has_elicitation_id(self) -> bool {
        self.has_extended_schemas() && !self.uses_input_required()
    }
}

/// `YYYY-MM-DD` as the number `YYYYMMDD`, if it has that shape.
const fn date_number(bytes: &[u8]) -> Option<u32> {
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let mut value = 0u32;
    let mut i = 0;
    while i < bytes.len() {
        if i != 4 && i != 7 {
            let b = bytes[i];
            if !b.is_ascii_digit() {
                return None;
            }
            value = value * 10 + (b - b'0') as u32;
        }
        i += 1;
    }
    Some(value)
}

/// Why a version string names no revision with elicitation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum RevisionError {
    /// Not of the form `YYYY-MM-DD`.
    Malformed,
    /// Earlier than 2025-06-18, which introduced elicitation.
    TooOld,
    /// Between known revisions, so not a published one.
    Unknown,
}

impl fmt::Display for RevisionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RevisionError::Malformed => {
                "a protocol version is a date such as `2025-11-25`"
            }
            RevisionError::TooOld => {
                "this protocol version has no elicitation: it came with `2025-06-18`; negotiate `2025-06-18` or later"
            }
            RevisionError::Unknown => {
                "this protocol version is not a published revision: use `2025-06-18`, `2025-11-25` or `2026-07-28`"
            }
        })
    }
}

impl std::error::Error for RevisionError {}

impl FromStr for Revision {
    type Err = RevisionError;

    fn from_str(version: &str) -> Result<Revision, RevisionError> {
        Revision::parse(version)
    }
}

impl fmt::Display for Revision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for Revision {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for Revision {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Revision, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Revision::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::{Revision, RevisionError};

    #[test]
    fn versions_map_onto_revisions() {
        for revision in Revision::ALL {
            assert_eq!(Revision::parse(revision.as_str()), Ok(revision));
        }
        assert_eq!(Revision::parse("2030-12-31"), Ok(Revision::LATEST));
        assert_eq!(Revision::parse("2026-07-29"), Ok(Revision::LATEST));
        assert_eq!(Revision::parse("2025-06-17"), Err(RevisionError::TooOld));
        assert_eq!(Revision::parse("2024-11-05"), Err(RevisionError::TooOld));
        assert_eq!(Revision::parse("2025-09-01"), Err(RevisionError::Unknown));
        for bad in [
            "",
            "2025-6-18",
            "2025/06/18",
            "latest",
            "2025-06-18 ",
            "२०२५-०६-१८",
        ] {
            assert_eq!(Revision::parse(bad), Err(RevisionError::Malformed), "{bad}");
        }
        assert!(Revision::V2025_06_18 < Revision::V2026_07_28);
    }
}
