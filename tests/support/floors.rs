//! The engine of the floors checks: the `tests/layers.rs` of the runtime,
//! the derive, the hosted forms and the rmcp integration include this one
//! file, each with its own list of floors.
//!
//! It reads a crate as the compiler does, with `syn`: from `lib.rs`, every
//! `mod` declaration is followed to its file (`name.rs`, `name/mod.rs` or
//! its `#[path]`), so a module is known by its name in the crate
//! (`__private`), not by its file. Items under `#[cfg(test)]` are left out
//! whole: an inline test module by its braces, a `#[cfg(test)] mod tests;`
//! with its file, and nothing else of the parent.
//!
//! Then every path that starts from the crate itself is resolved to the
//! module it names: `use` trees (each leaf of a group), paths in types,
//! expressions, patterns and attributes, and the `crate::`, `$crate::`,
//! `super::` and `self::` paths in a macro's tokens (`matches!`,
//! `format!`, `macro_rules!` bodies), which `syn` leaves unparsed. A path
//! that starts from any other name starts from something in scope: a child
//! module (the same floor), another crate, or a name a `use` brought in, and
//! that `use` is checked where it is written.
//!
//! A module may use the top-level modules on its own floor or below, never
//! one above. The crate root's re-exports never stand in for a module:
//! `crate::Name`, where `Name` is no module, is a finding of its own that
//! names `Name`'s home module, and is checked as an import of that home.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::fs;
use std::path::Path;

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::visit::{self, Visit};
use syn::{Attribute, Item, Meta, Token, UseTree};

/// A module by its names from the crate root: `["schema", "parse"]`.
type ModulePath = Vec<String>;

