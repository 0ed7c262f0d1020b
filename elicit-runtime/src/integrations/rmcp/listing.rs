//! What a `#[tool]` that asks lists, written in its attribute: the form's
//! fields among its arguments, the hosted page's token, the form's app.
//!
//! ```
//! use elicit_runtime::Elicitable;
//! use elicit_runtime::integrations::rmcp::{Ask, FlowTools, Halt, form_arguments};
//! use rmcp::{tool, tool_router};
//!
//! /// Which table would you like?
//! #[derive(Elicitable)]
//! struct Table {
//!     #[elicit(minimum = 1, maximum = 12)]
//!     size: u8,
//! }
//!
//! #[derive(Clone)]
//! struct Restaurant {
//!     tools: FlowTools<Restaurant>,
//! }
//!
//! #[tool_router]
//! impl Restaurant {
//!     /// Books a table
//!     #[tool(input_schema = form_arguments::<Table>())]
//!     async fn book(&self, mut ask: Ask) -> Result<String, Halt> {
//!         # let _ = &mut ask;
//!         Ok("booked".into())
//!     }
//! }
//!
//! let tool = Restaurant::book_tool_attr();
//! assert_eq!(tool.input_schema["properties"]["size"]["maximum"], 12);
//! assert!(tool.input_schema.get("required").is_none());
//! ```

use std::sync::Arc;

use rmcp::model as mcp;
use rmcp::schemars::JsonSchema;

use crate::fallback::{InputSchemaError, input_schema};
use crate::form::FormMode;

/// The arguments of a tool that asks the form `T` and takes nothing else:
/// the form's fields, each optional ([`tool_with_form`](super::tool_with_form)),
/// for `#[tool(input_schema = form_arguments::<T>())]`. A model whose client
/// shows no forms passes the user's answers there ([`Ask::form`](super::Ask::form)).
pub fn form_arguments<T: FormMode>() -> Arc<mcp::JsonObject> {
    // An empty object has no argument a field could clash with.
    Arc::new(input_schema::<T>(&empty_object()).unwrap_or_else(|_| empty_object()))
}

/// The arguments of a tool that takes its own `Parameters<P>` and asks the
/// form `T`: `P`'s input schema (as rmcp's `#[tool]` writes it) with the
/// form's fields added, each optional, for `#[tool(input_schema =
/// form_arguments_with::<T, P>())]`.
///
/// # Panics
///
/// When a field of the form has the name of one of `P`'s arguments, or
/// `P`'s schema is not that of an object: as rmcp's `#[tool]` panics on an
/// invalid input schema, when the router is built. [`try_form_arguments_with`]
/// returns the error.
pub fn form_arguments_with<T: FormMode, P: JsonSchema + 'static>() -> Arc<mcp::JsonObject> {
    match try_form_arguments_with::<T, P>() {
        Ok(schema) => schema,
        Err(error) => panic!("{error}"),
    }
}

/// [`form_arguments_with`], or why the form's fields cannot join `P`'s.
///
/// # Errors
///
/// [`InputSchemaError`] for a clash, or a schema of `P` that is not that of
/// an object.
pub fn try_form_arguments_with<T: FormMode, P: JsonSchema + 'static>()
-> Result<Arc<mcp::JsonObject>, InputSchemaError> {
    let base = rmcp::handler::server::tool::schema_for_input::<P>().map_err(|reason| {
        InputSchemaError::NotAnObject {
            found: crate::excerpt::Excerpt(&reason).to_string(),
        }
    })?;
    Ok(Arc::new(input_schema::<T>(&base)?))
}

/// The arguments of a tool that asks a form on the server's page
/// ([`Ask::web_form`](super::Ask::web_form)): the page's token
/// ([`VISIT_ARGUMENT`](crate::web::VISIT_ARGUMENT)), optional, which a
/// client that cannot open URLs gives back once the user filled in the
/// page. A form with secrets lists no fields: they are typed on the page
/// only.
#[cfg(feature = "web")]
pub fn visit_arguments() -> Arc<mcp::JsonObject> {
    let tool = mcp::Tool::new("visit", "", Arc::new(empty_object()));
    match super::tool_with_visit_argument(tool) {
        Ok(tool) => tool.input_schema,
        Err(_) => Arc::new(empty_object()),
    }
}

/// The arguments of a tool whose form `T` is an MCP App: the form's
/// fields, each optional ([`form_arguments`]), and the token its app sends
/// the user's answers back with
/// ([`APP_ANSWERS_ARGUMENT`](crate::fallback::APP_ANSWERS_ARGUMENT)), for
/// `#[tool(input_schema = app_arguments::<T>(), meta = app_meta::<T>("tool"))]`.
///
/// # Panics
///
/// When a field of the form is named like the token (`elicit_app`), as
/// [`form_arguments_with`] panics on a clash, when the router is built.
#[cfg(feature = "app")]
pub fn app_arguments<T: FormMode>() -> Arc<mcp::JsonObject> {
    match super::app::with_app_argument(&form_arguments::<T>()) {
        Ok(schema) => Arc::new(schema),
        Err(error) => panic!("{error}"),
    }
}

/// The `_meta` of a tool whose form `T` is an MCP App
/// ([`AppForm::tool_meta`](crate::app::AppForm::tool_meta): `ui.resourceUri`,
/// `openai/outputTemplate`, `openai/widgetAccessible`), for `#[tool(meta =
/// app_meta::<T>("tool"))]`, `tool` being the tool's name; serve the app
/// with [`Flows::with_app`](super::Flows::with_app).
#[cfg(feature = "app")]
pub fn app_meta<T: FormMode>(tool: &str) -> mcp::MetaObject {
    mcp::MetaObject(crate::app::AppForm::of::<T>(tool).tool_meta())
}

fn empty_object() -> mcp::JsonObject {
    let mut object = mcp::JsonObject::new();
    object.insert("type".to_owned(), "object".into());
    object.insert(
        "properties".to_owned(),
        serde_json::Value::Object(serde_json::Map::new()),
    );
    object
}
