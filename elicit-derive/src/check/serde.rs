//! `#[serde(...)]` keys that change the shape serde reads.

use crate::attr::SerdeAttrs;
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
/// read it as one. (On a variant, where these keys change no shape of the
/// form, they are serde's business, and not checked.)
///
/// `#[serde(flatten)] rest: String` is an error at `flatten`.
pub fn keeps_shape(serde: &SerdeAttrs, cx: &mut Ctxt) {
    for path in &serde.others.0 {
        if let Some(key) = path.get_ident()
            && SHAPE_KEYS.contains(&key.to_string().as_str())
        {
            cx.error(key.span(), messages::serde_changes_shape(&key.to_string()));
        }
    }
}
