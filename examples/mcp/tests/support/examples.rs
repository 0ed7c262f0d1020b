//! The example programs, as `cargo test` builds them beside the test
//! binaries.

use std::path::PathBuf;

/// The path of the built example program `name`.
pub fn example(name: &str) -> PathBuf {
    let deps = std::env::current_exe().unwrap();
    let path = deps
        .parent()
        .and_then(|deps| deps.parent())
        .unwrap()
        .join("examples")
        .join(name);
    assert!(
        path.is_file(),
        "{} is not built: run `cargo test --workspace` or `cargo build -p elicit-mcp --examples` first",
        path.display()
    );
    path
}
