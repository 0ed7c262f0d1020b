//! Forms for clients that cannot show them: the model asks the user, and
//! the answers come back as the tool's arguments.
//!
//! Many MCP clients have no elicitation at all, or no form mode. A tool
//! that needs a form serves them too:
//!
//! 1. [`input_schema`](fn@input_schema) adds the form's fields to the tool's input schema
//!    as optional arguments, so the model knows it may pass them.
//! 2. When the call carries none of them
//!    ([`Elicitable::arguments_present`]) and the client cannot show the
//!    form, the tool returns [`Instructions`]: a tool result telling the
//!    model what to ask the user (the message, each field with its
//!    constraints) and how to call the tool again with the answers.
//! 3. When the call carries them, [`Elicitable::from_arguments`] reads
//!    them with the validator and limits that content goes through; a
//!    call that breaks the form gets [`InvalidArguments`], every failing
//!    field listed, for the model to fix its call.
//!
//! On rmcp, the crate `elicit-rmcp`'s `ServerFlow::form_or_arguments`
//! does all three in one call, and asks through the form when the client
//! can show it.
//!
//! The order of the paths a form takes, by what the client declared, is
//! [`Route::choose`]: the host's elicitation form, else the form's app for
//! a host of the MCP Apps extension (the tool then answers with
//! [`AppShown`] while the app is shown), else a hosted web page where a
//! page router is mounted, else [`Instructions`]; [`Routes`] is the same
//! as a report across clients.
//!
//! ```
//! use elicit_runtime::Elicitable;
//! use elicit_runtime::fallback::{self, Instructions, InvalidArguments};
//! use serde_json::{Map, Value, json};
//!
//! /// Which table would you like?
//! #[derive(Debug, Elicitable)]
//! struct Table {
//!     /// How many people
//!     #[elicit(minimum = 1, maximum = 12)]
//!     size: u8,
//! }
//!
//! /// What a tool answers, for a client that cannot show forms.
//! enum Answer {
//!     Booked(String),
//!     Ask(Instructions),
//!     Fix(InvalidArguments),
//! }
//!
//! fn book(arguments: &Map<String, Value>) -> Answer {
//!     if !Table::arguments_present(arguments) {
//!         return Answer::Ask(Instructions::for_form::<Table>("book", Table::MESSAGE));
//!     }
//!     match Table::from_arguments(arguments) {
//!         Ok(table) => Answer::Booked(format!("a table for {}", table.size)),
//!         Err(error) => Answer::Fix(InvalidArguments::new("book", error)),
//!     }
//! }
//!
//! // The tool lists the form's fields as optional arguments.
//! let schema = fallback::input_schema::<Table>(json!({ "type": "object" }).as_object().unwrap())?;
//! assert_eq!(schema["properties"]["size"]["maximum"], 12);
//! assert!(schema.get("required").is_none());
//!
//! // First call: no answers, so the model is told what to ask.
//! let Answer::Ask(instructions) = book(&Map::new()) else { panic!() };
//! assert!(instructions.to_text().contains("Message for the user: Which table would you like?"));
//!
//! // The model asked; the answer is out of range.
//! let Answer::Fix(invalid) = book(json!({ "size": 20 }).as_object().unwrap()) else { panic!() };
//! assert!(invalid.to_string().ends_with("`size` must be at most 12 (received 20)"));
//!
//! // The model asked again.
//! let Answer::Booked(text) = book(json!({ "size": 4 }).as_object().unwrap()) else { panic!() };
//! assert_eq!(text, "a table for 4");
//! # Ok::<(), fallback::InputSchemaError>(())
//! ```
//!
//! [`Elicitable::arguments_present`]: crate::Elicitable::arguments_present
//! [`Elicitable::from_arguments`]: crate::Elicitable::from_arguments
#![doc = include_str!("../../docs/fallback.md")]

mod app_shown;
mod arguments;
mod input_schema;
mod instructions;
mod invalid;
mod route;
mod text;
mod web_page;

pub use crate::form::arguments::{ArgumentsError, content_from_arguments};
pub use app_shown::{APP_ANSWERS_ARGUMENT, APP_ANSWERS_META, AppShown};
pub use arguments::ArgumentsPolicy;
pub use input_schema::{InputSchemaError, input_schema, input_schema_for};
pub use instructions::Instructions;
pub use invalid::InvalidArguments;
pub use route::{Route, Routes};
pub use web_page::WebPageLink;
