//! Shared by the property and differential tests: random forms, their wire
//! schemas, valid content and single-rule mutations.

#![allow(dead_code)]

pub mod formats;
pub mod forms;
