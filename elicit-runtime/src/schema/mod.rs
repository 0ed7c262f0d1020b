//! The schema of a form: the typed model, its compile-time spec, and its
//! wire form.

pub(crate) mod describe;
mod downlevel;
mod model;
pub(crate) mod num;
mod parse;
mod portability;

mod render;

pub use downlevel::{BooleanGroup, Downlevel};
pub(crate) use model::position;
pub use model::{
    BooleanRules, EnumOption, EnumRules, FormSchema, Kind, MultiSelectRules, NumberRules, Property,
    PropertySchema, StringRules, Text,
};
pub use num::Num;
pub use parse::{Parsed, SchemaError, SchemaErrorKind, SchemaWarning};
pub use portability::{Change, Portability};
pub use render::{DIALECT, RenderError, RenderedSchema};
