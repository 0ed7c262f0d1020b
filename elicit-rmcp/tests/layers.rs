//! The modules of the rmcp integration import one way, from the leaves up,
//! as the runtime's do (`elicit-runtime/tests/layers.rs` says how the check
//! reads the code, and how to add a module).

#[path = "../../tests/support/floors.rs"]
mod floors;

/// The top-level modules, from the bottom up.
const LAYERS: &[&str] = &[
    // the conversions between the runtime's messages and rmcp's
    "error",
    "transcode",
    "to_rmcp",
    "convert",
    // what a call shares: the flows' parts, its logs
    "shared",
    "log",
    // the server's requests, the streams of a session, the routes a form
    // takes, the app's token, the tool listing of a form
    "server",
    "related",
    "routes",
    "app_token",
    "listing",
    "app",
    // stops as rmcp's responses
    "responses",
    // a flow on rmcp; the flows' configuration, the scope of a call, the
    // error of a tool, the form's fallbacks
    "flow",
    "flows",
    "scope",
    "halt",
    "fallback",
    // the routers and the extractor
    "routers",
    "ask",
    // the client side
    "client",
    "rounds",
];

#[test]
fn modules_import_only_the_floors_below_them() {
    floors::assert_floors(env!("CARGO_MANIFEST_DIR"), LAYERS, &[]);
}
