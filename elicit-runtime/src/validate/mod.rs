//! Validation of content against a form schema: every constraint, every
//! failing field reported at once.

pub(crate) mod booleans;
mod content;
mod errors;
mod prefill;

pub use crate::schema::rules::{Checked, MAX_ITEM_ERRORS, Rule, Unfit, Violation, value};
pub use content::content;
pub(crate) use content::{report, unknown_fields};
pub use errors::{FieldError, Received, ValidationErrors};