/// Every `.rs` file below `dir`, by its path relative to `dir` (with `/`),
/// to its text.
pub fn sources(dir: &Path) -> BTreeMap<String, String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<String, String>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(root).unwrap();
                let name = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("/");
                out.insert(name, fs::read_to_string(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Asserts that the crate whose manifest is in `manifest_dir` (its
/// `CARGO_MANIFEST_DIR`) imports only down its `layers`, the `allowed`
/// climbs aside: its `src` is read, and every finding is said.
#[track_caller]
pub fn assert_floors(manifest_dir: &str, layers: &[&str], allowed: &[(&str, &str)]) {
    let found = findings(
        &sources(&Path::new(manifest_dir).join("src")),
        layers,
        allowed,
    );
    assert!(
        found.is_empty(),
        "imports that go up the floors (import from a module below, or move what both \
         need down to a floor below both):\n{}",
        found.join("\n")
    );
}

/// One file of the crate, parsed.
struct Source {
    file: String,
    module: ModulePath,
    syntax: syn::File,
}

/// Where a name the crate root re-exports comes from.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Home {
    /// A module of the crate: `["form"]`.
    Module(ModulePath),
    /// Another crate's path: `elicit_derive`.
    Outside(String),
}

/// What the check reports on `sources` with `layers` and the `allowed`
/// climbs, one line each; a crate that cannot be read is one line too.
pub fn findings(
    sources: &BTreeMap<String, String>,
    layers: &[&str],
    allowed: &[(&str, &str)],
) -> Vec<String> {
    match Crate::parse(sources) {
        Ok(krate) => krate
            .check(layers, allowed)
            .iter()
            .map(ToString::to_string)
            .collect(),
        Err(error) => vec![error],
    }
}

/// A crate read from its `lib.rs` down, test code left out.
pub struct Crate {
    sources: Vec<Source>,
    modules: BTreeSet<ModulePath>,
    /// The names the crate root brings in: where from, and by which name
    /// there (`pub use a::f as g` gives `g` → (`crate::a`, `f`)).
    exports: BTreeMap<String, (Home, String)>,
}

/// What a path starting from the crate names.
enum Target {
    /// A module (the crate root is `[]`).
    Module(ModulePath),
    /// An item of the crate root that is no module: a re-export, or `*`.
    RootItem(String),
    /// More `super`s than there are modules above.
    PastRoot,
    /// A path that starts from another name.
    Elsewhere,
}

impl Crate {
    /// Reads the crate whose files `sources` holds (as [`sources`] gives
    /// them), from `lib.rs`.
    pub fn parse(sources: &BTreeMap<String, String>) -> Result<Self, String> {
        let mut krate = Crate {
            sources: Vec::new(),
            modules: BTreeSet::from([Vec::new()]),
            exports: BTreeMap::new(),
        };
        // (file, module, whether the file holds its module's children
        // below its own directory, as `mod.rs`, `lib.rs` and `#[path]`
        // files do, or below a directory of its own name)
        let mut queue = vec![("lib.rs".to_owned(), Vec::new(), true)];
        while let Some((file, module, owns_dir)) = queue.pop() {
            let text = sources
                .get(&file)
                .ok_or_else(|| format!("`{file}` is declared as a module but is missing"))?;
            let syntax = syn::parse_file(text)
                .map_err(|error| format!("`{file}` does not parse: {error}"))?;
            let file_dir = parent(&file);
            let dir = if owns_dir {
                file_dir.clone()
            } else {
                join(&file_dir, stem(&file))
            };
            let mut declared = Vec::new();
            krate.declare(&syntax.items, &module, &dir, Some(&file_dir), &mut declared);
            for (child, path, children_dir) in declared {
                let name = child.last().unwrap();
                let found: Vec<_> = match path {
                    Some(path) => vec![(path, true)],
                    None => [
                        (join(&children_dir, &format!("{name}.rs")), false),
                        (join(&children_dir, &format!("{name}/mod.rs")), true),
                    ]
                    .into_iter()
                    .filter(|(candidate, _)| sources.contains_key(candidate))
                    .collect(),
                };
                let [(child_file, owns)] = <[_; 1]>::try_from(found).map_err(|found| {
                    let (what, and, are) = if found.is_empty() {
                        ("neither", "nor", "is")
                    } else {
                        ("both", "and", "are")
                    };
                    format!(
                        "`{file}` declares `mod {name};`, and {what} `{name}.rs` {and} \
                         `{name}/mod.rs` {are} there"
                    )
                })?;
                queue.push((child_file, child, owns));
            }
            krate.sources.push(Source {
                file,
                module,
                syntax,
            });
        }
        krate.sources.sort_by(|a, b| a.file.cmp(&b.file));
        // The root's `use` items, once every module is known.
        let root = krate.sources.iter().position(|s| s.module.is_empty());
        if let Some(root) = root {
            let items = krate.sources[root].syntax.items.clone();
            krate.exports(&items);
        }
        Ok(krate)
    }

    /// Records the modules `items` declare (inline ones and their contents
    /// at once; file ones into `declared`, with their `#[path]` if any and
    /// the directory their file is looked up in). `file_dir` is the
    /// directory of the file, for a `#[path]` outside inline modules.
    fn declare(
        &mut self,
        items: &[Item],
        module: &ModulePath,
        dir: &str,
        file_dir: Option<&str>,
        declared: &mut Vec<(ModulePath, Option<String>, String)>,
    ) {
        for item in items {
            let Item::Mod(declaration) = item else {
                continue;
            };
            if test_only(&declaration.attrs) {
                continue;
            }
            let name = declaration.ident.unraw().to_string();
            let mut child = module.clone();
            child.push(name.clone());
            self.modules.insert(child.clone());
            let path =
                path_attribute(&declaration.attrs).map(|path| join(file_dir.unwrap_or(dir), &path));
            match &declaration.content {
                Some((_, inner)) => {
                    let inner_dir = path.unwrap_or_else(|| join(dir, &name));
                    self.declare(inner, &child, &inner_dir, None, declared);
                }
                None => declared.push((child, path, dir.to_owned())),
            }
        }
    }

    /// Records what the crate root's `use` items bring in, by name.
    fn exports(&mut self, items: &[Item]) {
        for item in items {
            let Item::Use(declaration) = item else {
                continue;
            };
            if test_only(&declaration.attrs) || declaration.leading_colon.is_some() {
                continue;
            }
            let mut leaves = Vec::new();
            use_leaves(&declaration.tree, &mut Vec::new(), &mut leaves);
            for (segments, visible, _) in leaves {
                let (Some(visible), Some((name, prefix))) = (visible, segments.split_last()) else {
                    continue;
                };
                if name == "self" || prefix.is_empty() {
                    continue;
                }
                let home = match self.resolve(&[], prefix) {
                    Target::Module(module) if !module.is_empty() => Home::Module(module),
                    Target::Elsewhere => Home::Outside(prefix.join("::")),
                    _ => continue,
                };
                // A name from one of the crate's modules wins over one from
                // another crate (the trait `Elicitable` over the derive's).
                let keep = matches!(
                    (self.exports.get(&visible), &home),
                    (Some((Home::Module(_), _)), Home::Outside(_))
                );
                if !keep {
                    self.exports.insert(visible, (home, name.clone()));
                }
            }
        }
    }

    /// The module (or root item) the path `segments`, written in `from`,
    /// names.
    fn resolve(&self, from: &[String], segments: &[String]) -> Target {
        let Some(first) = segments.first() else {
            return Target::Elsewhere;
        };
        let (mut base, mut rest) = match first.as_str() {
            "crate" => (Vec::new(), &segments[1..]),
            "self" => (from.to_vec(), &segments[1..]),
            "super" => (from.to_vec(), segments),
            name if from.is_empty() && self.modules.contains(&vec![name.to_owned()]) => {
                // In the crate root, a top-level module by its bare name
                // (`pub use form::Elicitable`).
                (Vec::new(), segments)
            }
            _ => return Target::Elsewhere,
        };
        while rest.first().is_some_and(|s| s == "super") {
            if base.pop().is_none() {
                return Target::PastRoot;
            }
            rest = &rest[1..];
        }
        while let Some(next) = rest.first() {
            if next == "self" {
                rest = &rest[1..];
                continue;
            }
            let mut child = base.clone();
            child.push(next.clone());
            if !self.modules.contains(&child) {
                break;
            }
            base = child;
            rest = &rest[1..];
        }
        match rest.first() {
            Some(name) if base.is_empty() => Target::RootItem(name.clone()),
            _ => Target::Module(base),
        }
    }

    /// Every import that goes up a floor, and every module out of
    /// `layers` (the top-level modules from the bottom floor up).
    /// `allowed` lists climbs known and tolerated, as (file, the module it
    /// goes up to); one that no longer happens is a finding too, so the list
    /// only shrinks.
    pub fn check(&self, layers: &[&str], allowed: &[(&str, &str)]) -> Vec<Finding> {
        let floor = |module: &str| layers.iter().position(|layer| *layer == module);
        let mut findings = BTreeSet::new();
        let mut tolerated = BTreeSet::new();
        for module in self.modules.iter().filter(|m| m.len() == 1) {
            if floor(&module[0]).is_none() {
                findings.insert(Finding::NoFloor(module[0].clone()));
            }
        }
        for layer in layers {
            if !self.modules.contains(&vec![(*layer).to_owned()]) {
                findings.insert(Finding::NoModule((*layer).to_owned()));
            }
        }
        for source in &self.sources {
            let mut references = References {
                module: source.module.clone(),
                found: Vec::new(),
            };
            references.visit_file(&source.syntax);
            for reference in references.found {
                // The crate root is above every floor.
                let Some(from) = reference.from.first() else {
                    continue;
                };
                let place = Place {
                    file: source.file.clone(),
                    line: reference.line,
                    path: reference.segments.join("::"),
                };
                let to = match self.resolve(&reference.from, &reference.segments) {
                    Target::Module(module) => module.first().cloned(),
                    Target::RootItem(name) => {
                        let (home, name) = match self.exports.get(&name) {
                            Some((home, original)) => (Some(home.clone()), original.clone()),
                            None => (None, name),
                        };
                        findings.insert(Finding::RootItem {
                            place: place.clone(),
                            name,
                            home: home.clone(),
                        });
                        match home {
                            Some(Home::Module(module)) => module.first().cloned(),
                            _ => None,
                        }
                    }
                    Target::PastRoot => {
                        findings.insert(Finding::PastRoot(place.clone()));
                        None
                    }
                    Target::Elsewhere => None,
                };
                let Some(to) = to else { continue };
                if let (Some(below), Some(above)) = (floor(from), floor(&to))
                    && above > below
                {
                    if allowed.contains(&(source.file.as_str(), to.as_str())) {
                        tolerated.insert((source.file.clone(), to));
                        continue;
                    }
                    findings.insert(Finding::Climb {
                        place,
                        from: from.clone(),
                        to,
                    });
                }
            }
        }
        for (file, to) in allowed {
            if !tolerated.contains(&((*file).to_owned(), (*to).to_owned())) {
                findings.insert(Finding::NoLongerClimbs {
                    file: (*file).to_owned(),
                    to: (*to).to_owned(),
                });
            }
        }
        findings.into_iter().collect()
    }
}

/// Where a path is written.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    file: String,
    line: usize,
    path: String,
}

/// What the check found.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
pub enum Finding {
    /// A path from a module up to a module on a higher floor.
    Climb {
        place: Place,
        from: String,
        to: String,
    },
    /// `crate::Name` where `Name` is no module.
    RootItem {
        place: Place,
        name: String,
        home: Option<Home>,
    },
    /// `super::` past the crate root.
    PastRoot(Place),
    /// A top-level module that is on no floor.
    NoFloor(String),
    /// A floor that names no module.
    NoModule(String),
    /// An allowed climb that no longer happens.
    NoLongerClimbs { file: String, to: String },
}

impl fmt::Display for Home {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Home::Module(module) => write!(f, "crate::{}", module.join("::")),
            Home::Outside(path) => f.write_str(path),
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: `{}`", self.file, self.line, self.path)
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::Climb { place, from, to } => {
                write!(f, "{place} goes up from `{from}` to `{to}`")
            }
            Finding::RootItem {
                place,
                name,
                home: Some(home),
            } => write!(
                f,
                "{place} names no module: import `{name}` from its home module `{home}`"
            ),
            Finding::RootItem {
                place,
                name,
                home: None,
            } => write!(
                f,
                "{place} names no module: import `{name}` from the module that defines it"
            ),
            Finding::PastRoot(place) => write!(f, "{place} climbs past the crate root"),
            Finding::NoFloor(module) => write!(
                f,
                "`{module}` is on no floor: add it to `LAYERS` above the modules it uses \
                 and below those that use it"
            ),
            Finding::NoModule(layer) => write!(
                f,
                "`{layer}` is in `LAYERS` but the crate has no such module: remove or rename it"
            ),
            Finding::NoLongerClimbs { file, to } => write!(
                f,
                "`{file}` no longer goes up to `{to}`: remove it from the allowed climbs"
            ),
        }
    }
}

