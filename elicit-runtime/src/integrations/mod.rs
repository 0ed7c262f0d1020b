//! Integrations with other crates, each behind its own feature.

#[cfg(feature = "rmcp")]
pub mod rmcp;
