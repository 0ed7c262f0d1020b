//! Forms as web pages (feature `html`): any form, derived ([`FormPage::of`])
//! or read from any server ([`FormPage::from_form`]), rendered as an
//! accessible HTML page that works without script; the same page again
//! after an invalid submission ([`FormPage::again`]); small pages for done
//! and refused visits ([`Shell::done`], [`Shell::refused`]); a submitted
//! page read back into the content the validator reads ([`Submission`]);
//! and the response headers every page must carry ([`SECURITY_HEADERS`]).
//!
//! Everything here is a pure function from a model to text: no I/O, no
//! state. A web server serves the pages, [`STYLESHEET`] at
//! [`STYLESHEET_PATH`], makes and checks the anti-forgery token, and keeps
//! the visits.
//!
//! # Escaping
//!
//! Every text from the server (the message, titles, descriptions, option
//! labels) or from the user (what was entered, error messages quoting it)
//! is escaped for where it goes: `&`, `<`, `>`, `"` and `'` as character
//! references in text and in attribute values, which are always
//! double-quoted. In text, control characters (line breaks kept) and
//! default-ignorable characters, among them the bidirectional marks,
//! embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069,
//! U+200E, U+200F, U+061C), are shown escaped as `\u{202e}`, as the rest of
//! the toolkit shows text from the wire to a person: they cannot reorder a
//! label, nor the text around it. In attribute values they are kept, so
//! what the browser posts back is exactly what was written: an option's
//! value, or what the user typed, shown again inside its own input.
//!
//! # From a derived form to a typed value
//!
//! ```
//! use elicit_runtime::html::{FormPage, Submission};
//! use elicit_runtime::{Elicitable, Elicitation, Limits};
//!
//! /// Book a table
//! #[derive(Debug, Elicitable)]
//! struct Booking {
//!     /// How many people, yourself included
//!     #[elicit(title = "Party size", minimum = 1, maximum = 12)]
//!     party_size: u8,
//!     #[elicit(title = "Email", format = "email")]
//!     email: String,
//!     #[elicit(title = "Terrace")]
//!     terrace: bool,
//! }
//!
//! // The page, as the server serves it at GET.
//! let page = FormPage::of::<Booking>("/forms/visit-1", "csrf-token").render();
//! assert!(page.contains(r#"<input type="hidden" name="elicit-csrf" value="csrf-token">"#));
//!
//! // The browser posts an invalid answer: the page comes back, values kept.
//! let body = b"elicit-csrf=csrf-token&party_size=40&email=ada%40example.com&elicit-action=accept";
//! let submission = Submission::read(&Booking::SCHEMA, body, &Limits::DEFAULT)?;
//! assert_eq!(submission.csrf(), "csrf-token"); // the server checks it
//! let errors = match submission.elicitation::<Booking>() {
//!     Err(errors) => errors,
//!     Ok(answer) => panic!("40 is too many: {answer:?}"),
//! };
//! let again = FormPage::of::<Booking>("/forms/visit-1", "csrf-token")
//!     .again(submission.content(), &errors)
//!     .render();
//! assert!(again.contains("<title>Error: Book a table</title>"));
//! assert!(again.contains(r##"<a href="#field-0">Party size must be at most 12</a>"##));
//! assert!(again.contains(r#"value="ada@example.com""#));
//!
//! // Corrected, the post reads as the typed form.
//! let body = b"elicit-csrf=csrf-token&party_size=4&email=ada%40example.com&terrace=true&elicit-action=accept";
//! let submission = Submission::read(&Booking::SCHEMA, body, &Limits::DEFAULT)?;
//! let Ok(Elicitation::Accept(booking)) = submission.elicitation::<Booking>() else {
//!     panic!("the answer is valid");
//! };
//! assert_eq!((booking.party_size, booking.terrace), (4, true));
//! # Ok::<(), elicit_runtime::html::ReadError>(())
//! ```
#![doc = include_str!("../../docs/html.md")]

mod decode;
pub(crate) mod escape;
mod fields;
mod headers;
mod masthead;
pub(crate) mod page;
mod read;
mod shell;
mod style;

pub use crate::protocol::Action;
pub use fields::{MAX_RADIOS, TEXTAREA_FROM};
pub use headers::{CONTENT_SECURITY_POLICY, PAGE_CONTENT_TYPE, SECURITY_HEADERS};
pub use masthead::{Masthead, SIGN_OUT_NEXT_FIELD};
pub use page::FormPage;
pub use read::{ACTION_FIELD, CSRF_FIELD, ReadError, Submission};
pub use shell::Shell;
pub use style::{STYLESHEET, STYLESHEET_CONTENT_TYPE, STYLESHEET_PATH};
