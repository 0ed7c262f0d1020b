//! Field types the protocol cannot express, recognised by their syntax so
//! the error can say exactly what to do instead. Types the syntax cannot
//! see through (aliases, nested structs) are caught by the `ElicitField`
//! bound, whose message explains the same rules; so is the element of a
//! `Vec`, `BTreeSet` or `HashSet`, which is a multi-select exactly when the
//! element is a unit enum (`ElicitChoice`).

use syn::{GenericArgument, PathArguments, Type, TypePath};

use crate::ctxt::Ctxt;
use crate::messages;
use crate::ty::type_text;

/// A field's type must have a shape a field can have; the error is under
/// the offending part of it.
///
/// `tags: VecDeque<Tag>` is an error under `VecDeque<Tag>`;
/// `Option<[u8; 3]>` too, under the inner `[u8; 3]`. `Vec<String>` is left to
/// the `ElicitChoice` bound, which says what a multi-select is.
pub fn check(ty: &Type, cx: &mut Ctxt) {
    if let Some(error) = unfit(ty, None) {
        cx.push(error);
    }
}

/// The error for `ty`; `option` is the enclosing `Option<...>`, when `ty`
/// is its argument.
fn unfit(ty: &Type, option: Option<&Type>) -> Option<syn::Error> {
    let error = |message: String| Some(syn::Error::new_spanned(ty, message));
    match ty {
        Type::Paren(inner) => unfit(&inner.elem, option),
        Type::Group(inner) => unfit(&inner.elem, option),
        // `name: &'a str` is an error: the value is read from the client's
        // response, so it must own its data.
        Type::Reference(r) => {
            let owned = match &*r.elem {
                Type::Path(p) if p.path.is_ident("str") => messages::BORROWED_STR.to_owned(),
                Type::Slice(_) => return unfit(&r.elem, option),
                elem => messages::owned_itself(&type_text(elem)),
            };
            error(messages::borrowed(&owned))
        }
        Type::Tuple(t) if t.elems.is_empty() => error(messages::UNIT_TYPE.to_owned()),
        Type::Tuple(_) => error(messages::TUPLE.to_owned()),
        Type::Array(_) => error(messages::list(messages::ARRAY)),
        Type::Slice(_) => error(messages::list(messages::SLICE)),
        Type::Path(p) if p.qself.is_none() => unfit_path(ty, p, option),
        Type::Never(_) => error(messages::NEVER.to_owned()),
        Type::Ptr(_) | Type::FnPtr(_) | Type::TraitObject(_) | Type::ImplTrait(_) => {
            error(messages::NO_VALUE.to_owned())
        }
        _ => None,
    }
}

/// The error for a type written as a path, by its last segment.
fn unfit_path(ty: &Type, p: &TypePath, option: Option<&Type>) -> Option<syn::Error> {
    let error = |message: String| Some(syn::Error::new_spanned(ty, message));
    let last = p.path.segments.last()?;
    let name = last.ident.to_string();
    // `Cow<'a, str>` borrows just as `&'a str` does.
    if borrows(p) {
        let owned = if name == "Cow" {
            messages::BORROWED_COW
        } else {
            messages::BORROWED_OTHER
        };
        return error(messages::borrowed(owned));
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
                return Some(syn::Error::new_spanned(outer, messages::NESTED_OPTION));
            }
            unfit(inner, Some(ty))
        }
        "Box" | "Rc" | "Arc" => unfit(first_arg()?, option),
        // `Vec`, `BTreeSet` and `HashSet` are multi-selects when their
        // element is a unit enum; the bound decides.
        "VecDeque" | "LinkedList" | "BinaryHeap" | "IndexSet" => {
            error(messages::list(&messages::code(&name)))
        }
        "HashMap" | "BTreeMap" | "IndexMap" => error(messages::map(&name)),
        "Value" | "Map" | "Number" if p.path.segments.iter().any(|s| s.ident == "serde_json") => {
            error(messages::json(&name))
        }
        "Duration" | "Instant" | "SystemTime" | "TimeDelta" | "SignedDuration" => {
            error(messages::time(&name))
        }
        "PhantomData" => error(messages::PHANTOM.to_owned()),
        "PathBuf" | "OsString" => error(messages::path(&name)),
        "Path" | "OsStr" if in_module(p, &["path", "ffi"]) => error(messages::path(&name)),
        "SocketAddr" | "SocketAddrV4" | "SocketAddrV6" => error(messages::socket(&name)),
        _ => unfit_time(ty, p, &name, first_arg()),
    }
}

