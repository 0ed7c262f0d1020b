//! Benchmarks of elicit against serde, jsonschema and rmcp: see
//! `BENCHMARKS.md` beside them (`benches/BENCHMARKS.md`). The benchmarks live in
//! `benches/`; this library is empty.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
