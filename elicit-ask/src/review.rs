//! The whole form: the header, each field in turn, then the review where
//! any answer can be changed before sending.

use serde_json::Value;

use crate::{Entry, Step, TerminalError, answered, field, leave};
use elicit_runtime::__integration::{Escaped, Excerpt};
use elicit_runtime::client::{Answer, FormView, describe, secret_warnings};
use elicit_runtime::protocol::ElicitResult;
use elicit_runtime::schema::Property;

/// The most entries of the review list shown at once; longer lists scroll.
const MAX_PAGE: usize = 20;

/// What an entry of the review list does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Review {
    Send,
    Edit(usize),
    Decline,
    Cancel,
}

pub(super) fn run(form: &FormView, server: &str) -> Result<ElicitResult, TerminalError> {
    header(form, server);
    let mut answer = form.answer();
    for field in form.fields() {
        let asked = field::ask(field, None)?;
        if let Some(result) = leave(&asked) {
            return Ok(result);
        }
        keep(&mut answer, field, asked);
    }
    loop {
        let entries = review_entries(&answer);
        let prompt = inquire::Select::new("Review your answers", entries)
            .with_help_message("↑↓ move · Enter chooses · Esc cancels")
            .with_page_size((form.fields().len() + 3).min(MAX_PAGE));
        let chosen = match answered(prompt.prompt())? {
            Some(entry) => entry.what,
            None => Review::Cancel,
        };
        match chosen {
            Review::Send => match answer.finish() {
                Ok(result) => return Ok(result),
                Err(errors) => eprintln!("The answer cannot be sent yet:\n{errors}"),
            },
            Review::Edit(index) => {
                let field = &form.fields()[index];
                let current = answer.get(&field.name).cloned();
                let asked = field::ask(field, current.as_ref())?;
                if let Some(result) = leave(&asked) {
                    return Ok(result);
                }
                keep(&mut answer, field, asked);
            }
            Review::Decline => return Ok(ElicitResult::decline()),
            Review::Cancel => return Ok(ElicitResult::cancel()),
        }
    }
}

/// Which server asks and why, what the form warns about, and the ways out.
fn header(form: &FormView, server: &str) {
    eprintln!("The server `{}` asks:", Excerpt(server));
    for line in Escaped(form.message()).to_string().lines() {
        eprintln!("  {line}");
    }
    for warning in secret_warnings(form) {
        eprintln!("Warning: {warning}");
    }
    eprintln!(
        "Esc cancels at any step; to decline, type `{}` or choose \"Decline the request\".",
        crate::DECLINE_COMMAND
    );
}

/// Keeps what a field prompt returned: a value (checked again by the
/// answer), or nothing.
fn keep(answer: &mut Answer<'_>, field: &Property, asked: Step<Option<Value>>) {
    match asked {
        Step::Done(Some(value)) => {
            if let Err(errors) = answer.set(&field.name, value) {
                eprintln!("{errors}");
            }
        }
        Step::Done(None) => {
            answer.clear(&field.name);
        }
        Step::Decline | Step::Cancel => {}
    }
}

fn review_entries(answer: &Answer<'_>) -> Vec<Entry<Review>> {
    let mut entries = vec![Entry {
        label: "Send".to_owned(),
        what: Review::Send,
    }];
    for (index, field) in answer.form().fields().iter().enumerate() {
        let shown = match (answer.get(&field.name), field.schema.default_value()) {
            (Some(value), _) => describe::value(&field.schema, value),
            (None, Some(default)) => {
                format!("{} (default)", describe::value(&field.schema, &default))
            }
            (None, None) => "(not answered)".to_owned(),
        };
        entries.push(Entry {
            label: format!("Edit {}: {shown}", Escaped(describe::label(field))),
            what: Review::Edit(index),
        });
    }
    entries.push(Entry {
        label: "Decline the request".to_owned(),
        what: Review::Decline,
    });
    entries.push(Entry {
        label: "Cancel".to_owned(),
        what: Review::Cancel,
    });
    entries
}
