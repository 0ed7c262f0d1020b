//! Doc comments, which become descriptions and messages.

use syn::{Attribute, Expr, Lit};

/// The doc comment: lines of a paragraph joined with spaces, paragraphs with
/// a blank line, trimmed; `None` when there is none.
pub fn docs(attrs: &[Attribute]) -> Option<String> {
    let mut paragraphs: Vec<String> = Vec::new();
    let mut current = String::new();
    for line in attrs.iter().flat_map(lines) {
        let line = line.trim();
        if line.is_empty() {
            if !current.is_empty() {
                paragraphs.push(std::mem::take(&mut current));
            }
        } else {
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(line);
        }
    }
    if !current.is_empty() {
        paragraphs.push(current);
    }
    if paragraphs.is_empty() {
        None
    } else {
        Some(paragraphs.join("\n\n"))
    }
}

/// The lines of one `#[doc = "..."]`. An empty `///` line is an empty
/// string, which has no lines, yet it ends a paragraph.
fn lines(attr: &Attribute) -> Vec<String> {
    if !attr.path().is_ident("doc") {
        return Vec::new();
    }
    let syn::Meta::NameValue(nv) = &attr.meta else {
        return Vec::new();
    };
    let Expr::Lit(syn::ExprLit {
        lit: Lit::Str(lit), ..
    }) = &nv.value
    else {
        return Vec::new();
    };
    let value = lit.value();
    if value.trim().is_empty() {
        vec![String::new()]
    } else {
        value.lines().map(str::to_owned).collect()
    }
}
