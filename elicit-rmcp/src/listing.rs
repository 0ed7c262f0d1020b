//! What a `#[tool]` that asks lists, written in its attribute: the form's
//! fields among its arguments, the hosted page's token, the form's app.
//!
//! ```
//! use elicit_runtime::Elicitable;
//! use elicit_rmcp::{Ask, FlowTools, Halt, form_arguments};
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

use elicit_runtime::FormMode;
#[cfg(feature = "app")]
use elicit_runtime::fallback::APP_ANSWERS_ARGUMENT;
use elicit_runtime::fallback::{InputSchemaError, input_schema};
use elicit_runtime::rules::Received;
#[cfg(feature = "web")]
use elicit_web::VISIT_ARGUMENT;

/// The arguments of a tool that asks the form `T` and takes nothing else:
/// the form's fields, each optional ([`tool_with_form`]),
/// for `#[tool(input_schema = form_arguments::<T>())]`. A model whose client
/// shows no forms passes the user's answers there ([`Ask::form`](crate::Ask::form)).
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
///
/// ```
/// use std::collections::BTreeMap;
///
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::fallback::InputSchemaError;
/// use elicit_rmcp::try_form_arguments_with;
///
/// #[derive(Elicitable)]
/// struct Table {
///     size: u8,
/// }
///
/// // A map of arguments is an object: the form's fields join it.
/// let schema = try_form_arguments_with::<Table, BTreeMap<String, u32>>().unwrap();
/// assert_eq!(schema["properties"]["size"]["type"], "integer");
///
/// // A string is not.
/// let error = try_form_arguments_with::<Table, String>().unwrap_err();
/// assert!(matches!(&error, InputSchemaError::NotAnObject { found } if found == "\"string\""));
/// assert!(error.to_string().starts_with("the tool's input schema has `type` \"string\", not \"object\""));
/// ```
pub fn try_form_arguments_with<T: FormMode, P: JsonSchema + 'static>()
-> Result<Arc<mcp::JsonObject>, InputSchemaError> {
    use rmcp::handler::server::tool::{schema_for_input, schema_for_type};
    let base = schema_for_input::<P>().map_err(|_| InputSchemaError::NotAnObject {
        // What rmcp refused: the schema's `type`, as the form's own check
        // names it.
        found: schema_for_type::<P>()
            .get("type")
            .map_or(Received::Nothing, Received::of)
            .to_string(),
    })?;
    Ok(Arc::new(input_schema::<T>(&base)?))
}

/// The arguments of a tool that asks a form on the server's page
/// ([`Ask::web_form`](crate::Ask::web_form)): the page's token
/// ([`VISIT_ARGUMENT`]), optional, which a
/// client that cannot open URLs gives back once the user filled in the
/// page. A form with secrets lists no fields: they are typed on the page
/// only.
#[cfg(feature = "web")]
pub fn visit_arguments() -> Arc<mcp::JsonObject> {
    let tool = mcp::Tool::new("visit", "", Arc::new(empty_object()));
    match tool_with_visit_argument(tool) {
        Ok(tool) => tool.input_schema,
        Err(_) => Arc::new(empty_object()),
    }
}

/// The arguments of a tool whose form `T` is an MCP App: the form's
/// fields, each optional ([`form_arguments`]), and the token its app sends
/// the user's answers back with
/// ([`APP_ANSWERS_ARGUMENT`]), for
/// `#[tool(input_schema = app_arguments::<T>(), meta = app_meta::<T>("tool"))]`.
///
/// # Panics
///
/// When a field of the form is named like the token (`elicit_app`), as
/// [`form_arguments_with`] panics on a clash, when the router is built.
#[cfg(feature = "app")]
pub fn app_arguments<T: FormMode>() -> Arc<mcp::JsonObject> {
    match with_app_argument(&form_arguments::<T>()) {
        Ok(schema) => Arc::new(schema),
        Err(error) => panic!("{error}"),
    }
}

