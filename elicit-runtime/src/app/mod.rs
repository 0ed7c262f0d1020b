//! Forms as MCP Apps (feature `app`): a form rendered as a `ui://`
//! resource of the MCP Apps extension (`io.modelcontextprotocol/ui`, SEP-1865),
//! for hosts that render apps but not elicitation.
//!
//! [`AppForm`] is the resource: its URI (by default
//! `ui://elicit/forms/<tool>`), its name, the extension's MIME type
//! ([`MIME_TYPE`]), its metadata (`_meta.ui.csp` allowing no network, and
//! the OpenAI Apps SDK's `openai/widgetCSP` with no domain) and its HTML:
//! the form of [`html`](crate::html) and a small script of the project's
//! own that speaks, over either bridge a host offers, only with the host:
//!
//! 1. the bridge, chosen at run time: the OpenAI Apps SDK's `window.openai`
//!    where the host provides it (ChatGPT, MCPJam Inspector), or once it
//!    appears with its `openai:set_globals` event; else the MCP Apps
//!    protocol over `postMessage`: `ui/initialize`, then
//!    `ui/notifications/initialized`. The host's theme and style variables
//!    (`hostContext.styles.variables`) apply, never its fonts (they would
//!    load from elsewhere). Messages name the host's origin where the
//!    browser tells it (`location.ancestorOrigins`, else the referrer, else
//!    the first message's), and messages from another window or origin are
//!    ignored;
//! 2. the tool's input fills the form (`ui/notifications/tool-input`,
//!    `window.openai.toolInput`), without a word of error until the user
//!    submits; with the OpenAI bridge what the user types is kept in the
//!    widget state (`setWidgetState`, never the token) and a new rendering
//!    of the app puts it back (`widgetState`), the form's end too;
//! 3. the token the tool's result gave the app
//!    (`_meta["io.github.elicit-rs/app"].token`, from
//!    `ui/notifications/tool-result` or `window.openai.toolResponseMetadata`)
//!    goes back with the answers;
//! 4. Submit checks each field with the server's rules (required, bounds,
//!    whole numbers, lengths in code points, item counts) and messages, then
//!    calls the form's tool with the form and the token as its arguments
//!    (`tools/call` through the host, `window.openai.callTool`); formats
//!    (email, date, URI) are the server's to check; a server that answers
//!    `shown_in_app` with a fresh token is called once more with it;
//! 5. a refusal (a tool result whose `structuredContent.invalidFields`
//!    lists each failing field, as [`InvalidArguments::to_json`](crate::fallback::InvalidArguments::to_json)
//!    writes it) shows each message next to its field; any other result
//!    is shown as the form's answer, the form is done, and where the host
//!    takes context from apps (`updateModelContext`) the answer goes to the
//!    model with `ui/update-model-context`;
//! 6. Decline and Cancel say so in the conversation, as the user's message
//!    (`ui/message`, `window.openai.sendFollowUpMessage`):
//!    ``action=decline: the user declined the form “…” of `tool` ``, so the
//!    host and the model know what happened: the form was not answered, and
//!    the tool is not called;
//! 7. a host that does not answer within a few seconds (the connection, a
//!    call, a message) is said so in plain words, with what the user can do:
//!    try again, or copy the answers (or the message) to paste into the
//!    chat. An answer that comes later still counts.
//!
//! The document's own Content-Security-Policy is the first element of its
//! `<head>`, and the document holds a literal `<html>` (in a comment, the
//! root element keeping its `lang`), so a host that wraps what it takes for
//! a fragment into its own page (MCPJam Inspector) leaves it whole, and its
//! policy in force.
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
