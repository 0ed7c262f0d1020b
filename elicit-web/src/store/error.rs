//! Why the visit store refuses.
//!
//! No message holds a visit id, a user, a CSRF token or an answer: a
//! message may reach the page, and the logs.

use core::fmt;

/// Why a [`VisitStore`](super::VisitStore) refuses, each refusal its own
/// variant; a backend's failure is [`StoreError::Backend`], never a panic.
///
/// The page shows the same "this link is no longer valid" for
/// [`StoreError::Unknown`], [`StoreError::Malformed`] and
/// [`StoreError::Expired`] if it wants to tell a guesser nothing; the
/// variants stay apart for the logs.
///
/// ```
/// use elicit_web::store::{StoreError, VisitId};
///
/// let error = VisitId::parse("not-a-visit").unwrap_err();
/// assert_eq!(error, StoreError::Malformed);
/// assert!(error.to_string().starts_with("this is not a visit id"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StoreError {
    /// The text is not a visit id: not 43 characters of base64url.
    Malformed,
    /// No such visit: never made, made by another store, or forgotten
    /// after it expired.
    Unknown,
    /// The visit expired: not answered in time, or its answer not taken in
    /// time.
    Expired,
    /// The visit was already completed: a second submission is refused,
    /// the first answer stands.
    AlreadyCompleted,
    /// The answer was already taken: each answer is read once.
    AlreadyTaken,
    /// The visit is not completed yet: there is no answer to take.
    NotCompleted,
    /// The visit was closed unanswered: the flow that made it stopped
    /// waiting (it gave up, timed out or was cancelled), so it takes no
    /// answer and has none to take.
    Closed,
    /// The store holds `limit` live visits and makes no more until some
    /// are answered, closed or expire (live visits are never evicted).
    Full {
        /// The most live visits the store holds.
        limit: usize,
    },
    /// The user the new visit is for already has `limit` live visits
    /// ([`StoreLimits::max_visits_per_user`](super::StoreLimits::max_visits_per_user)):
    /// theirs are refused until some are answered, closed or expire;
    /// other users' are made.
    UserFull {
        /// The most live visits one user may have.
        limit: usize,
    },
    /// The sealed answer has `actual` bytes, more than the store's `limit`.
    TooLarge {
        /// The most bytes of a sealed answer the store keeps.
        limit: usize,
        /// The bytes of the answer refused.
        actual: usize,
    },
    /// The new visit asks for something the store does not allow: the
    /// reason says what, and the fix.
    Invalid(&'static str),
    /// The operating system gave no random numbers for a visit id or a
    /// CSRF token; its reason.
    Randomness(String),
    /// A stored record does not read back: written by another program, or
    /// changed in the backend.
    Corrupt,
    /// The backend failed (Redis unreachable, a command refused); its
    /// reason, which holds no visit id and no answer.
    Backend(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Malformed => f.write_str(
                "this is not a visit id (43 characters of base64url): open the link exactly as \
                 it was sent",
            ),
            StoreError::Unknown => f.write_str(
                "there is no such visit (never made, or forgotten after it expired): ask the \
                 tool again for a new link",
            ),
            StoreError::Expired => {
                f.write_str("this visit has expired: ask the tool again for a new link")
            }
            StoreError::AlreadyCompleted => f.write_str(
                "this visit was already answered, and the first answer stands: ask the tool \
                 again to answer anew",
            ),
            StoreError::AlreadyTaken => f.write_str(
                "the answer of this visit was already read, and is read only once: ask the tool \
                 again for a new visit",
            ),
            StoreError::NotCompleted => f.write_str(
                "this visit is not answered yet: open the link and submit the form first",
            ),
            StoreError::Closed => f.write_str(
                "this visit was closed unanswered, as the request that asked for it stopped \
                 waiting: ask the tool again for a new link",
            ),
            StoreError::Full { limit } => write!(
                f,
                "the visit store holds its limit of {limit} live visits: try again when some \
                 are answered, closed or expire, or raise the limit"
            ),
            StoreError::UserFull { limit } => write!(
                f,
                "you already have {limit} forms open, the most one user may have at once: \
                 answer or decline one of them, or wait a few minutes until they expire, then \
                 ask again (the server can raise `StoreLimits::max_visits_per_user`)"
            ),
            StoreError::TooLarge { limit, actual } => write!(
                f,
                "the sealed answer has {actual} bytes, and the visit store keeps at most \
                 {limit}: shorten the answer or raise `StoreLimits::max_answer_bytes`"
            ),
            StoreError::Invalid(reason) => write!(f, "the visit cannot be made: {reason}"),
            StoreError::Randomness(reason) => write!(
                f,
                "the operating system gave no random numbers for a visit ({reason}): a visit id \
                 must be unguessable, so run the server where `getrandom` works"
            ),
            StoreError::Corrupt => f.write_str(
                "a stored visit does not read back (written by another program, or changed in \
                 the backend): ask the tool again for a new link",
            ),
            StoreError::Backend(reason) => write!(
                f,
                "the visit store's backend failed ({reason}): check that it is running and \
                 reachable, then try again"
            ),
        }
    }
}

impl std::error::Error for StoreError {}
