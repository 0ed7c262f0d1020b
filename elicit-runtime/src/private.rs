//! Items for the code `#[derive(Elicitable)]` generates. Not public API: no
//! stability promise. Re-exports only: each item lives in its home module.

pub use core::option::Option::{self, None, Some};
pub use core::result::Result::{self, Err, Ok};
pub use serde_json::{Map, Value};
pub use std::borrow::Cow;

pub use crate::builders::{BoundMessages, FieldSpec, KindSpec, float, force, int};
pub use crate::field::read::{Content, deny_unknown, read, read_enum};
pub use crate::field::{ElicitChoice, ElicitField};
pub use crate::form::{Elicitable, FormMode};
pub use crate::format::Format;
pub use crate::protocol::Revision;
pub use crate::rules::{ValidationErrors, Violation};
pub use crate::schema::{EnumOption, FormSchema, Num, Property, PropertySchema};
