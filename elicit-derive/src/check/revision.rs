//! Rules on the revision a form is pinned to.

use crate::attr::FormAttrs;
use crate::contract::FIRST_REVISION;
use crate::ctxt::Ctxt;
use crate::messages;

/// `downlevel` lets a form pinned to 2025-06-18 have multi-selects, sent as
/// booleans; without that pin it has nothing to do, since an unpinned form
/// is sent as booleans to a 2025-06-18 client anyway.
///
/// `#[elicit(downlevel)] struct Form { .. }` is an error at `downlevel`, as
/// is `#[elicit(revision = "2025-11-25", downlevel)]`.
pub fn downlevel_needs_pin(attrs: &FormAttrs, cx: &mut Ctxt) {
    let Some(key) = attrs.downlevel() else {
        return;
    };
    match attrs.revision() {
        Some(revision) if revision.variant == FIRST_REVISION => {}
        Some(revision) => cx.error(
            key.span(),
            messages::downlevel_pinned_elsewhere(&revision.lit.value()),
        ),
        None => cx.error(key.span(), messages::DOWNLEVEL_UNPINNED),
    }
}
