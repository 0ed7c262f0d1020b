//! The official TypeScript MCP client (v2, `@modelcontextprotocol/client`
//! 2.4.0, pinned in `interop/typescript/`) uses each of the quickstart
//! server's tools over Streamable HTTP, in the SDK's default version
//! negotiation (2025-11-25) and in `auto` (2026-07-28): a form asked again
//! after an invalid answer, two rounds, an API key on the server's page.
//! `interop/typescript/run` installs the client from npm into
//! `target/interop/`.
//!
//! `ELICIT_INTEROP=0` skips it (for a machine without Node.js or npm).

#[path = "support/examples.rs"]
mod examples;

use std::path::Path;
use std::process::Command;

use examples::example;

#[test]
fn the_typescript_sdk_uses_every_quickstart_tool_in_both_negotiations() {
    if std::env::var("ELICIT_INTEROP").as_deref() == Ok("0") {
        eprintln!("skipped: ELICIT_INTEROP=0");
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../interop/typescript/run");
    let status = Command::new(&script)
        .arg("--")
        .arg(example("quickstart"))
        .status()
        .unwrap_or_else(|error| panic!("cannot run `{}`: {error}", script.display()));
    assert!(
        status.success(),
        "`interop/typescript/run` failed ({status}): its output names the check"
    );
}
