//! The consent screen of a URL-mode request. It never opens the URL, and
//! offers to open only a web page (`http` or `https`,
//! [`UrlView::is_openable`]): for any other scheme the user can only
//! decline or cancel, and is told why.

use crate::{Entry, TerminalError, answered};
use elicit_runtime::client::UrlView;
use elicit_runtime::protocol::ElicitResult;

pub(super) fn run(view: &UrlView, server: &str) -> Result<ElicitResult, TerminalError> {
    eprint!("{}", view.consent_text(server));
    let question = if view.is_openable() {
        "Do you want to open it?".to_owned()
    } else {
        format!("{}. Decline or cancel?", refusal(view))
    };
    let prompt = inquire::Select::new(&question, choices(view))
        .with_help_message("↑↓ move · Enter chooses · Esc cancels");
    Ok(match answered(prompt.prompt())? {
        Some(entry) => entry.what,
        None => ElicitResult::cancel(),
    })
}

/// Why the page is not offered, for a URL that is not openable: the
/// consent text above it has the warning in full.
fn refusal(view: &UrlView) -> String {
    format!(
        "This client will not open a `{}:` address, which is no web page",
        elicit_runtime::__integration::Excerpt(view.scheme())
    )
}

/// The entries of the consent screen: open (only for a web page), decline
/// and cancel.
fn choices(view: &UrlView) -> Vec<Entry<ElicitResult>> {
    let mut entries = Vec::with_capacity(3);
    if view.is_openable() {
        let host = if view.host().is_empty() {
            "this address".to_owned()
        } else {
            format!("`{}`", view.host())
        };
        entries.push(Entry {
            label: format!("Open the page on {host}"),
            what: ElicitResult::accept_url(),
        });
    }
    entries.push(Entry {
        label: "Decline the request".to_owned(),
        what: ElicitResult::decline(),
    });
    entries.push(Entry {
        label: "Cancel".to_owned(),
        what: ElicitResult::cancel(),
    });
    entries
}

#[cfg(test)]
mod tests {
    use super::*;
    use elicit_runtime::protocol::{Action, UrlRequest};

    fn view(url: &str) -> UrlView {
        let request: UrlRequest = serde_json::from_value(serde_json::json!({
            "mode": "url",
            "url": url,
            "message": "Continue"
        }))
        .unwrap();
        UrlView::new(&request)
    }

    fn actions(url: &str) -> Vec<Action> {
        choices(&view(url))
            .into_iter()
            .map(|e| e.what.action)
            .collect()
    }

    #[test]
    fn a_web_page_may_be_opened_declined_or_cancelled() {
        for url in ["https://mcp.example.com/connect", "http://pay.example/i/7"] {
            let entries = choices(&view(url));
            assert!(entries[0].label.starts_with("Open the page on `"), "{url}");
            assert_eq!(
                actions(url),
                [Action::Accept, Action::Decline, Action::Cancel],
                "{url}"
            );
        }
    }

    #[test]
    fn a_dangerous_scheme_is_never_offered_to_open() {
        for url in [
            "javascript:alert(1)",
            "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
            "file:///etc/passwd",
            "vbscript:msgbox",
            "ms-msdt:/id",
        ] {
            assert_eq!(actions(url), [Action::Decline, Action::Cancel], "{url}");
            let labels: Vec<_> = choices(&view(url)).into_iter().map(|e| e.label).collect();
            assert!(
                labels.iter().all(|l| !l.contains("Open")),
                "{url}: {labels:?}"
            );
        }
    }

    #[test]
    fn the_refusal_says_why_and_names_the_scheme() {
        assert_eq!(
            refusal(&view("javascript:alert(1)")),
            "This client will not open a `javascript:` address, which is no web page"
        );
    }
}
