//! The shape of `#[elicit(...)]` itself, checked before darling reads it:
//! keys in parentheses, each a name.

use darling::ast::NestedMeta;
use syn::{Attribute, Data, DeriveInput, Meta};

use crate::ctxt::Ctxt;
use crate::messages;

/// Every `#[elicit]` of the item, its fields and its variants lists keys in
/// parentheses: `#[elicit]` and `#[elicit = "..."]` are errors at them, and
/// so is a literal where a key belongs (`#[elicit("Name")]`). Returns
/// `false` when one was found.
pub fn check(input: &DeriveInput, cx: &mut Ctxt) -> bool {
    let mut attrs: Vec<&Attribute> = input.attrs.iter().collect();
    match &input.data {
        Data::Struct(s) => attrs.extend(s.fields.iter().flat_map(|f| &f.attrs)),
        Data::Enum(e) => attrs.extend(e.variants.iter().flat_map(|v| &v.attrs)),
        Data::Union(_) => {}
    }
    let mut ok = true;
    for attr in attrs.into_iter().filter(|a| a.path().is_ident("elicit")) {
        ok &= check_one(attr, cx);
    }
    ok
}

fn check_one(attr: &Attribute, cx: &mut Ctxt) -> bool {
    let list = match &attr.meta {
        Meta::List(list) => list,
        Meta::Path(_) => {
            cx.error_spanned(attr, messages::ATTRIBUTE_WITHOUT_KEYS);
            return false;
        }
        Meta::NameValue(_) => {
            cx.error_spanned(attr, messages::ATTRIBUTE_WITH_VALUE);
            return false;
        }
    };
    // A list that does not parse is reported by darling, with syn's words.
    let Ok(items) = NestedMeta::parse_meta_list(list.tokens.clone()) else {
        return true;
    };
    let mut ok = true;
    for item in &items {
        if let NestedMeta::Lit(lit) = item {
            cx.error_spanned(lit, messages::LITERAL_AS_KEY);
            ok = false;
        }
    }
    ok
}
