//! One request to a visit's page: who sends it, what the page says of who
//! asks and who answers, every URL it emits (under the public URL, prefix
//! included), and whether the visit is this visitor's to see.

use axum::response::Response;
use http::request::Parts;

use crate::forms::WebForms;
use crate::pages::{Refusal, see_other};
use crate::store::{StoreError, Visit, VisitId, VisitState};
use elicit_runtime::html::{Masthead, STYLESHEET_PATH, Shell};
use elicit_runtime::state::Principal;

/// A request to the page of a visit, as the router serves it.
pub(crate) struct Visiting<'a> {
    pub(crate) web: &'a WebForms,
    /// The visit of the link, if the link names one.
    id: Result<VisitId, StoreError>,
    /// Who sent it, by the server's identity check.
    visitor: Option<Principal>,
    /// The name the pages show for them.
    name: Option<String>,
    /// The page's path as the browser reaches it: `/app/forms/{visit}`.
    path: String,
    stylesheet: String,
    sign_out: Option<String>,
}

impl<'a> Visiting<'a> {
    /// The request `parts` to the page of the link's `visit`.
    pub(crate) fn new(web: &'a WebForms, visit: &str, parts: &Parts) -> Visiting<'a> {
        let id = VisitId::parse(visit);
        let visitor = web.visitor().visitor(parts);
        let name = match &visitor {
            Some(visitor) if visitor.is_user() => web.visitor().name(parts),
            _ => None,
        };
        let path = match &id {
            Ok(id) => web.public_path(&format!("/forms/{id}")),
            Err(_) => String::new(),
        };
        Visiting {
            web,
            id,
            visitor,
            name,
            path,
            stylesheet: web.public_path(STYLESHEET_PATH),
            sign_out: web.sign_out_path(),
        }
    }

    /// The page's path, the form's `action`: `/app/forms/{visit}`.
    pub(crate) fn action(&self) -> &str {
        &self.path
    }

    /// The document around every page of this request: the stylesheet
    /// under the public URL, and the masthead naming the server and the
    /// visitor, with the sign-out for a signed-in user.
    pub(crate) fn shell(&self) -> Shell<'_> {
        let mut masthead = Masthead::asked_by(self.web.server_name());
        if self.visitor.as_ref().is_some_and(Principal::is_user) {
            masthead = masthead.signed_in(self.name.as_deref());
            if let Some(sign_out) = &self.sign_out
                && !self.path.is_empty()
            {
                masthead = masthead.sign_out(sign_out, &self.path);
            }
        }
        Shell::DEFAULT
            .stylesheet(&self.stylesheet)
            .masthead(masthead)
    }

    /// The page of `refusal`.
    pub(crate) fn refuse(&self, refusal: Refusal) -> Response {
        crate::log::refused(refusal);
        refusal.page(&self.shell())
    }

    /// The visit of the link, if it is pending and the request comes from
    /// its user, and that user; otherwise the refusal (or the redirect to
    /// sign in, with the page's path to come back to).
    pub(crate) async fn admit(&self) -> Result<(Visit, Principal), Response> {
        let id = self.id.clone().map_err(|_| self.refuse(Refusal::Unknown))?;
        let Some(visitor) = self.visitor.clone() else {
            return Err(match self.web.sign_in_path() {
                Some(sign_in) => {
                    let next = query_value(&self.path);
                    see_other(&format!("{sign_in}?next={next}"), &self.shell())
                }
                None => self.refuse(Refusal::SignedOut),
            });
        };
        let visit = self
            .web
            .store()
            .load(id)
            .await
            .map_err(|error| self.refuse(refusal_of(&error)))?;
        if !visit.is_for(&visitor) {
            return Err(self.refuse(Refusal::OtherUser));
        }
        match visit.state() {
            VisitState::Pending => {}
            VisitState::Closed => return Err(self.refuse(Refusal::Closed)),
            VisitState::Completed | VisitState::Taken => return Err(self.refuse(Refusal::Used)),
        }
        Ok((visit, visitor))
    }
}

/// The refusal for a store's error.
pub(crate) fn refusal_of(error: &StoreError) -> Refusal {
    match error {
        StoreError::Malformed | StoreError::Unknown => Refusal::Unknown,
        StoreError::Expired => Refusal::Expired,
        StoreError::Closed => Refusal::Closed,
        StoreError::AlreadyCompleted | StoreError::AlreadyTaken => Refusal::Used,
        StoreError::TooLarge { .. } => Refusal::TooLarge,
        _ => Refusal::Unavailable,
    }
}

/// `text` as a query's value: every byte but the unreserved ones and `/`
/// percent-encoded.
fn query_value(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(char::from(byte));
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::query_value;

    #[test]
    fn a_query_value_is_percent_encoded() {
        assert_eq!(query_value("/app/forms/a-b_c"), "/app/forms/a-b_c");
        assert_eq!(query_value("/a b&c=d?é"), "/a%20b%26c%3Dd%3F%C3%A9");
    }
}