/// A path that starts from the crate, as written in the module `from`.
struct Reference {
    line: usize,
    segments: Vec<String>,
    from: ModulePath,
}

/// Collects the references of one file, test code left out.
struct References {
    /// The module being read (inline modules push their name).
    module: ModulePath,
    found: Vec<Reference>,
}

impl References {
    fn push(&mut self, line: usize, segments: Vec<String>) {
        if matches!(
            segments.first().map(String::as_str),
            Some("crate" | "super" | "self")
        ) {
            self.found.push(Reference {
                line,
                segments,
                from: self.module.clone(),
            });
        }
    }

    fn use_tree(&mut self, tree: &UseTree, prefix: Vec<String>) {
        let mut leaves = Vec::new();
        let mut prefix = prefix;
        use_leaves(tree, &mut prefix, &mut leaves);
        for (segments, _, line) in leaves {
            self.push(line, segments);
        }
    }

    /// The paths in a macro's (or an attribute's) unparsed tokens.
    fn tokens(&mut self, stream: TokenStream) {
        let trees: Vec<TokenTree> = stream.into_iter().collect();
        let mut i = 0;
        while i < trees.len() {
            match &trees[i] {
                TokenTree::Group(group) => {
                    self.tokens(group.stream());
                    i += 1;
                }
                TokenTree::Ident(ident)
                    if ["crate", "super", "self"].contains(&ident.to_string().as_str())
                        && !(i >= 2 && path_separator(&trees, i - 2)) =>
                {
                    let mut segments = vec![ident.to_string()];
                    let mut line = ident.span().start().line;
                    let mut j = i + 1;
                    while path_separator(&trees, j) {
                        match trees.get(j + 2) {
                            Some(TokenTree::Ident(next)) => {
                                segments.push(next.to_string());
                                line = next.span().start().line;
                                j += 3;
                            }
                            // `$crate::{a::X, b}`
                            Some(TokenTree::Group(group))
                                if group.delimiter() == Delimiter::Brace =>
                            {
                                let parser = Punctuated::<UseTree, Token![,]>::parse_terminated;
                                if let Ok(items) = parser.parse2(group.stream()) {
                                    for item in &items {
                                        self.use_tree(item, segments.clone());
                                    }
                                }
                                segments.clear();
                                j += 3;
                                break;
                            }
                            _ => break,
                        }
                    }
                    if segments.len() > 1 {
                        self.push(line, segments);
                    }
                    i = j;
                }
                _ => i += 1,
            }
        }
    }
}

