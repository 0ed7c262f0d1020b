//! An MCP elicitation request answered in the terminal, as a client would:
//! an interactive form on `inquire`, and the `elicit-ask` program that runs
//! it on a request file.
//!
//! [`ask`] shows which server asks and its message, warns about fields
//! that look like secrets, then asks each field in the server's order with
//! its constraints and default; a bad entry is asked again with the
//! validator's message. When every field is answered, the user reviews all
//! answers, edits any of them, and sends, declines or cancels. At every
//! step **Esc cancels** (as does Ctrl-C), and the user can decline: with
//! `/decline` in a text entry, or the *Decline* entry of a list. A
//! multi-select is a checklist (space toggles, Enter confirms).
//!
//! [`ask_url`] shows a URL-mode request: the server, its message, the host
//! and the full URL, with warnings, and asks consent. It never opens the
//! URL: on `accept` the caller opens it in the user's browser. It offers
//! to open only a web page ([`UrlView::is_openable`]: `http` or `https`);
//! for any other scheme (`javascript:`, `data:`, `file:` ...) it offers
//! only decline and cancel, and says why.
//!
//! The prompts draw on the terminal's standard error, so standard output
//! stays free for the program's own output.
//!
//! ```no_run
//! use elicit_runtime::client::Ask;
//! use elicit_runtime::protocol::ElicitResult;
//! use serde_json::json;
//!
//! let ask = Ask::from_params(&json!({
//!     "message": "Please provide your GitHub username",
//!     "requestedSchema": {
//!         "type": "object",
//!         "properties": { "name": { "type": "string" } },
//!         "required": ["name"]
//!     }
//! }))?;
//! let result: ElicitResult = elicit_ask::respond(&ask, "github")?;
//! println!("{}", serde_json::to_string(&result)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use core::fmt;

use inquire::InquireError;

use elicit_runtime::client::{Ask, FormView, UrlView};
use elicit_runtime::protocol::ElicitResult;

mod consent;
mod field;
mod review;

/// The command a text entry takes to decline the whole request; to enter
/// this very text as a value, type it with a second leading `/`.
pub const DECLINE_COMMAND: &str = "/decline";

/// Asks the user to fill in `form`, sent by the server named `server`, and
/// returns what they chose: `accept` with checked content (defaults filled
/// in), `decline`, or `cancel`.
///
/// # Errors
///
/// A [`TerminalError`] when the terminal cannot be used (standard input is
/// not a terminal, or reading it fails). Esc and Ctrl-C are no errors:
/// they cancel.
pub fn ask(form: &FormView, server: &str) -> Result<ElicitResult, TerminalError> {
    review::run(form, server)
}

/// Shows a URL-mode request from `server` and asks consent to open it:
/// `accept` means the user agreed, and the caller then opens the URL. A
/// URL that is no web page ([`UrlView::is_openable`] is `false`) is never
/// offered: the answer is `decline` or `cancel`.
///
/// # Errors
///
/// As [`ask`].
pub fn ask_url(view: &UrlView, server: &str) -> Result<ElicitResult, TerminalError> {
    consent::run(view, server)
}

/// [`ask`] or [`ask_url`], whichever the request needs.
///
/// # Errors
///
/// As [`ask`].
pub fn respond(ask_for: &Ask, server: &str) -> Result<ElicitResult, TerminalError> {
    match ask_for {
        Ask::Form(form) => ask(form, server),
        Ask::Url(view) => ask_url(view, server),
    }
}

/// Why the terminal form could not run.
#[derive(Debug)]
#[non_exhaustive]
pub enum TerminalError {
    /// Standard input is not a terminal.
    NotATerminal,
    /// Reading from or drawing on the terminal failed.
    Io(std::io::Error),
    /// The prompt library refused to run, with its message.
    Prompt(String),
}

impl fmt::Display for TerminalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TerminalError::NotATerminal => f.write_str(
                "standard input is not a terminal, so the form cannot be shown: run the program \
                 in a terminal, or answer through the `Answer` builder",
            ),
            TerminalError::Io(error) => write!(f, "the terminal failed: {error}"),
            TerminalError::Prompt(message) => write!(f, "the form could not be shown: {message}"),
        }
    }
}

impl std::error::Error for TerminalError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TerminalError::Io(error) => Some(error),
            _ => None,
        }
    }
}

/// What one prompt ended with.
#[derive(Debug, Clone, PartialEq)]
enum Step<T> {
    /// The user answered.
    Done(T),
    /// The user chose to decline the request.
    Decline,
    /// The user pressed Esc or Ctrl-C.
    Cancel,
}

/// A prompt's answer, or `None` when the user pressed Esc or Ctrl-C.
fn answered<T>(result: Result<T, InquireError>) -> Result<Option<T>, TerminalError> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(InquireError::OperationCanceled | InquireError::OperationInterrupted) => Ok(None),
        Err(InquireError::NotTTY) => Err(TerminalError::NotATerminal),
        Err(InquireError::IO(error)) => Err(TerminalError::Io(error)),
        Err(other) => Err(TerminalError::Prompt(other.to_string())),
    }
}

/// The result a step other than an answer stands for.
fn leave<T>(step: &Step<T>) -> Option<ElicitResult> {
    match step {
        Step::Done(_) => None,
        Step::Decline => Some(ElicitResult::decline()),
        Step::Cancel => Some(ElicitResult::cancel()),
    }
}

/// One entry of a list prompt: a label, and what choosing it means.
#[derive(Debug, Clone)]
struct Entry<T> {
    label: String,
    what: T,
}

impl<T> fmt::Display for Entry<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label)
    }
}
