//! Snapshots of emitted JSON in files beside the tests (shared by the
//! snapshot tests of the workspace).
//!
//! A changed snapshot fails the test; after reading the diff, write the new
//! ones with `ELICIT_UPDATE_SNAPSHOTS=1` and the test's command.

use std::path::Path;

/// Asserts that `actual` is the text of the snapshot `file` in `dir`, or
/// writes it there under `ELICIT_UPDATE_SNAPSHOTS`.
pub fn assert_snapshot(dir: &Path, file: &str, actual: &str) {
    let path = dir.join(file);
    let actual = format!("{actual}\n");
    if std::env::var_os("ELICIT_UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &actual).expect("snapshot directory is writable");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "no snapshot `{}`: run with ELICIT_UPDATE_SNAPSHOTS=1 to write it",
            path.display()
        )
    });
    assert_eq!(actual, expected, "snapshot `{file}` differs");
}
