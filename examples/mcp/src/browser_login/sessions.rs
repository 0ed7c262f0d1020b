//! The signed-in browsers: a random session id per sign-in, each with its
//! user and its expiry, in memory.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::http::HeaderMap;
use axum::http::request::Parts;
use elicit_runtime::state::Principal;
use elicit_web::Visitor;

use super::throttle::Throttle;
use super::{SESSION_COOKIE, cookie, random_id};
use crate::login::Users;

/// The most sessions kept at once; past it, expired ones are dropped, and
/// a sign-in is refused while none has.
const MAX_SESSIONS: usize = 10_000;

/// The demo users' browser sessions, shared by clones: who signed in with
/// which session id, until when, and the failed sign-ins counted against
/// each user name ([`Sessions::with_rate_limit`]).
#[derive(Clone)]
pub struct Sessions {
    pub(super) users: Users,
    table: Arc<Mutex<HashMap<String, Session>>>,
    pub(super) throttle: Arc<Mutex<Throttle>>,
    pub(super) ttl: Duration,
}

struct Session {
    user: String,
    expires: Instant,
}

impl Sessions {
    /// How long a session lasts unless [`Sessions::with_ttl`] says
    /// otherwise: 8 hours.
    pub const DEFAULT_TTL: Duration = Duration::from_secs(8 * 60 * 60);

    /// The sessions of `users`: 8 hours each, and at most 5 failed
    /// sign-ins per user name a minute (and 100 in all).
    pub fn new(users: Users) -> Sessions {
        Sessions {
            users,
            table: Arc::default(),
            throttle: Arc::new(Mutex::new(Throttle::new(5, 100, Duration::from_secs(60)))),
            ttl: Sessions::DEFAULT_TTL,
        }
    }

    /// The same sessions, each lasting `ttl` from its sign-in.
    pub fn with_ttl(mut self, ttl: Duration) -> Sessions {
        self.ttl = ttl;
        self
    }

    /// The same sessions, refusing sign-in (429) for a user name with
    /// `per_user` failed sign-ins within `window`, and for everyone after
    /// `total` failures within it: a guesser gets a few tries a window.
    pub fn with_rate_limit(self, per_user: u32, total: u32, window: Duration) -> Sessions {
        Sessions {
            throttle: Arc::new(Mutex::new(Throttle::new(per_user, total, window))),
            ..self
        }
    }

    /// The pages' identity check: the user of the request's session
    /// cookie, named by their user name on the pages.
    pub fn visitor(&self) -> SessionVisitor {
        SessionVisitor(self.clone())
    }

    /// The user of the session cookie in `headers`, if the session is
    /// current.
    pub(super) fn user_of(&self, headers: &HeaderMap) -> Option<String> {
        let id = cookie(headers, SESSION_COOKIE)?;
        let mut table = self.table();
        match table.get(id) {
            Some(session) if session.expires > Instant::now() => Some(session.user.clone()),
            Some(_) => {
                table.remove(id);
                None
            }
            None => None,
        }
    }

    /// A new session of `user`: its id, or `None` when no random numbers
    /// or room are left.
    pub(super) fn open(&self, user: String) -> Option<String> {
        let id = random_id()?;
        let now = Instant::now();
        let mut table = self.table();
        if table.len() >= MAX_SESSIONS {
            table.retain(|_, session| session.expires > now);
            if table.len() >= MAX_SESSIONS {
                return None;
            }
        }
        let expires = now + self.ttl;
        table.insert(id.clone(), Session { user, expires });
        Some(id)
    }

    /// Ends the session of the cookie in `headers`, if any.
    pub(super) fn close(&self, headers: &HeaderMap) {
        if let Some(id) = cookie(headers, SESSION_COOKIE) {
            self.table().remove(id);
        }
    }

    fn table(&self) -> MutexGuard<'_, HashMap<String, Session>> {
        self.table
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The pages' identity check over [`Sessions`]: the user of the session
/// cookie, shown by their user name ("Signed in as alice").
pub struct SessionVisitor(Sessions);

impl Visitor for SessionVisitor {
    fn visitor(&self, parts: &Parts) -> Option<Principal> {
        self.0.user_of(&parts.headers).map(Principal::user)
    }

    fn name(&self, parts: &Parts) -> Option<String> {
        self.0.user_of(&parts.headers)
    }
}
