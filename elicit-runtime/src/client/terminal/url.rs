//! The consent screen of a URL-mode request. It never opens the URL.

use super::{Entry, TerminalError, answered};
use crate::client::UrlView;
use crate::protocol::ElicitResult;

pub(super) fn run(view: &UrlView, server: &str) -> Result<ElicitResult, TerminalError> {
    eprint!("{}", view.consent_text(server));
    let host = if view.host().is_empty() {
        "this address".to_owned()
    } else {
        format!("`{}`", view.host())
    };
    let entries = vec![
        Entry {
            label: format!("Open the page on {host}"),
            what: ElicitResult::accept_url(),
        },
        Entry {
            label: "Decline the request".to_owned(),
            what: ElicitResult::decline(),
        },
        Entry {
            label: "Cancel".to_owned(),
            what: ElicitResult::cancel(),
        },
    ];
    let prompt = inquire::Select::new("Do you want to open it?", entries)
        .with_help_message("↑↓ move · Enter chooses · Esc cancels");
    Ok(match answered(prompt.prompt())? {
        Some(entry) => entry.what,
        None => ElicitResult::cancel(),
    })
}
