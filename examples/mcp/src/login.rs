//! The example server's demo login: which user each HTTP request is from,
//! so that a flow's sealed state opens only for the user it was sealed for.
//!
//! A production server puts its own authentication here (an OAuth access
//! token checked against its issuer, a session cookie) and inserts the
//! authenticated user as a [`Principal`] into the request's extensions;
//! rmcp hands the request's parts to the handler, where
//! [`principal_of`](elicit_rmcp::principal_of)
//! finds it. The demo reads its users from `ELICIT_DEMO_USERS`
//! (`name=token,name=token`, tokens made with `openssl rand -hex 16`) and
//! takes `Authorization: Bearer <token>`.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use elicit_runtime::Secret;
use elicit_runtime::state::Principal;

/// The variable the demo users are read from.
pub const USERS_ENV: &str = "ELICIT_DEMO_USERS";

/// The demo users and their bearer tokens, held as [`Secret`]s: never
/// shown, wiped when dropped, and compared in constant time.
#[derive(Clone, Default)]
pub struct Users {
    users: Arc<Vec<(String, Secret)>>,
}

impl Users {
    /// The users of `ELICIT_DEMO_USERS`, or `None` when it is not set.
    ///
    /// # Errors
    ///
    /// When an entry is not `name=token`, or a token is shorter than 16
    /// characters.
    pub fn from_env() -> Result<Option<Users>, String> {
        match std::env::var(USERS_ENV) {
            Ok(text) => Users::parse(&text).map(Some),
            Err(_) => Ok(None),
        }
    }

    /// Reads `name=token` pairs separated by commas.
    ///
    /// # Errors
    ///
    /// As [`Users::from_env`].
    pub fn parse(text: &str) -> Result<Users, String> {
        let mut users = Vec::new();
        for entry in text
            .split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
        {
            let Some((name, token)) = entry.split_once('=') else {
                return Err(format!(
                    "an entry of `{USERS_ENV}` is not `name=token`: write each user as \
                     `name=token`, separated by commas"
                ));
            };
            if token.len() < 16 {
                return Err(format!(
                    "the token of `{name}` in `{USERS_ENV}` is shorter than 16 characters: make \
                     one with `openssl rand -hex 16`"
                ));
            }
            users.push((name.to_owned(), Secret::from(token.to_owned())));
        }
        Ok(Users {
            users: Arc::new(users),
        })
    }

    /// Whether `token` is the token of the user `name`: every user's token
    /// is compared, each in constant time ([`Secret::matches`]).
    pub fn check(&self, name: &str, token: &str) -> bool {
        let mut found = false;
        for (user, known) in self.users.iter() {
            found |= known.matches(token) & (user == name);
        }
        found
    }

    /// The user whose token `token` is: every user's token is compared,
    /// each in constant time ([`Secret::matches`]), so how long the lookup
    /// takes says nothing of how much of a guessed token is right (a map
    /// keyed by the token would hash it and compare it as it goes).
    pub fn user(&self, token: &str) -> Option<&str> {
        let mut found = None;
        for (user, known) in self.users.iter() {
            if known.matches(token) {
                found = Some(user.as_str());
            }
        }
        found
    }
}

/// An axum middleware: a request with the bearer token of a demo user
/// goes on with that user as its [`Principal`]; any other request is
/// refused with `401 Unauthorized`.
pub async fn require_user(
    State(users): State<Users>,
    mut request: Request,
    next: Next,
) -> Response {
    let token = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "));
    match token.and_then(|token| users.user(token)) {
        Some(user) => {
            let principal = Principal::user(user);
            request.extensions_mut().insert(principal);
            next.run(request).await
        }
        None => (
            StatusCode::UNAUTHORIZED,
            [(header::WWW_AUTHENTICATE, "Bearer")],
            "send `Authorization: Bearer <token>` with the token of a user of `ELICIT_DEMO_USERS`",
        )
            .into_response(),
    }
}