/// The `_meta` of a tool whose form `T` is an MCP App
/// ([`AppForm::tool_meta`](elicit_runtime::app::AppForm::tool_meta): `ui.resourceUri`,
/// `openai/outputTemplate`, `openai/widgetAccessible`), for `#[tool(meta =
/// app_meta::<T>("tool"))]`, `tool` being the tool's name; serve the app
/// with [`Flows::with_app`](crate::Flows::with_app).
#[cfg(feature = "app")]
pub fn app_meta<T: FormMode>(tool: &str) -> mcp::MetaObject {
    mcp::MetaObject(elicit_runtime::app::AppForm::of::<T>(tool).tool_meta())
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

/// `tool` with the fields of the form `T` added to its input schema as
/// optional arguments ([`input_schema`]).
///
/// ```
/// use std::sync::Arc;
///
/// use elicit_runtime::Elicitable;
/// use elicit_rmcp::tool_with_form;
/// use rmcp::model::Tool;
///
/// #[derive(Elicitable)]
/// struct Table {
///     #[elicit(minimum = 1, maximum = 12)]
///     size: u8,
/// }
///
/// let base = serde_json::json!({ "type": "object", "properties": {} });
/// let tool = Tool::new("book", "Book a table", Arc::new(base.as_object().unwrap().clone()));
/// let tool = tool_with_form::<Table>(tool).unwrap();
/// assert_eq!(tool.input_schema["properties"]["size"]["type"], "integer");
/// assert!(tool.input_schema.get("required").is_none());
/// ```
///
/// # Errors
///
/// An [`InputSchemaError`] when a field of the form has the name of one of
/// the tool's arguments, or the tool's input schema is not that of an
/// object.
pub fn tool_with_form<T: FormMode>(mut tool: mcp::Tool) -> Result<mcp::Tool, InputSchemaError> {
    tool.input_schema = std::sync::Arc::new(input_schema::<T>(&tool.input_schema)?);
    Ok(tool)
}

/// `tool` with the fields of the form `T` added to its input schema as
/// optional arguments, as [`tool_with_form`] does, and the argument that
/// carries a hosted page's token ([`VISIT_ARGUMENT`]), for a tool whose
/// form goes to the server's own page
/// ([`ServerFlow::with_web_pages`](crate::ServerFlow::with_web_pages) with [`WebForms`](elicit_web::WebForms)).
///
/// ```
/// use std::sync::Arc;
///
/// use elicit_runtime::Elicitable;
/// use elicit_rmcp::tool_with_web_form;
/// use elicit_web::VISIT_ARGUMENT;
/// use rmcp::model::Tool;
///
/// #[derive(Elicitable)]
/// struct Table {
///     size: u8,
/// }
///
/// let base = serde_json::json!({ "type": "object", "properties": {} });
/// let tool = Tool::new("book", "Book a table", Arc::new(base.as_object().unwrap().clone()));
/// let tool = tool_with_web_form::<Table>(tool).unwrap();
/// assert_eq!(tool.input_schema["properties"][VISIT_ARGUMENT]["type"], "string");
/// assert!(tool.input_schema.get("required").is_none());
/// ```
///
/// # Errors
///
/// As [`tool_with_form`], and when the tool has an argument of that name.
#[cfg(feature = "web")]
pub fn tool_with_web_form<T: FormMode>(tool: mcp::Tool) -> Result<mcp::Tool, InputSchemaError> {
    tool_with_visit_argument(tool_with_form::<T>(tool)?)
}

/// `tool` with the argument that carries a hosted page's token
/// ([`VISIT_ARGUMENT`]) added to its input schema, optional: for a tool
/// that asks a form on the server's page ([`ServerFlow::web_form`](crate::ServerFlow::web_form), a form
/// with a secret field included) of clients that cannot open URLs.
///
/// # Errors
///
/// An [`InputSchemaError`] when the tool has an argument of that name, or
/// its input schema is not that of an object.
#[cfg(feature = "web")]
pub fn tool_with_visit_argument(mut tool: mcp::Tool) -> Result<mcp::Tool, InputSchemaError> {
    let schema = with_argument(
        &tool.input_schema,
        VISIT_ARGUMENT,
        "Only when a previous result of this tool gave it: the token to pass back, unchanged, \
         once the user says they filled in the form on the page it linked",
    )?;
    tool.input_schema = std::sync::Arc::new(schema);
    Ok(tool)
}

/// The input schema `schema` with an optional string argument `name`,
/// described by `description`: the token of a hosted page, or of a
/// form's app.
#[cfg(any(feature = "web", feature = "app"))]
fn with_argument(
    schema: &mcp::JsonObject,
    name: &str,
    description: &str,
) -> Result<mcp::JsonObject, InputSchemaError> {
    let mut schema = schema.clone();
    let properties = schema
        .entry("properties")
        .or_insert_with(|| serde_json::Value::Object(serde_json::Map::new()));
    let Some(properties) = properties.as_object_mut() else {
        return Err(InputSchemaError::PropertiesNotAnObject {
            found: properties.to_string().chars().take(40).collect(),
        });
    };
    if properties.contains_key(name) {
        return Err(InputSchemaError::Clash {
            fields: vec![name.to_owned()],
        });
    }
    let mut argument = serde_json::Map::new();
    argument.insert("type".to_owned(), "string".into());
    argument.insert("description".to_owned(), description.into());
    properties.insert(name.to_owned(), serde_json::Value::Object(argument));
    Ok(schema)
}

/// The input schema `schema` with the app's token among its arguments
/// ([`APP_ANSWERS_ARGUMENT`]), optional.
#[cfg(feature = "app")]
pub(crate) fn with_app_argument(
    schema: &mcp::JsonObject,
) -> Result<mcp::JsonObject, InputSchemaError> {
    with_argument(
        schema,
        APP_ANSWERS_ARGUMENT,
        "Set by the form's app only, with the answers the user sent in it: leave it out",
    )
}
