//! Benchmarks of elicit against serde, jsonschema and rmcp: see
//! `BENCHMARKS.md` at the root of the workspace. The benchmarks live in
//! `benches/`; this library is empty.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
