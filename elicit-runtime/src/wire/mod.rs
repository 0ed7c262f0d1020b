//! The wire form of a schema: reading a peer's `requestedSchema` into the
//! typed model ([`FormSchema::parse`](crate::schema::FormSchema::parse)),
//! writing the model for the revision a session negotiated
//! ([`RenderedSchema`]), writing multi-selects as booleans for a revision
//! without them ([`Downlevel`]), and reporting what a revision cannot carry
//! ([`Portability`]).

mod downlevel;
mod parse;
mod portability;
mod render;

pub use downlevel::{BooleanGroup, Downlevel};
pub use parse::{Parsed, SchemaError, SchemaErrorKind, SchemaWarning};
pub use portability::{Change, Portability};
pub use render::{DIALECT, RenderError, RenderedSchema};
