//! A limit on how often each server may ask.

use core::fmt;
use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use crate::excerpt::Excerpt;

/// At most `limit` elicitation requests from each server within any
/// `window` (a sliding window): the spec asks clients to rate-limit
/// elicitation, so a server cannot flood the user with forms.
///
/// Time is passed in, so the limiter is deterministic to test and works
/// with any clock; a request that is refused does not count.
///
/// ```
/// use elicit_runtime::client::RateLimiter;
/// use std::time::{Duration, Instant};
///
/// let mut limiter = RateLimiter::new(2, Duration::from_secs(60));
/// let start = Instant::now();
/// assert!(limiter.check("weather", start).is_ok());
/// assert!(limiter.check("weather", start + Duration::from_secs(1)).is_ok());
/// let refused = limiter.check("weather", start + Duration::from_secs(2)).unwrap_err();
/// assert_eq!(refused.retry_after(), Duration::from_secs(58));
/// assert_eq!(
///     refused.to_string(),
///     "the server `weather` sent more than 2 elicitation requests within 60s: \
///      the request was not shown; it may ask again in 58s"
/// );
/// // Each server has its own budget, and the window slides.
/// assert!(limiter.check("calendar", start + Duration::from_secs(2)).is_ok());
/// assert!(limiter.check("weather", start + Duration::from_secs(60)).is_ok());
/// ```
#[derive(Debug, Clone)]
pub struct RateLimiter {
    limit: usize,
    window: Duration,
    seen: HashMap<String, VecDeque<Instant>>,
}

impl RateLimiter {
    /// At most `limit` requests per server within `window`; a `limit` of 0
    /// refuses every request.
    pub fn new(limit: usize, window: Duration) -> RateLimiter {
        RateLimiter {
            limit,
            window,
            seen: HashMap::new(),
        }
    }

    /// Counts a request from `server` at `now`, or refuses it.
    ///
    /// A client answers a refused request without showing it to the user,
    /// for example with [`ElicitResult::cancel`](crate::protocol::ElicitResult::cancel)
    /// or a JSON-RPC error carrying the [`RateLimited`] message.
    ///
    /// # Errors
    ///
    /// [`RateLimited`] when `server` already sent `limit` requests within
    /// the `window` before `now`.
    pub fn check(&mut self, server: &str, now: Instant) -> Result<(), RateLimited> {
        let times = self.seen.entry(server.to_owned()).or_default();
        while let Some(&first) = times.front() {
            if now.saturating_duration_since(first) >= self.window {
                times.pop_front();
            } else {
                break;
            }
        }
        if times.len() >= self.limit {
            let retry_after = match times.front() {
                Some(&first) => self
                    .window
                    .saturating_sub(now.saturating_duration_since(first)),
                None => self.window,
            };
            return Err(RateLimited {
                server: Excerpt(server).to_string(),
                limit: self.limit,
                window: self.window,
                retry_after,
            });
        }
        times.push_back(now);
        Ok(())
    }

    /// [`RateLimiter::check`] at [`Instant::now`].
    ///
    /// # Errors
    ///
    /// As [`RateLimiter::check`].
    pub fn check_now(&mut self, server: &str) -> Result<(), RateLimited> {
        self.check(server, Instant::now())
    }

    /// Forgets what `server` sent, as when it reconnects as a new session.
    pub fn reset(&mut self, server: &str) {
        self.seen.remove(server);
    }
}

/// A request refused by a [`RateLimiter`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateLimited {
    server: String,
    limit: usize,
    window: Duration,
    retry_after: Duration,
}

impl RateLimited {
    /// The server that asked too often (cut short).
    pub fn server(&self) -> &str {
        &self.server
    }

    /// The most requests allowed within the window.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// The window.
    pub fn window(&self) -> Duration {
        self.window
    }

    /// How long until the server may ask again.
    pub fn retry_after(&self) -> Duration {
        self.retry_after
    }
}

impl fmt::Display for RateLimited {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the server `{}` sent more than {} elicitation {} within {}: the request was not \
             shown; it may ask again in {}",
            self.server,
            self.limit,
            if self.limit == 1 {
                "request"
            } else {
                "requests"
            },
            Seconds(self.window),
            Seconds(self.retry_after),
        )
    }
}

impl std::error::Error for RateLimited {}

/// A duration in whole seconds, rounded up (`58s`), or in milliseconds
/// below one second.
struct Seconds(Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.0;
        if d < Duration::from_secs(1) && !d.is_zero() {
            write!(f, "{}ms", d.as_millis().max(1))
        } else {
            let whole = d.as_secs() + u64::from(d.subsec_nanos() > 0);
            write!(f, "{whole}s")
        }
    }
}
