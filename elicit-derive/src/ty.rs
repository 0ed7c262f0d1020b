//! Types read by their syntax alone: through `Option`, as multi-selects, as
//! primitive integers, and printed as the user wrote them.

use quote::{ToTokens, quote};
use syn::{GenericArgument, PathArguments, Type};

/// The argument of `Option<T>`, when `ty` is written as one.
fn option_arg(ty: &Type) -> Option<&Type> {
    let Type::Path(path) = ty else {
        return None;
    };
    if path.path.segments.last()?.ident != "Option" {
        return None;
    }
    generic_arg(ty)
}

/// The first type argument of a path type: `u8` of `NonZero<u8>`.
fn generic_arg(ty: &Type) -> Option<&Type> {
    let Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    args.args.iter().find_map(|arg| match arg {
        GenericArgument::Type(inner) => Some(inner),
        _ => None,
    })
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

/// The name of a type, through `Option`: `Password` for
/// `Option<Password>`.
pub fn type_name(ty: &Type) -> Option<&syn::Ident> {
    if let Some(inner) = option_arg(ty) {
        return type_name(inner);
    }
    let Type::Path(path) = ty else {
        return None;
    };
    Some(&path.path.segments.last()?.ident)
}

/// The range of a primitive integer type written by name, through `Option`:
/// `u8` and `Option<u8>` give `(0, 255)`; a `NonZero` type (`NonZeroU8`,
/// `std::num::NonZero<u8>`) its range without 0 for an unsigned type,
/// `(1, 255)`, and the integer's for a signed one. `usize` and `isize` are
/// left out: their range is the target's, not the one this macro runs on.
pub fn int_range(ty: &Type) -> Option<(String, String)> {
    let Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    let name = last.ident.to_string();
    if name == "Option" {
        return option_arg(ty).and_then(int_range);
    }
    let nonzero =
        |(low, high): (String, String)| (if low == "0" { "1".to_owned() } else { low }, high);
    if name == "NonZero" {
        return generic_arg(ty).and_then(int_range).map(nonzero);
    }
    if let Some(int) = name.strip_prefix("NonZero") {
        return primitive_range(&int.to_lowercase()).map(nonzero);
    }
    if path.path.segments.len() != 1 {
        return None;
    }
    primitive_range(&name)
}

/// The range of the primitive integer type `name`.
fn primitive_range(name: &str) -> Option<(String, String)> {
    macro_rules! ranges {
        ($($int:ident),*) => {
            match name {
                $(stringify!($int) => Some(($int::MIN.to_string(), $int::MAX.to_string())),)*
                _ => None,
            }
        };
    }
    ranges!(u8, u16, u32, u64, u128, i8, i16, i32, i64, i128)
}

/// `true` when `ty` is the bare path `name`.
pub fn is_ident(ty: &Type, name: &str) -> bool {
    matches!(ty, Type::Path(p) if p.qself.is_none() && p.path.is_ident(name))
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
    use super::{int_range, is_multi_select, type_name, type_text};

    fn ty(text: &str) -> syn::Type {
        syn::parse_str(text).unwrap()
    }

    #[test]
    fn recognises_multi_selects() {
        for (text, multi) in [
            ("Vec<Tag>", true),
            ("Option<BTreeSet<Tag>>", true),
            ("std::collections::HashSet<Tag>", true),
            ("Tag", false),
            ("Option<Tag>", false),
        ] {
            assert_eq!(is_multi_select(&ty(text)), multi, "{text}");
        }
    }

    #[test]
    fn reads_through_option() {
        assert_eq!(type_name(&ty("Option<Password>")).unwrap(), "Password");
        assert_eq!(
            int_range(&ty("Option<u8>")),
            Some(("0".to_owned(), "255".to_owned()))
        );
        assert_eq!(int_range(&ty("usize")), None);
        let range = |low: &str, high: &str| Some((low.to_owned(), high.to_owned()));
        assert_eq!(int_range(&ty("std::num::NonZeroU8")), range("1", "255"));
        assert_eq!(int_range(&ty("Option<NonZero<i8>>")), range("-128", "127"));
        assert_eq!(int_range(&ty("NonZeroUsize")), None);
    }

    #[test]
    fn prints_types_tightly() {
        let parsed = ty("Option < Cow < 'static , str > >");
        assert_eq!(type_text(&parsed), "Option<Cow<'static, str>>");
    }
}
