//! URL-mode `elicitationId`s: opaque, unique and unguessable.

use core::fmt;

use serde::{Deserialize, Serialize};

/// The `elicitationId` of a URL-mode request (revision 2025-11-25): the
/// handle a server uses to bind the out-of-band interaction to the user, and
/// names again in `notifications/elicitation/complete`.
///
/// A client treats it as opaque text. A server either gives its own (say,
/// the key of a stored session) or draws one with [`ElicitationId::generate`].
///
/// ```
/// use elicit_runtime::protocol::ElicitationId;
///
/// let given = ElicitationId::new("550e8400-e29b-41d4-a716-446655440000");
/// assert_eq!(serde_json::to_string(&given).unwrap(), r#""550e8400-e29b-41d4-a716-446655440000""#);
///
/// let drawn = ElicitationId::generate().unwrap();
/// assert_eq!(drawn.as_str().len(), 36);
/// assert_ne!(drawn, ElicitationId::generate().unwrap());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ElicitationId(String);

impl ElicitationId {
    /// An id the caller chose. It must be unique within the server; the
    /// text is not checked.
    pub fn new(id: impl Into<String>) -> ElicitationId {
        ElicitationId(id.into())
    }

    /// A fresh id: 16 bytes from the operating system's random number
    /// generator, written as a lowercase UUID version 4
    /// (`xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`, `y` one of `8`, `9`, `a`,
    /// `b`). The UUID layout fixes 6 of the 128 bits, so 122 stay random:
    /// unique and unguessable for any practical number of elicitations.
    ///
    /// # Errors
    ///
    /// A [`RandomnessError`] when the operating system has no random
    /// numbers to give (a sandbox without `getrandom`, for instance); then
    /// give an id of your own with [`ElicitationId::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::protocol::ElicitationId;
    ///
    /// let id = ElicitationId::generate().unwrap();
    /// let groups: Vec<usize> = id.as_str().split('-').map(str::len).collect();
    /// assert_eq!(groups, [8, 4, 4, 4, 12]);
    /// assert_eq!(&id.as_str()[14..15], "4");
    /// ```
    pub fn generate() -> Result<ElicitationId, RandomnessError> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes)
            .map_err(|error| RandomnessError::new(Purpose::ElicitationId, &error))?;
        // RFC 9562: version 4 in the high nibble of byte 6, variant `10` in
        // the two high bits of byte 8.
        bytes[6] = (bytes[6] & 0x0f) | 0x40;
        bytes[8] = (bytes[8] & 0x3f) | 0x80;
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let mut text = String::with_capacity(36);
        for (i, byte) in bytes.iter().enumerate() {
            if matches!(i, 4 | 6 | 8 | 10) {
                text.push('-');
            }
            text.push(char::from(HEX[usize::from(byte >> 4)]));
            text.push(char::from(HEX[usize::from(byte & 0x0f)]));
        }
        Ok(ElicitationId(text))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The id as an owned `String`.
    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for ElicitationId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for ElicitationId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl From<String> for ElicitationId {
    fn from(id: String) -> ElicitationId {
        ElicitationId(id)
    }
}

impl From<&str> for ElicitationId {
    fn from(id: &str) -> ElicitationId {
        ElicitationId(id.to_owned())
    }
}

impl PartialEq<str> for ElicitationId {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for ElicitationId {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

/// The operating system could not give random numbers: for an
/// [`ElicitationId`], or, with the `request-state` feature, for a
/// `state::StateKey` or the nonce of a sealed `requestState`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RandomnessError {
    purpose: Purpose,
    reason: String,
}

/// What the random numbers were for, which decides the fix in the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Purpose {
    ElicitationId,
    #[cfg(feature = "request-state")]
    StateKey,
    #[cfg(feature = "request-state")]
    StateNonce,
}

impl RandomnessError {
    pub(crate) fn new(purpose: Purpose, reason: &impl fmt::Display) -> RandomnessError {
        RandomnessError {
            purpose,
            reason: reason.to_string(),
        }
    }

    /// The operating system's reason.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl fmt::Display for RandomnessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reason = &self.reason;
        match self.purpose {
            Purpose::ElicitationId => write!(
                f,
                "the operating system gave no random numbers for an `elicitationId` ({reason}): give an id of your own with `ElicitationId::new`"
            ),
            #[cfg(feature = "request-state")]
            Purpose::StateKey => write!(
                f,
                "the operating system gave no random numbers for a state key ({reason}): make 32 random bytes elsewhere (`openssl rand -base64 32`) and read them with `StateKey::parse`"
            ),
            #[cfg(feature = "request-state")]
            Purpose::StateNonce => write!(
                f,
                "the operating system gave no random numbers for the nonce of a sealed `requestState` ({reason}): a state cannot be sealed safely without them, so run the server where `getrandom` works"
            ),
        }
    }
}

impl std::error::Error for RandomnessError {}
