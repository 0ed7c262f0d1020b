//! Field types the protocol cannot express, recognised by their syntax so
//! the error can say exactly what to do instead. Types the syntax cannot
//! see through (aliases, nested structs) are caught by the `ElicitField`
//! bound, whose message explains the same rules.

use syn::spanned::Spanned;
use syn::{GenericArgument, PathArguments, Type};

/// An error at the offending part of `ty`, if its shape cannot be a field.
pub fn check(ty: &Type) -> Option<syn::Error> {
    check_inner(ty, false)
}

fn check_inner(ty: &Type, in_option: bool) -> Option<syn::Error> {
    let error = |message: String| Some(syn::Error::new(ty.span(), message));
    match ty {
        Type::Paren(inner) => check_inner(&inner.elem, in_option),
        Type::Group(inner) => check_inner(&inner.elem, in_option),
        Type::Reference(r) => {
            let owned = match &*r.elem {
                Type::Path(p) if p.path.is_ident("str") => "`String` (or `Box<str>`)".to_owned(),
                _ => "an owned type".to_owned(),
            };
            error(format!(
                "a borrowed field cannot be read from a client's response: use {owned}"
            ))
        }
        Type::Tuple(t) if t.elems.is_empty() => error(
            "`()` carries no value the user could enter: remove the field".to_owned(),
        ),
        Type::Tuple(_) => error(
            "a tuple cannot be a form field, since a `requestedSchema` is a flat object of primitive values: use one named field per element".to_owned(),
        ),
        Type::Array(_) | Type::Slice(_) => error(array_message()),
        Type::Path(p) if p.qself.is_none() => {
            let last = p.path.segments.last()?;
            let name = last.ident.to_string();
            let first_arg = || match &last.arguments {
                PathArguments::AngleBracketed(args) => args.args.iter().find_map(|a| match a {
                    GenericArgument::Type(t) => Some(t),
                    _ => None,
                }),
                _ => None,
            };
            match name.as_str() {
                "Option" => {
                    let inner = first_arg()?;
                    if in_option {
                        return error(
                            "a nested `Option` cannot be a form field: a field is either present or absent, so use a single `Option`".to_owned(),
                        );
                    }
                    check_inner(inner, true)
                }
                "Box" | "Rc" | "Arc" => check_inner(first_arg()?, in_option),
                "Vec" | "VecDeque" | "LinkedList" | "BinaryHeap" | "HashSet" | "BTreeSet"
                | "IndexSet" => error(array_message()),
                "HashMap" | "BTreeMap" | "IndexMap" => error(
                    format!("`{name}` cannot be a form field: a `requestedSchema` has no maps; use one named field per key"),
                ),
                "Value" | "Map" | "Number"
                    if p.path.segments.iter().any(|s| s.ident == "serde_json") =>
                {
                    error(format!(
                        "`serde_json::{name}` cannot be a form field: each field needs one primitive type (string, number, integer, boolean or a unit enum) so the schema can say what to enter"
                    ))
                }
                "Duration" | "Instant" | "SystemTime" => error(format!(
                    "`{name}` has no primitive form in a `requestedSchema`: use an integer field with the unit in its name, such as `timeout_secs: u64`, or a string with `format = \"date-time\"` for a point in time"
                )),
                "PhantomData" => error(
                    "`PhantomData` carries no value the user could enter: keep it out of the form".to_owned(),
                ),
                "char" => error(
                    "`char` cannot be a form field: use `String` with `max_length = 1`".to_owned(),
                ),
                _ => None,
            }
        }
        Type::Never(_) => error("`!` cannot be a form field".to_owned()),
        Type::Ptr(_) | Type::BareFn(_) | Type::TraitObject(_) | Type::ImplTrait(_) => error(
            "this type has no value a user could enter: use a string, a number, an integer, a boolean or a unit enum".to_owned(),
        ),
        _ => None,
    }
}

fn array_message() -> String {
    "a list cannot be a form field in revision 2025-06-18: a `requestedSchema` holds only primitive values, so use separate fields, or a unit enum that derives `Elicitable` for one choice among fixed values".to_owned()
}
