//! Tests of the field types from other crates (`chrono`, `time`, `jiff`,
//! `url`, `uuid`, `secrecy`), each behind the feature of its name on
//! `elicit-runtime`: compile-pass cases with their schemas and reads
//! (`tests/ui/pass/`), compile-fail cases for the types that have no wire
//! form and for defaults the types refuse (`tests/ui/fail/`), schema
//! snapshots (`tests/snapshots/`) and round trips through the client side
//! (`tests/round_trip.rs`). The library itself is empty.
#![forbid(unsafe_code)]
