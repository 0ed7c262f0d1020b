//! Validation of content against a form schema: every constraint, every
//! failing field reported at once.

pub(crate) mod booleans;
mod content;
mod errors;
mod prefill;
mod value;
mod violation;

pub use content::{content, property, report, unknown_fields};
pub use errors::{FieldError, Received, ValidationErrors};
pub(crate) use value::not_an_option;
pub use value::{Checked, MAX_ITEM_ERRORS, value};
pub use violation::{Rule, Violation};