/// Whether `trees[at..]` starts with `::`.
fn path_separator(trees: &[TokenTree], at: usize) -> bool {
    let colon = |tree: Option<&TokenTree>, joint: bool| {
        matches!(tree, Some(TokenTree::Punct(p))
            if p.as_char() == ':' && (!joint || p.spacing() == Spacing::Joint))
    };
    colon(trees.get(at), true) && colon(trees.get(at + 1), false)
}

/// Every leaf of a `use` tree: its full path (`*` for a glob), the name it
/// is visible by (none for a glob) and its line.
fn use_leaves(
    tree: &UseTree,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>, usize)>,
) {
    let mut leaf = |prefix: &Vec<String>, last: String, visible: Option<String>, line| {
        let mut segments = prefix.clone();
        segments.push(last);
        out.push((segments, visible, line));
    };
    match tree {
        UseTree::Path(path) => {
            prefix.push(path.ident.to_string());
            use_leaves(&path.tree, prefix, out);
            prefix.pop();
        }
        UseTree::Name(name) => {
            let visible = match name.ident.to_string().as_str() {
                "self" => prefix.last().cloned(),
                other => Some(other.to_owned()),
            };
            leaf(
                prefix,
                name.ident.to_string(),
                visible,
                name.ident.span().start().line,
            );
        }
        UseTree::Rename(rename) => leaf(
            prefix,
            rename.ident.to_string(),
            Some(rename.rename.to_string()),
            rename.ident.span().start().line,
        ),
        UseTree::Glob(glob) => leaf(
            prefix,
            "*".to_owned(),
            None,
            glob.star_token.span.start().line,
        ),
        UseTree::Group(group) => {
            for item in &group.items {
                use_leaves(item, prefix, out);
            }
        }
    }
}