/// The error for a date or time type of `chrono`, `time` or `jiff` that
/// has no wire form, such as `NaiveTime` or `jiff::Zoned`. Names common
/// enough to be a user's own type (`Time`, `DateTime`) count only under
/// their crate's path (`time::Time`, `civil::DateTime`), or with a time
/// zone argument (`DateTime<Local>`).
fn unfit_time(ty: &Type, p: &TypePath, name: &str, arg: Option<&Type>) -> Option<syn::Error> {
    let error = |message: String| Some(syn::Error::new_spanned(ty, message));
    match name {
        "NaiveTime" => error(messages::time_of_day(name, "chrono::DateTime<FixedOffset>")),
        "NaiveDateTime" => error(messages::no_offset(name, messages::NO_OFFSET_CHRONO)),
        "PrimitiveDateTime" | "PlainDateTime" => {
            error(messages::no_offset(name, messages::NO_OFFSET_TIME))
        }
        "Zoned" | "ZonedDateTime" => error(messages::zoned(name)),
        "Time" if in_module(p, &["civil"]) => {
            error(messages::time_of_day("civil::Time", "jiff::Timestamp"))
        }
        "Time" if in_module(p, &["time"]) => {
            error(messages::time_of_day("time::Time", "time::OffsetDateTime"))
        }
        "DateTime" if in_module(p, &["civil"]) => error(messages::no_offset(
            "civil::DateTime",
            messages::NO_OFFSET_JIFF,
        )),
        "DateTime" => match arg {
            Some(Type::Path(zone)) => {
                let zone = zone.path.segments.last()?.ident.to_string();
                (zone != "Utc" && zone != "FixedOffset")
                    .then(|| syn::Error::new_spanned(ty, messages::time_zone(&zone)))
            }
            _ => None,
        },
        _ => None,
    }
}

/// `true` when the path names its type through one of `modules`
/// (`std::path::Path` through `path`).
fn in_module(p: &TypePath, modules: &[&str]) -> bool {
    let segments = &p.path.segments;
    segments
        .iter()
        .take(segments.len().saturating_sub(1))
        .any(|segment| modules.iter().any(|m| segment.ident == m))
}

/// `true` when a segment of the path takes a lifetime other than `'static`.
fn borrows(path: &TypePath) -> bool {
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

#[cfg(test)]
mod tests {
    use super::unfit;

    fn rejects(ty: &str) -> bool {
        unfit(&syn::parse_str(ty).unwrap(), None).is_some()
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
            "chrono::NaiveTime",
            "Option<NaiveDateTime>",
            "time::PrimitiveDateTime",
            "time::Time",
            "jiff::civil::Time",
            "civil::DateTime",
            "jiff::Zoned",
            "jiff::ZonedDateTime",
            "DateTime<Local>",
            "chrono::DateTime<chrono_tz::Tz>",
            "std::path::PathBuf",
            "std::path::Path",
            "SocketAddr",
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
            "char",
            "std::num::NonZeroU8",
            "chrono::NaiveDate",
            "DateTime<Utc>",
            "chrono::DateTime<chrono::FixedOffset>",
            "Time",
            "DateTime",
            "Path",
            "jiff::civil::Date",
            "uuid::Uuid",
        ] {
            assert!(!rejects(ty), "{ty}");
        }
    }
}
