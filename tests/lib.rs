//! The workspace's own suites, one test target per file of this directory:
//! the derive's compile-fail and compile-pass cases (`ui/`, run by
//! trybuild), the schema snapshots (`snapshots/`), and the runtime read
//! through derived forms. `support/` holds what the other members' tests
//! share (the floors check, snapshots, a Redis server, a pseudo-terminal).
//! This library holds the doc tests of the READMEs and of the derive's
//! attribute reference: their examples use `elicit_runtime`, which is in
//! scope here.
#![forbid(unsafe_code)]

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The examples of the runtime's README (its page on crates.io).
#[cfg(doctest)]
#[doc = include_str!("../elicit-runtime/README.md")]
pub struct RuntimeReadmeDoctests;

/// The examples of the derive's attribute reference
/// (`elicit-derive/attributes.md`), compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../elicit-derive/attributes.md")]
pub struct AttributeDoctests;