impl<'ast> Visit<'ast> for References {
    fn visit_item(&mut self, item: &'ast Item) {
        if !item_attributes(item).is_some_and(test_only) {
            visit::visit_item(self, item);
        }
    }

    fn visit_item_mod(&mut self, module: &'ast syn::ItemMod) {
        for attribute in &module.attrs {
            self.visit_attribute(attribute);
        }
        if let Some((_, items)) = &module.content {
            self.module.push(module.ident.unraw().to_string());
            for item in items {
                self.visit_item(item);
            }
            self.module.pop();
        }
    }

    fn visit_item_use(&mut self, declaration: &'ast syn::ItemUse) {
        for attribute in &declaration.attrs {
            self.visit_attribute(attribute);
        }
        if declaration.leading_colon.is_none() {
            self.use_tree(&declaration.tree, Vec::new());
        }
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        let attributes: &[Attribute] = match item {
            syn::ImplItem::Const(item) => &item.attrs,
            syn::ImplItem::Fn(item) => &item.attrs,
            syn::ImplItem::Type(item) => &item.attrs,
            syn::ImplItem::Macro(item) => &item.attrs,
            _ => &[],
        };
        if !test_only(attributes) {
            visit::visit_impl_item(self, item);
        }
    }

    fn visit_trait_item(&mut self, item: &'ast syn::TraitItem) {
        let attributes: &[Attribute] = match item {
            syn::TraitItem::Const(item) => &item.attrs,
            syn::TraitItem::Fn(item) => &item.attrs,
            syn::TraitItem::Type(item) => &item.attrs,
            syn::TraitItem::Macro(item) => &item.attrs,
            _ => &[],
        };
        if !test_only(attributes) {
            visit::visit_trait_item(self, item);
        }
    }

