//! A part of a flow's carried state (an answer's response, the tool's
//! values) kept as the authentic bytes it was opened from: read the first
//! time the flow reads it (checked against the limits of the ring that
//! opened it, then parsed, once), and sealed again as those very bytes
//! while nothing changes it. A round that neither reads nor changes a part
//! never parses it nor writes it afresh.

use core::fmt;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use zeroize::Zeroizing;

use crate::limits::Limits;
use crate::state::StateError;

/// The buffer a state was opened in, its payload authentic, shared by the
/// parts kept in it with no copy, wiped when the last one goes (they may
/// hold secrets).
pub(super) type Payload = Arc<Zeroizing<Vec<u8>>>;

/// How a part's bytes read within limits: the layout's own reading.
pub(super) type ReadPart<T> = fn(&[u8], &Limits) -> Result<T, StateError>;

/// A part of the state: kept as opened until changed, or held as a value.
pub(super) enum Lazy<T> {
    /// As opened: its bytes, and the value once read from them.
    Kept(Kept<T>, OnceLock<T>),
    /// Set or changed since it was opened (or never sealed).
    Held(T),
}

/// The bytes a part was opened from, and how and within what they read.
pub(super) struct Kept<T> {
    payload: Payload,
    range: Range<usize>,
    limits: Limits,
    read: ReadPart<T>,
}

impl<T> Lazy<T> {
    /// The part in `range` of `payload`, authentic and not read yet: read
    /// by `read` within `limits` (the opening ring's) when first needed.
    pub(super) fn opened(
        payload: &Payload,
        range: Range<usize>,
        limits: Limits,
        read: ReadPart<T>,
    ) -> Lazy<T> {
        let kept = Kept {
            payload: Arc::clone(payload),
            range,
            limits,
            read,
        };
        Lazy::Kept(kept, OnceLock::new())
    }

    /// The bytes it was opened from, while nothing changed it.
    #[cfg(test)]
    pub(super) fn kept(&self) -> Option<&[u8]> {
        match self {
            Lazy::Kept(kept, _) => Some(kept.bytes()),
            Lazy::Held(_) => None,
        }
    }

    /// The value, read from its bytes the first time (then kept).
    ///
    /// # Errors
    ///
    /// Its bytes break the opening ring's limits or do not read as `T`.
    pub(super) fn get(&self) -> Result<&T, StateError> {
        match self {
            Lazy::Held(value) => Ok(value),
            Lazy::Kept(kept, read) => match read.get() {
                Some(value) => Ok(value),
                None => {
                    let value = kept.read()?;
                    Ok(read.get_or_init(|| value))
                }
            },
        }
    }

    /// The value, to change: from now on it is written afresh when sealed.
    ///
    /// # Errors
    ///
    /// As [`Lazy::get`].
    pub(super) fn get_mut(&mut self) -> Result<&mut T, StateError> {
        if let Lazy::Kept(kept, read) = self {
            let value = match read.take() {
                Some(value) => value,
                None => kept.read()?,
            };
            *self = Lazy::Held(value);
        }
        match self {
            Lazy::Held(value) => Ok(value),
            Lazy::Kept(..) => unreachable!("a kept part is held just above"),
        }
    }

    /// The value if it was read or set, without reading it.
    pub(super) fn peek(&self) -> Option<&T> {
        match self {
            Lazy::Held(value) => Some(value),
            Lazy::Kept(_, read) => read.get(),
        }
    }
}

impl<T> Kept<T> {
    /// The bytes it was opened from.
    pub(super) fn bytes(&self) -> &[u8] {
        &self.payload[self.range.clone()]
    }

    fn read(&self) -> Result<T, StateError> {
        (self.read)(self.bytes(), &self.limits)
    }
}

impl<T> From<T> for Lazy<T> {
    fn from(value: T) -> Lazy<T> {
        Lazy::Held(value)
    }
}

impl<T: Default> Default for Lazy<T> {
    fn default() -> Lazy<T> {
        Lazy::Held(T::default())
    }
}

impl<T: Clone> Clone for Lazy<T> {
    fn clone(&self) -> Lazy<T> {
        match self {
            Lazy::Held(value) => Lazy::Held(value.clone()),
            Lazy::Kept(kept, read) => Lazy::Kept(kept.clone(), read.clone()),
        }
    }
}

impl<T> Clone for Kept<T> {
    fn clone(&self) -> Kept<T> {
        Kept {
            payload: Arc::clone(&self.payload),
            range: self.range.clone(),
            limits: self.limits,
            read: self.read,
        }
    }
}

/// Shows whether it is kept as opened, never what it holds.
impl<T> fmt::Debug for Lazy<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Lazy::Kept(..) => "<kept as opened>",
            Lazy::Held(_) => "<held>",
        })
    }
}

/// Equal values, whether read or still kept: both are read to compare
/// (bytes that do not read equal nothing).
impl<T: PartialEq> PartialEq for Lazy<T> {
    fn eq(&self, other: &Lazy<T>) -> bool {
        matches!((self.get(), other.get()), (Ok(a), Ok(b)) if a == b)
    }
}

impl<T: Serialize> Serialize for Lazy<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.get()
            .map_err(serde::ser::Error::custom)?
            .serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Lazy<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Lazy<T>, D::Error> {
        T::deserialize(deserializer).map(Lazy::Held)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use zeroize::Zeroizing;

    use super::Lazy;
    use crate::limits::{LimitError, Limits};
    use crate::state::{StateError, read_sealed_json};

    fn number(bytes: &[u8], limits: &Limits) -> Result<Vec<u32>, StateError> {
        read_sealed_json(limits, bytes)
    }

    /// Kept bytes are read once, on demand, within the limits given when
    /// opened; changing the value lets the bytes go.
    #[test]
    fn reads_on_demand_within_the_opening_limits() {
        let payload = Arc::new(Zeroizing::new(b"xx[1,2]yy[[3]]".to_vec()));
        let lazy = Lazy::opened(&payload, 2..7, Limits::DEFAULT, number);
        assert_eq!(lazy.peek(), None);
        assert_eq!(lazy.kept(), Some(&b"[1,2]"[..]));
        assert_eq!(lazy.get().unwrap(), &[1, 2]);
        assert_eq!(lazy.peek(), Some(&vec![1, 2]));
        assert_eq!(lazy.kept(), Some(&b"[1,2]"[..]));

        let strict = Lazy::opened(&payload, 9..14, Limits::DEFAULT.max_depth(1), number);
        assert_eq!(
            strict.get().unwrap_err(),
            StateError::TooLarge(LimitError::Depth { limit: 1 })
        );
        assert!(strict != strict.clone());

        let mut changed = lazy.clone();
        changed.get_mut().unwrap().push(3);
        assert_eq!(changed.kept(), None);
        assert_eq!(changed.get().unwrap(), &[1, 2, 3]);
        assert_ne!(changed, lazy);
        assert_eq!(lazy, Lazy::from(vec![1, 2]));
    }
}
