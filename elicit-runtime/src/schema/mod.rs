//! The schema of a form: the typed model, its compile-time spec, and its
//! wire form.

pub(crate) mod cache;
pub(crate) mod describe;
mod model;
pub(crate) mod num;
mod parse;
mod prefill;
mod render;
mod spec;

pub use model::{
    BooleanRules, EnumOption, EnumRules, FormSchema, Kind, MultiSelectRules, NumberRules, Property,
    PropertySchema, StringRules, Text,
};
pub use num::Num;
pub use parse::{Parsed, SchemaError, SchemaErrorKind, SchemaWarning};
pub use render::{DIALECT, RenderError, RenderedSchema};
pub use spec::{BoundMessages, FieldSpec, KindSpec};
