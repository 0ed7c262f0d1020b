//! The page's anti-forgery token and a `Secret` are compared in constant
//! time: checked by the code's structure, since a test cannot time it
//! reliably on a shared machine.
//!
//! What this proves, and what it does not: that `CsrfToken::matches` and
//! `Secret::matches` compare through `constant_time_eq` and nothing else
//! (no `==`, no early return), and that `constant_time_eq` reads every
//! byte with no branch, no early exit and no comparison inside its loop,
//! its one look at the differences after it, through `black_box`. It does
//! not prove what the compiler makes of it on every target: that is what
//! the `black_box` is for. The behavioural checks of `elicit-web`'s
//! `tests/csrf_token.rs` show that a token wrong in its first byte and one
//! wrong in its last are refused alike, through the same function; they
//! say nothing of the time taken.

use std::path::Path;

use syn::visit::{self, Visit};
use syn::{BinOp, Expr, ImplItemFn, ItemFn};

/// The source file `path` of the workspace, parsed: the runtime's, and the
/// hosted forms' (`elicit-web`) whose page token compares through it.
fn source(path: &str) -> syn::File {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path);
    syn::parse_file(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// The free function `name` of `file`.
fn function(file: &syn::File, name: &str) -> ItemFn {
    file.items
        .iter()
        .find_map(|item| match item {
            syn::Item::Fn(function) if function.sig.ident == name => Some(function.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no function `{name}`"))
}

/// The method `name` of the `impl` of `ty` in `file`.
fn method(file: &syn::File, ty: &str, name: &str) -> ImplItemFn {
    file.items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Impl(block) if block.trait_.is_none() => Some(block),
            _ => None,
        })
        .filter(|block| matches!(&*block.self_ty, syn::Type::Path(path) if path.path.is_ident(ty)))
        .flat_map(|block| &block.items)
        .find_map(|item| match item {
            syn::ImplItem::Fn(function) if function.sig.ident == name => Some(function.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no method `{ty}::{name}`"))
}

/// What a body does that a constant-time comparison must not (within a
/// loop over the bytes), and the functions it calls.
#[derive(Default)]
struct Seen {
    /// Branches, early exits and comparisons, by kind.
    forbidden: Vec<String>,
    /// The last segment of every function or method called.
    calls: Vec<String>,
    loops: usize,
}

impl<'ast> Visit<'ast> for Seen {
    fn visit_expr(&mut self, expr: &'ast Expr) {
        match expr {
            Expr::If(_) => self.forbidden.push("if".into()),
            Expr::Match(_) => self.forbidden.push("match".into()),
            Expr::Break(_) => self.forbidden.push("break".into()),
            Expr::Return(_) => self.forbidden.push("return".into()),
            Expr::Try(_) => self.forbidden.push("?".into()),
            Expr::Binary(binary) => match binary.op {
                BinOp::Eq(_) | BinOp::Ne(_) | BinOp::Lt(_) | BinOp::Gt(_) => {
                    self.forbidden.push("a comparison".into());
                }
                BinOp::And(_) | BinOp::Or(_) => self.forbidden.push("&& or ||".into()),
                _ => {}
            },
            Expr::Call(call) => {
                if let Expr::Path(path) = &*call.func
                    && let Some(last) = path.path.segments.last()
                {
                    self.calls.push(last.ident.to_string());
                }
            }
            Expr::MethodCall(call) => {
                let name = call.method.to_string();
                if matches!(
                    name.as_str(),
                    "eq" | "ne" | "cmp" | "starts_with" | "contains"
                ) {
                    self.forbidden.push(format!(".{name}()"));
                }
                self.calls.push(name);
            }
            Expr::ForLoop(_) | Expr::While(_) | Expr::Loop(_) => self.loops += 1,
            _ => {}
        }
        visit::visit_expr(self, expr);
    }
}

/// The loop of `constant_time_eq` reads every byte without a branch, an
/// exit or a comparison, and gathers the differences through `black_box`;
/// after it, one comparison of the gathered value.
#[test]
fn the_comparison_has_no_early_exit() {
    let compare = function(
        &source("elicit-runtime/src/secret/compare.rs"),
        "constant_time_eq",
    );
    let statements = &compare.block.stmts;
    let loops: Vec<&syn::ExprForLoop> = statements
        .iter()
        .filter_map(|statement| match statement {
            syn::Stmt::Expr(Expr::ForLoop(for_loop), _) => Some(for_loop),
            _ => None,
        })
        .collect();
    assert_eq!(loops.len(), 1, "one loop over the bytes");
    let mut inside = Seen::default();
    inside.visit_block(&loops[0].body);
    assert_eq!(inside.forbidden, Vec::<String>::new(), "inside the loop");
    assert!(
        inside.calls.contains(&"black_box".to_owned()),
        "{:?}",
        inside.calls
    );
    assert_eq!(inside.loops, 0);
    // The loop zips the two whole slices.
    assert!(
        matches!(&*loops[0].expr, Expr::MethodCall(call) if call.method == "zip"),
        "the loop goes over both slices zipped"
    );
    // What follows the loop: one look at the gathered differences.
    let after = statements
        .iter()
        .skip_while(|statement| !matches!(statement, syn::Stmt::Expr(Expr::ForLoop(_), _)))
        .skip(1);
    let mut seen = Seen::default();
    for statement in after {
        seen.visit_stmt(statement);
    }
    assert_eq!(seen.forbidden, ["a comparison"], "one look, at the end");
}

/// The page's token and a `Secret` compare through `constant_time_eq`,
/// and by nothing else.
#[test]
fn tokens_and_secrets_compare_through_it() {
    for (path, ty) in [
        ("elicit-web/src/store/visit.rs", "CsrfToken"),
        ("elicit-runtime/src/secret/mod.rs", "Secret"),
    ] {
        let matches = method(&source(path), ty, "matches");
        let mut seen = Seen::default();
        seen.visit_block(&matches.block);
        assert_eq!(
            seen.calls.first().map(String::as_str),
            Some("constant_time_eq"),
            "{ty}"
        );
        assert_eq!(seen.forbidden, Vec::<String>::new(), "{ty}");
        assert_eq!(seen.loops, 0, "{ty}");
    }
}
