//! The check stage: every rule the derive enforces on the parsed input,
//! each error recorded at its own token, all of them before expansion. What
//! passes is a model the expanders turn into code without failing.

mod defaults;
mod names;
mod revision;
mod secrets;
mod serde;
mod structure;
mod types;

use crate::ast::{Choice, Form, Input, Newtype};
use crate::ctxt::Ctxt;
use crate::item::Item;

/// Runs every rule on `input`.
pub fn run(input: &Input<'_>, cx: &mut Ctxt) {
    match &input.body {
        Item::Form(form) => check_form(input, form, cx),
        Item::Newtype(newtype) => check_newtype(newtype, cx),
        Item::Choice(choice) => check_choice(input, choice, cx),
    }
}

fn check_form(input: &Input<'_>, form: &Form<'_>, cx: &mut Ctxt) {
    serde::keeps_shape(&form.attrs.attrs.serde, cx);
    names::rules_agree(
        form.attrs.rename_all(),
        form.attrs.attrs.serde.rename_all(),
        cx,
    );
    structure::form_has_fields(input.ident, form, cx);
    for field in &form.fields {
        serde::keeps_shape(&field.attrs.attrs.serde, cx);
        names::renames_agree(
            field.attrs.own_rename(),
            field.attrs.attrs.serde.rename(),
            cx,
        );
        defaults::no_variant_paths(field.attrs.constraints(), cx);
        types::check(field.ty, cx);
        secrets::check(field, cx);
    }
    revision::downlevel_needs_pin(&form.attrs, cx);
    names::unique(
        form.fields
            .iter()
            .map(|f| (f.wire.name.as_str(), f.ident, f.wire.span)),
        cx,
    );
}

fn check_newtype(newtype: &Newtype<'_>, cx: &mut Ctxt) {
    serde::keeps_shape(&newtype.attrs.attrs.serde, cx);
    defaults::no_variant_paths(newtype.attrs.constraints(), cx);
    types::check(newtype.ty, cx);
}

fn check_choice(input: &Input<'_>, choice: &Choice<'_>, cx: &mut Ctxt) {
    serde::keeps_shape(&choice.attrs.attrs.serde, cx);
    names::rules_agree(
        choice.attrs.rename_all(),
        choice.attrs.attrs.serde.rename_all(),
        cx,
    );
    structure::enum_has_variants(input.ident, choice, cx);
    for variant in &choice.variants {
        structure::variant_is_unit(variant, cx);
        names::renames_agree(
            variant.attrs.own_rename(),
            variant.attrs.attrs.serde.rename(),
            cx,
        );
    }
    names::unique(
        choice
            .variants
            .iter()
            .map(|v| (v.wire.name.as_str(), v.ident, v.wire.span)),
        cx,
    );
}
