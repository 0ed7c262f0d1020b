//! The example server's `tools/list` and `prompts/list`, as every client
//! of every revision sees them, against the listing kept beside this test
//! (`listing/*.json`): the tools written with rmcp's `#[tool]` macros list
//! what the hand-built `Tool`s listed before, the forms' fields among the
//! arguments, the app's `_meta` and the page's token included.
//!
//! `ELICIT_BLESS=1 cargo test -p elicit-mcp --test tool_listing` writes the
//! files afresh; read the diff before committing it.

#[path = "support/rmcp_session.rs"]
#[allow(dead_code, reason = "the listing calls no tool")]
mod rmcp_session;

use std::path::Path;

use rmcp::model::{ClientCapabilities, ClientConfig, Implementation, ProtocolVersion};
use serde_json::Value;

use rmcp_session::connect;

fn client() -> ClientConfig {
    ClientConfig::new(
        ClientCapabilities::default(),
        Implementation::new("listing", "1"),
    )
}

/// `items` sorted by name, each written as JSON.
fn by_name<T: serde::Serialize>(items: &[T]) -> Value {
    let mut items: Vec<Value> = items
        .iter()
        .map(|item| serde_json::to_value(item).unwrap())
        .collect();
    items.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    Value::Array(items)
}

fn check(name: &str, listed: &Value) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/listing")
        .join(name);
    let written = serde_json::to_string_pretty(listed).unwrap() + "\n";
    if std::env::var_os("ELICIT_BLESS").is_some() {
        std::fs::write(&path, &written).unwrap();
        return;
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_else(|error| {
        panic!("{}: {error}: bless it with ELICIT_BLESS=1", path.display())
    });
    assert_eq!(
        kept, written,
        "{name} changed: bless it with ELICIT_BLESS=1 and read the diff"
    );
}

#[tokio::test]
async fn the_listing_is_what_it_was() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let session = connect(client(), &version).await;
        let tools = session
            .client
            .list_all_tools()
            .await
            .expect("tools/list answers");
        check("tools.json", &by_name(&tools));
        let prompts = session
            .client
            .list_all_prompts()
            .await
            .expect("prompts/list answers");
        check("prompts.json", &by_name(&prompts));
    }
}
