//! The client side of elicitation: read a server's request, show it, check
//! the user's answers and send the result.
//!
//! - [`Ask::from_params`] reads the params of any `elicitation/create`
//!   (every revision, with or without `mode`) into a [`FormView`] or a
//!   [`UrlView`]; a request a client cannot show is a [`FormError`], which
//!   it answers with JSON-RPC `-32602`; [`Ask::check_mode`] refuses a mode
//!   the client did not declare.
//! - [`FormView::answer`] starts an [`Answer`]: values are checked by the
//!   validator the server side uses as they are set ([`Answer::set`], or
//!   [`Answer::set_text`] for what a person typed), and
//!   [`Answer::finish`] fills defaults and writes the `ElicitResult`.
//! - Guards: a [`RateLimiter`] per server, [`secret_warnings`] for forms
//!   that look like they ask for secrets, and [`UrlView`] for the consent
//!   screen of URL mode (it never opens or fetches the URL, and
//!   [`UrlView::is_openable`] is `true` for `http` and `https` only: offer
//!   nothing but decline and cancel for any other scheme).
//! - [`describe`] puts labels, constraints and values into words.
//! - The crate `elicit-ask` runs the whole exchange as an interactive form
//!   in the terminal.
//!
//! ```
//! use elicit_runtime::client::{Ask, RateLimiter, secret_warnings};
//! use elicit_runtime::protocol::ElicitResult;
//! use serde_json::json;
//! use std::time::{Duration, Instant};
//!
//! let mut limiter = RateLimiter::new(5, Duration::from_secs(60));
//! let params = json!({
//!     "message": "Please provide your GitHub username",
//!     "requestedSchema": {
//!         "type": "object",
//!         "properties": { "name": { "type": "string" } },
//!         "required": ["name"]
//!     }
//! });
//!
//! limiter.check("github", Instant::now())?;
//! let result = match Ask::from_params(&params)? {
//!     Ask::Form(form) => {
//!         assert!(secret_warnings(&form).is_empty());
//!         let mut answer = form.answer();
//!         answer.set_text("name", "octocat")?;
//!         answer.finish()?
//!     }
//!     Ask::Url(_) => ElicitResult::decline(),
//! };
//! assert_eq!(
//!     serde_json::to_value(&result)?,
//!     json!({ "action": "accept", "content": { "name": "octocat" } })
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![doc = include_str!("../../docs/client.md")]

mod answer;
mod ask;
pub mod describe;
mod error;
mod form_view;
mod rate;
mod secret;
mod text;
mod url_view;

pub use answer::{Answer, check_value, read_text};
pub use ask::Ask;
pub use error::FormError;
pub use form_view::FormView;
pub use rate::{RateLimited, RateLimiter};
pub use secret::{SecretWarning, secret_warnings};
pub use text::value_from_text;
pub use url_view::{UrlView, UrlWarning};
