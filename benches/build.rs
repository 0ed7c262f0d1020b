//! Writes the forms of the scaling benchmark: 1 to 256 string fields.

use std::fmt::Write as _;
use std::path::PathBuf;

/// The field counts measured.
const SIZES: [usize; 5] = [1, 4, 16, 64, 256];

fn main() {
    let mut out = String::new();
    for n in SIZES {
        writeln!(out, "/// A form of {n} string fields").unwrap();
        writeln!(
            out,
            "#[derive(Debug, PartialEq, Elicitable, Deserialize)]\n#[elicit(deny_unknown_fields)]\n#[serde(deny_unknown_fields)]\npub struct Fields{n} {{"
        )
        .unwrap();
        for i in 0..n {
            writeln!(
                out,
                "    #[elicit(max_length = 100)]\n    pub field_{i}: String,"
            )
            .unwrap();
        }
        writeln!(out, "}}\n").unwrap();
    }
    let dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets `OUT_DIR`"));
    std::fs::write(dir.join("scaling_forms.rs"), out).expect("`OUT_DIR` is writable");
    println!("cargo::rerun-if-changed=build.rs");
}
