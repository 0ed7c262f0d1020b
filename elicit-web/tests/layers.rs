//! The modules of the hosted forms import one way, from the leaves up, as
//! the runtime's do (`elicit-runtime/tests/layers.rs` says how the check
//! reads the code, and how to add a module).

#[path = "../../tests/support/floors.rs"]
mod floors;

/// The top-level modules, from the bottom up.
const LAYERS: &[&str] = &[
    // leaves: the store of visits and answers, the origin of the pages,
    // the request body, the identity of visitors
    "store",
    "origin",
    "body",
    "visitor",
    // the pages, and what the site logs
    "pages",
    "log",
    // the forms: visits made, answers sealed and taken
    "forms",
    "link",
    "open_visit",
    "visiting",
    // the router serving the pages, and a flow's hosted forms
    "router",
    "flow",
    // the interface of `elicit-rmcp`: anything
    "__integration",
];

#[test]
fn modules_import_only_the_floors_below_them() {
    floors::assert_floors(env!("CARGO_MANIFEST_DIR"), LAYERS, &[]);
}
