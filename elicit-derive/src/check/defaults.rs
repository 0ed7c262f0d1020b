//! Rules on how a `default` is written.

use crate::attr::Constraints;
use crate::ctxt::Ctxt;
use crate::messages;

/// The `default` of an enum field is the wire value of a variant, a string,
/// never the variant's path.
///
/// `#[elicit(default = Colour::Red)]` is an error under `Colour::Red`.
pub fn no_variant_paths(constraints: &Constraints, cx: &mut Ctxt) {
    for path in &constraints.variant_defaults {
        cx.error_spanned(path, messages::DEFAULT_IS_A_VARIANT);
    }
}
