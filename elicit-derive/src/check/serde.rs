//! `#[serde(...)]` keys that change the shape serde reads.

use crate::attr::{Place, Written};
use crate::ctxt::Ctxt;
use crate::messages;

/// The keys by which serde reads something else than a flat object of the
/// fields.
const SHAPE_KEYS: &[&str] = &[
    "flatten",
    "skip",
    "skip_deserializing",
    "untagged",
    "tag",
    "content",
];

/// An elicitation form stays a flat object of its fields, so serde must
/// read it as one; on a variant, where these keys change no shape of the
/// form, they are serde's business.
///
/// `#[serde(flatten)] rest: String` is an error at `flatten`.
pub fn keeps_shape<W: Written>(attrs: &W, cx: &mut Ctxt) {
    if W::PLACE == Place::Variant {
        return;
    }
    for path in &attrs.serde().others.0 {
        if let Some(key) = path.get_ident()
            && SHAPE_KEYS.contains(&key.to_string().as_str())
        {
            cx.error(key.span(), messages::serde_changes_shape(&key.to_string()));
        }
    }
}
