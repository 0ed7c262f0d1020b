//! Field types the protocol cannot express, recognised by their syntax so
//! the error can say exactly what to do instead. Types the syntax cannot
//! see through (aliases, nested structs) are caught by the `ElicitField`
//! bound, whose message explains the same rules; so is the element of a
//! `Vec`, `BTreeSet` or `HashSet`, which is a multi-select exactly when the
//! element is a unit enum (`ElicitChoice`).

use quote::{ToTokens, quote};
use syn::{GenericArgument, PathArguments, Type};

/// An error under the offending part of `ty`, if its shape cannot be a
/// field.
///
/// `tags: VecDeque<Tag>` is an error under `VecDeque<Tag>`;
/// `Option<[u8; 3]>` too, under the inner `[u8; 3]`. `Vec<String>` is left to
/// the `ElicitChoice` bound, which says what a multi-select is.
pub fn check(ty: &Type) -> Option<syn::Error> {
    check_inner(ty, None)
}

/// `option` is the enclosing `Option<...>`, when `ty` is its argument.
fn check_inner(ty: &Type, option: Option<&Type>) -> Option<syn::Error> {
    let error = |message: String| Some(syn::Error::new_spanned(ty, message));
    match ty {
        Type::Paren(inner) => check_inner(&inner.elem, option),
        Type::Group(inner) => check_inner(&inner.elem, option),
        // `name: &'a str` is an error: the value is read from the client's
        // response, so it must own its data.
        Type::Reference(r) => {
            let owned = match &*r.elem {
                Type::Path(p) if p.path.is_ident("str") => "`String` (or `Box<str>`)".to_owned(),
                Type::Slice(_) => return check_inner(&r.elem, option),
                elem => format!("`{}` itself", type_text(elem)),
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
        Type::Array(_) => error(list_message("an array")),
        Type::Slice(_) => error(list_message("a slice")),
        Type::Path(p) if p.qself.is_none() => {
            let last = p.path.segments.last()?;
            let name = last.ident.to_string();
            // `Cow<'a, str>` borrows just as `&'a str` does.
            if borrows(p) {
                let owned = if name == "Cow" {
                    "`String` or `Cow<'static, str>`"
                } else {
                    "a type that owns its data"
                };
                return error(format!(
                    "a borrowed field cannot be read from a client's response: use {owned}"
                ));
            }
            let first_arg = || match &last.arguments {
                PathArguments::AngleBracketed(args) => args.args.iter().find_map(|a| match a {
                    GenericArgument::Type(t) => Some(t),
                    _ => None,
                }),
                _ => None,
            };
            match name.as_str() {
                // `Option<Option<String>>` is an error under the whole type.
                "Option" => {
                    let inner = first_arg()?;
                    if let Some(outer) = option {
                        return Some(syn::Error::new_spanned(
                            outer,
                            "a nested `Option` cannot be a form field: a field is either present or absent, so use a single `Option`",
                        ));
                    }
                    check_inner(inner, Some(ty))
                }
                "Box" | "Rc" | "Arc" => check_inner(first_arg()?, option),
                // `Vec`, `BTreeSet` and `HashSet` are multi-selects when
                // their element is a unit enum; the bound decides.
                "VecDeque" | "LinkedList" | "BinaryHeap" | "IndexSet" => {
                    error(list_message(&format!("`{name}`")))
                }
                "HashMap" | "BTreeMap" | "IndexMap" => error(format!(
                    "`{name}` cannot be a form field: a `requestedSchema` has no maps; use one named field per key"
                )),
                "Value" | "Map" | "Number"
                    if p.path.segments.iter().any(|s| s.ident == "serde_json") =>
                {
                    error(format!(
                        "`serde_json::{name}` cannot be a form field: give the field one primitive type (a string, a number, an integer, a boolean or a unit enum) so the schema can say what to enter"
                    ))
                }
                "Duration" | "Instant" | "SystemTime" => error(format!(
                    "`{name}` has no primitive form in a `requestedSchema`: use an integer field with the unit in its name, such as `timeout_secs: u64`, or a string with `format = \"date-time\"` for a point in time"
                )),
                "PhantomData" => error(
                    "`PhantomData` carries no value the user could enter: keep it out of the form"
                        .to_owned(),
                ),
                "char" => error(
                    "`char` cannot be a form field: use `String` with `max_length = 1`".to_owned(),
                ),
                _ => None,
            }
        }
        Type::Never(_) => error(
            "`!` cannot be a form field: use a string, a number, an integer, a boolean or a unit enum".to_owned(),
        ),
        Type::Ptr(_) | Type::FnPtr(_) | Type::TraitObject(_) | Type::ImplTrait(_) => error(
            "this type has no value a user could enter: use a string, a number, an integer, a boolean or a unit enum".to_owned(),
        ),
        _ => None,
    }
}

/// `true` when a segment of the path takes a lifetime other than `'static`.
fn borrows(path: &syn::TypePath) -> bool {
    path.path
        .segments
        .iter()
        .any(|segment| {
            match &segment.arguments {
        PathArguments::AngleBracketed(args) => args.args.iter().any(|arg| {
            matches!(arg, GenericArgument::Lifetime(lifetime) if lifetime.ident != "static")
        }),
        _ => false,
    }
        })
}

fn list_message(what: &str) -> String {
    format!(
        "{what} cannot be a form field: the only list a `requestedSchema` holds is a multi-select, which is a `Vec`, `BTreeSet` or `HashSet` of a unit enum that derives `Elicitable` (from revision 2025-11-25); use one of those, or separate fields"
    )
}

/// `true` when `ty` is, through `Option`, a `Vec`, `BTreeSet` or `HashSet`:
/// a multi-select if it is a field at all.
pub fn is_multi_select(ty: &Type) -> bool {
    match ty {
        Type::Paren(inner) => is_multi_select(&inner.elem),
        Type::Group(inner) => is_multi_select(&inner.elem),
        Type::Path(p) if p.qself.is_none() => {
            let Some(last) = p.path.segments.last() else {
                return false;
            };
            match last.ident.to_string().as_str() {
                "Vec" | "BTreeSet" | "HashSet" => true,
                "Option" => match &last.arguments {
                    PathArguments::AngleBracketed(args) => args.args.iter().any(
                        |a| matches!(a, GenericArgument::Type(inner) if is_multi_select(inner)),
                    ),
                    _ => false,
                },
                _ => false,
            }
        }
        _ => false,
    }
}

/// The type as the user wrote it, without the spaces tokens print with:
/// `Option<u8>`, not `Option < u8 >`.
pub fn type_text(ty: &impl ToTokens) -> String {
    let text = quote!(#ty).to_string();
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    for (i, ch) in chars.iter().enumerate() {
        if *ch == ' ' {
            let prev = i.checked_sub(1).and_then(|j| chars.get(j)).copied();
            let next = chars.get(i + 1).copied();
            let tight = matches!(prev, Some('<' | ':' | '&' | '(' | '[' | '\''))
                || matches!(next, Some('<' | '>' | ':' | ',' | ')' | ']'));
            if tight {
                continue;
            }
        }
        out.push(*ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{check, type_text};

    fn rejects(ty: &str) -> bool {
        check(&syn::parse_str(ty).unwrap()).is_some()
    }

    #[test]
    fn rejects_shapes_a_schema_cannot_hold() {
        for ty in [
            "std::collections::VecDeque<Tag>",
            "Option<LinkedList<Tag>>",
            "Box<[String]>",
            "[u8; 3]",
            "(i32, i32)",
            "()",
            "&'a str",
            "Cow<'a, str>",
            "std::collections::HashMap<String, u32>",
            "serde_json::Value",
            "Option<Option<String>>",
            "std::time::Duration",
        ] {
            assert!(rejects(ty), "{ty}");
        }
    }

    #[test]
    fn accepts_what_the_bound_decides() {
        for ty in [
            "String",
            "Option<u8>",
            "Box<str>",
            "Cow<'static, str>",
            "std::sync::Arc<str>",
            "Address",
            "T",
            // Multi-selects when the element is a unit enum.
            "Vec<Tag>",
            "Option<std::collections::BTreeSet<Tag>>",
            "HashSet<Tag>",
            "Vec<String>",
        ] {
            assert!(!rejects(ty), "{ty}");
        }
    }

    #[test]
    fn recognises_multi_selects() {
        for (ty, multi) in [
            ("Vec<Tag>", true),
            ("Option<BTreeSet<Tag>>", true),
            ("std::collections::HashSet<Tag>", true),
            ("Tag", false),
            ("Option<Tag>", false),
        ] {
            let parsed: syn::Type = syn::parse_str(ty).unwrap();
            assert_eq!(super::is_multi_select(&parsed), multi, "{ty}");
        }
    }

    #[test]
    fn prints_types_tightly() {
        let ty: syn::Type = syn::parse_str("Option < Cow < 'static , str > >").unwrap();
        assert_eq!(type_text(&ty), "Option<Cow<'static, str>>");
    }
}
