//! The official MCP Python SDK's client, without an elicitation callback,
//! against the `fallback_server` example: `interop/python/run`, which
//! installs the SDK from PyPI. It runs only with `ELICIT_INTEROP=1`, so the
//! rest of the suite needs no network:
//!
//! ```sh
//! ELICIT_INTEROP=1 cargo test --test python_interop -- --nocapture
//! ```

use std::path::Path;
use std::process::Command;

#[test]
fn the_python_sdk_client_books_through_the_fallback() {
    if std::env::var("ELICIT_INTEROP").as_deref() != Ok("1") {
        eprintln!(
            "skipped: set ELICIT_INTEROP=1 to install the MCP Python SDK from PyPI and run \
             interop/python/run"
        );
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("interop/python/run");
    let status = Command::new(&script)
        .args([
            "--arguments",
            r#"{"restaurant": "chez-ada"}"#,
            "--expect",
            "chez-ada: booked 4 seats (Terrace) on 2026-12-24 for ada@example.com",
        ])
        .status()
        .unwrap_or_else(|error| panic!("cannot run `{}`: {error}", script.display()));
    assert!(
        status.success(),
        "`interop/python/run` failed ({status}): its output above names the check"
    );
}
