//! Forms as MCP Apps (feature `app`): a form rendered as a `ui://`
//! resource of the MCP Apps extension (`io.modelcontextprotocol/ui`, SEP-1865),
//! for hosts that render apps but not elicitation.
//!
//! [`AppForm`] is the resource: its URI (by default
//! `ui://elicit/forms/<tool>`), its name, the extension's MIME type
//! ([`MIME_TYPE`]), its metadata (`_meta.ui.csp` allowing no network, and
//! the ChatGPT Apps SDK's `openai/widgetCSP`) and its HTML: the form of
//! [`html`](crate::html) and a small script of the project's own that
//! speaks the app protocol with the host, over `postMessage` only:
//!
//! 1. `ui/initialize`, then `ui/notifications/initialized`; the host's
//!    `theme` and style variables (`hostContext.styles.variables`) are
//!    applied, never its fonts (they would load from elsewhere);
//! 2. `ui/notifications/tool-input` fills the form with the arguments the
//!    tool was called with;
//! 3. Submit checks each field with the server's rules (required, bounds,
//!    whole numbers, lengths in code points, item counts) and messages, then
//!    sends `tools/call` of the form's tool with the form as its arguments;
//!    formats (email, date, URI) are the server's to check;
//! 4. a refusal (a tool result whose `structuredContent.invalidFields`
//!    lists each failing field, as [`InvalidArguments::to_json`](crate::fallback::InvalidArguments::to_json)
//!    writes it) shows each message next to its field; any other result
//!    is shown as the form's answer, the form is done, and where the host
//!    takes context from apps (`updateModelContext`) the answer goes to the
//!    model with `ui/update-model-context`;
//! 5. Decline and Cancel send `ui/message` (role `user`) saying
//!    ``action=decline: the user declined the form “…” of `tool` ``, so the
//!    host and the model know what happened: the form was not answered, and
//!    the tool is not called.
//!
//! The buttons act on their `click`: a host's sandbox without
//! `allow-forms` blocks form submission, and with it the `submit` event.
//!
//! A form with a secret field is never an app: [`AppForm::of`] takes only a
//! [`FormMode`](crate::FormMode) form (a derived form with a secret is a
//! compile error), and [`AppForm::new`] refuses a schema with one
//! ([`AppFormError::Secret`]); such a form goes to a hosted web page.
//!
//! Which path a client gets is [`Route::choose`]: the host's elicitation
//! form, else the app, else a hosted web page, else instructions.
//!
//! ```
//! use elicit_runtime::Elicitable;
//! use elicit_runtime::app::{AppForm, MIME_TYPE};
//!
//! /// Book a table
//! #[derive(Elicitable)]
//! struct Table {
//!     /// How many people
//!     #[elicit(title = "Party size", minimum = 1, maximum = 12)]
//!     size: u8,
//! }
//!
//! let app = AppForm::of::<Table>("book_table");
//! assert_eq!(app.uri(), "ui://elicit/forms/book_table");
//! assert_eq!(app.resource()["mimeType"], MIME_TYPE);
//! assert_eq!(app.tool_meta()["ui"]["resourceUri"], "ui://elicit/forms/book_table");
//! let html = app.html();
//! assert!(html.contains("<h1>Book a table</h1>"));
//! assert!(html.contains(r#""maximum":12"#));
//! assert!(html.contains("Party size must be at most 12"));
//! ```
#![doc = include_str!("../../docs/app.md")]

mod config;
mod document;
mod form;
mod meta;

pub use crate::fallback::{Route, Routes};
pub use form::{AppForm, AppFormError};
pub use meta::{EXTENSION, MIME_TYPE, PROTOCOL_VERSION, apps_declared};

/// The app's script, written by hand, without bundler or framework: it
/// goes inline into every [`AppForm::html`].
pub const SCRIPT: &str = include_str!("script.js");
