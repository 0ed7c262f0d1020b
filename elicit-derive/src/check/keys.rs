//! Rules on keys alone: each is written where it belongs, once.

use std::collections::HashSet;

use syn::Path;

use crate::attr::{Place, Written};
use crate::ctxt::Ctxt;
use crate::{messages, suggest};

/// Every key a place does not take is an error at the key: one that goes
/// elsewhere says where, an unknown one offers the closest key this place
/// takes. A key written twice is an error at the second.
///
/// `#[elicit(message = "...")] name: String` is an error at `message`,
/// which goes on the form struct; `#[elicit(min_lenght = 3)]` at
/// `min_lenght`, which is likely `min_length`; `#[elicit(title = "Name",
/// title = "Full name")]` at the second `title`.
pub fn check<W: Written>(attrs: &W, cx: &mut Ctxt) {
    for path in attrs.unclaimed() {
        unclaimed(path, W::PLACE, cx);
    }
    let mut seen = HashSet::new();
    for (name, span) in attrs.keys() {
        if !seen.insert(name.clone()) {
            cx.error(span, messages::duplicate_key(&name));
        }
    }
}

fn unclaimed(path: &Path, place: Place, cx: &mut Ctxt) {
    let Some(ident) = path.get_ident() else {
        let span = path.segments.first().map(|s| s.ident.span());
        cx.error(
            span.unwrap_or_else(proc_macro2::Span::call_site),
            messages::KEY_IS_A_PATH,
        );
        return;
    };
    let key = ident.to_string();
    let message = match messages::home_of(&key) {
        Some(home) => messages::misplaced_key(&key, place, home),
        None => {
            let allowed = place.keys();
            messages::unknown_key(&key, suggest::closest(&key, &allowed), &allowed)
        }
    };
    cx.error(ident.span(), message);
}
