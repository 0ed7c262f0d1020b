//! Rules on names on the wire: the form and serde agree on them, and no two
//! fields (or variants) share one.

use std::collections::HashMap;

use proc_macro2::Span;
use syn::ext::IdentExt;
use syn::{Ident, LitStr};

use crate::attr::value::Rule;
use crate::ctxt::Ctxt;
use crate::messages;

/// `#[elicit(rename_all)]` and `#[serde(rename_all)]` must agree when both
/// are written: the wire names must never silently differ.
///
/// `#[elicit(rename_all = "camelCase")] #[serde(rename_all = "kebab-case")]`
/// is an error at `"camelCase"`.
pub fn rules_agree(ours: Option<&Rule>, serde: Option<&Rule>, cx: &mut Ctxt) {
    if let (Some(ours), Some(theirs)) = (ours, serde)
        && ours.rule != theirs.rule
    {
        cx.error(
            ours.lit.span(),
            messages::rename_all_disagrees(&ours.lit.value(), &theirs.lit.value()),
        );
    }
}

/// `#[elicit(rename)]` and `#[serde(rename)]` must agree when both are
/// written.
///
/// `#[elicit(rename = "fullName")] #[serde(rename = "full_name")]` is an
/// error at `"fullName"`.
pub fn renames_agree(ours: Option<&LitStr>, serde: Option<&LitStr>, cx: &mut Ctxt) {
    if let (Some(ours), Some(theirs)) = (ours, serde)
        && ours.value() != theirs.value()
    {
        cx.error(
            ours.span(),
            messages::rename_disagrees(&ours.value(), &theirs.value()),
        );
    }
}

/// Two fields (or variants) may not share a wire name, whatever renames
/// made it.
///
/// `#[elicit(rename = "name")] full_name: String, name: String` is an error
/// at the second `name`, naming both fields.
pub fn unique<'a>(names: impl Iterator<Item = (&'a str, &'a Ident, Span)>, cx: &mut Ctxt) {
    let mut seen: HashMap<&str, String> = HashMap::new();
    for (wire, ident, span) in names {
        let rust = ident.unraw().to_string();
        if let Some(first) = seen.get(wire) {
            cx.error(span, messages::wire_name_taken(wire, first, &rust));
        } else {
            seen.insert(wire, rust);
        }
    }
}
