//! Rules on the items of the input: a form has fields, a choice has
//! variants, and each variant is a plain value.

use syn::spanned::Spanned;
use syn::{Fields, Ident};

use crate::ast::{Choice, Form, Variant};
use crate::ctxt::Ctxt;
use crate::messages;

/// A form asks for something.
///
/// `struct Form {}` is an error at `Form`.
pub fn form_has_fields(ident: &Ident, form: &Form<'_>, cx: &mut Ctxt) {
    if form.fields.is_empty() {
        cx.error(ident.span(), messages::empty_form(ident));
    }
}

/// A choice has something to choose.
///
/// `enum Choice {}` is an error at `Choice`.
pub fn enum_has_variants(ident: &Ident, choice: &Choice<'_>, cx: &mut Ctxt) {
    if choice.variants.is_empty() {
        cx.error(ident.span(), messages::empty_enum(ident));
    }
}

/// An enum field is a choice among plain values, so every variant is a
/// unit variant.
///
/// `Large(u32)` is an error at `(u32)`.
pub fn variant_is_unit(variant: &Variant<'_>, cx: &mut Ctxt) {
    let fields = &variant.original.fields;
    if !matches!(fields, Fields::Unit) {
        cx.error(fields.span(), messages::variant_with_data(variant.ident));
    }
}
