//! The schema of a form: the typed model ([`FormSchema`] and its
//! properties), its numbers ([`Num`]), and its description in words.
//!
//! Checking content against it is [`rules`](crate::rules)'s; its wire form
//! (parsing, rendering, down-levelling) is [`wire`](crate::wire)'s.

pub(crate) mod describe;
mod model;
pub(crate) mod num;

pub(crate) use model::position;
pub use model::{
    BooleanRules, EnumOption, EnumRules, FormSchema, Kind, MultiSelectRules, NumberRules, Property,
    PropertySchema, StringRules, Text,
};
pub use num::Num;
