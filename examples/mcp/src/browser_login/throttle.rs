//! The rate limit of the sign-in: failed sign-ins counted per user name,
//! and in all, in windows of fixed length.

use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The most user names whose failures are counted one by one; past it,
/// only the count of all failures holds.
const MAX_NAMES: usize = 10_000;

/// Failed sign-ins, per user name and in all, within the current window.
pub(crate) struct Throttle {
    per_user: u32,
    total: u32,
    window: Duration,
    names: HashMap<String, Window>,
    all: Window,
}

#[derive(Clone, Copy)]
struct Window {
    start: Instant,
    failures: u32,
}

impl Window {
    /// This window at `now`: started afresh once `length` has passed, or
    /// at the first failure.
    fn at(self, now: Instant, length: Duration) -> Window {
        if self.failures == 0 || now.duration_since(self.start) >= length {
            Window {
                start: now,
                failures: 0,
            }
        } else {
            self
        }
    }

    /// How long until the window ends, if its failures reached `max`.
    fn wait(self, max: u32, now: Instant, length: Duration) -> Option<Duration> {
        (self.failures >= max).then(|| (self.start + length).saturating_duration_since(now))
    }
}

impl Throttle {
    pub(crate) fn new(per_user: u32, total: u32, window: Duration) -> Throttle {
        let now = Instant::now();
        Throttle {
            per_user,
            total,
            window,
            names: HashMap::new(),
            all: Window {
                start: now,
                failures: 0,
            },
        }
    }

    /// How long `user` must wait before signing in again, if they must.
    pub(crate) fn wait(&mut self, user: &str, now: Instant) -> Option<Duration> {
        self.all = self.all.at(now, self.window);
        let all = self.all.wait(self.total, now, self.window);
        let mine = self.names.get(user).and_then(|window| {
            window
                .at(now, self.window)
                .wait(self.per_user, now, self.window)
        });
        all.max(mine)
    }

    /// Counts a failed sign-in of `user`.
    pub(crate) fn failed(&mut self, user: &str, now: Instant) {
        self.all = self.all.at(now, self.window);
        self.all.failures = self.all.failures.saturating_add(1);
        if !self.names.contains_key(user) && self.names.len() >= MAX_NAMES {
            let window = self.window;
            self.names
                .retain(|_, counted| now.duration_since(counted.start) < window);
            if self.names.len() >= MAX_NAMES {
                return;
            }
        }
        let fresh = Window {
            start: now,
            failures: 0,
        };
        let counted = self.names.entry(user.to_owned()).or_insert(fresh);
        *counted = counted.at(now, self.window);
        counted.failures = counted.failures.saturating_add(1);
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::Throttle;

    #[test]
    fn counts_per_user_and_in_all_within_a_window() {
        let window = Duration::from_secs(60);
        let mut throttle = Throttle::new(2, 3, window);
        let now = Instant::now();
        throttle.failed("alice", now);
        assert_eq!(throttle.wait("alice", now), None);
        throttle.failed("alice", now);
        assert_eq!(throttle.wait("alice", now), Some(window));
        assert_eq!(throttle.wait("bob", now), None, "another user goes on");
        throttle.failed("carol", now);
        assert_eq!(throttle.wait("bob", now), Some(window), "three in all");
        let later = now + window;
        assert_eq!(throttle.wait("alice", later), None, "a new window");
        assert_eq!(throttle.wait("bob", later), None);
    }
}