    fn visit_stmt(&mut self, statement: &'ast syn::Stmt) {
        let attributes: &[Attribute] = match statement {
            syn::Stmt::Local(local) => &local.attrs,
            syn::Stmt::Macro(mac) => &mac.attrs,
            _ => &[],
        };
        if !test_only(attributes) {
            visit::visit_stmt(self, statement);
        }
    }

    fn visit_field(&mut self, field: &'ast syn::Field) {
        if !test_only(&field.attrs) {
            visit::visit_field(self, field);
        }
    }

    fn visit_variant(&mut self, variant: &'ast syn::Variant) {
        if !test_only(&variant.attrs) {
            visit::visit_variant(self, variant);
        }
    }

    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        if !test_only(&arm.attrs) {
            visit::visit_arm(self, arm);
        }
    }

    // `pub(crate)`, `pub(in crate::a)`: who may see an item, not an import.
    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none()
            && let Some(first) = path.segments.first()
        {
            let segments = path.segments.iter().map(|s| s.ident.to_string()).collect();
            self.push(first.ident.span().start().line, segments);
        }
        visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        visit::visit_macro(self, mac);
        self.tokens(mac.tokens.clone());
    }

    fn visit_meta_list(&mut self, list: &'ast syn::MetaList) {
        visit::visit_meta_list(self, list);
        self.tokens(list.tokens.clone());
    }
}

/// The attributes of an item.
fn item_attributes(item: &Item) -> Option<&[Attribute]> {
    Some(match item {
        Item::Const(item) => &item.attrs,
        Item::Enum(item) => &item.attrs,
        Item::ExternCrate(item) => &item.attrs,
        Item::Fn(item) => &item.attrs,
        Item::ForeignMod(item) => &item.attrs,
        Item::Impl(item) => &item.attrs,
        Item::Macro(item) => &item.attrs,
        Item::Mod(item) => &item.attrs,
        Item::Static(item) => &item.attrs,
        Item::Struct(item) => &item.attrs,
        Item::Trait(item) => &item.attrs,
        Item::TraitAlias(item) => &item.attrs,
        Item::Type(item) => &item.attrs,
        Item::Union(item) => &item.attrs,
        Item::Use(item) => &item.attrs,
        _ => return None,
    })
}

/// Whether `attributes` compile their item only into tests:
/// `#[cfg(test)]`, `#[cfg(all(test, ..))]`, `#[cfg(doctest)]`.
fn test_only(attributes: &[Attribute]) -> bool {
    fn predicate(meta: &Meta) -> bool {
        match meta {
            Meta::Path(path) => path.is_ident("test") || path.is_ident("doctest"),
            Meta::List(list) => {
                let parser = Punctuated::<Meta, Token![,]>::parse_terminated;
                let Ok(nested) = list.parse_args_with(parser) else {
                    return false;
                };
                if list.path.is_ident("all") {
                    nested.iter().any(predicate)
                } else if list.path.is_ident("any") {
                    !nested.is_empty() && nested.iter().all(predicate)
                } else {
                    false
                }
            }
            Meta::NameValue(_) => false,
        }
    }
    attributes.iter().any(|attribute| {
        attribute.path().is_ident("cfg")
            && attribute.parse_args::<Meta>().is_ok_and(|m| predicate(&m))
    })
}

/// The file a `#[path = ".."]` attribute names.
fn path_attribute(attributes: &[Attribute]) -> Option<String> {
    attributes
        .iter()
        .find_map(|attribute| match &attribute.meta {
            Meta::NameValue(pair) if pair.path.is_ident("path") => match &pair.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(text),
                    ..
                }) => Some(text.value()),
                _ => None,
            },
            _ => None,
        })
}

fn parent(file: &str) -> String {
    file.rsplit_once('/')
        .map(|(dir, _)| dir.to_owned())
        .unwrap_or_default()
}

fn stem(file: &str) -> &str {
    let name = file.rsplit('/').next().unwrap_or(file);
    name.strip_suffix(".rs").unwrap_or(name)
}

fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_owned()
    } else {
        format!("{dir}/{name}")
    }
}
