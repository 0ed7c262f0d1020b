//! An incoming `elicitation/create` of either mode.

use serde_json::Value;

use super::{FormError, FormView, UrlView};
use crate::protocol::{ElicitRequestParams, ElicitationCapability, Mode, Revision};

/// What a server asks for: a form to fill in, or a URL to open.
///
/// ```
/// use elicit_runtime::client::Ask;
/// use serde_json::json;
///
/// let ask = Ask::from_params(&json!({
///     "mode": "url",
///     "elicitationId": "550e8400-e29b-41d4-a716-446655440000",
///     "url": "https://mcp.example.com/ui/set_api_key",
///     "message": "Please provide your API key to continue."
/// }))
/// .unwrap();
/// match ask {
///     Ask::Url(view) => assert_eq!(view.host(), "mcp.example.com"),
///     Ask::Form(_) => unreachable!(),
/// }
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum Ask {
    /// A form-mode request.
    Form(FormView),
    /// A URL-mode request (from 2025-11-25).
    Url(UrlView),
}

impl Ask {
    /// Reads the params of an `elicitation/create` of any revision and
    /// mode (in 2026-07-28, the `params` of an input request).
    ///
    /// # Errors
    ///
    /// A [`FormError`] when the params are malformed or the schema is
    /// outside the subset; the client answers with
    /// [`FormError::to_jsonrpc`].
    pub fn from_params(params: &Value) -> Result<Ask, FormError> {
        let (params, warnings) = ElicitRequestParams::read(params)?;
        Ok(Ask::from_read(params, warnings))
    }

    fn from_read(params: ElicitRequestParams, warnings: Vec<crate::wire::SchemaWarning>) -> Ask {
        match params {
            ElicitRequestParams::Form(request) => {
                Ask::Form(FormView::with_warnings(request, warnings))
            }
            ElicitRequestParams::Url(request) => Ask::Url(UrlView::new(&request)),
        }
    }

    /// Checks that the request is in a mode the client `declared` for the
    /// negotiated `revision`: a server must not send any other, and the
    /// client refuses such a request with JSON-RPC `-32602`.
    ///
    /// ```
    /// use elicit_runtime::client::{Ask, FormError};
    /// use elicit_runtime::protocol::{ElicitationCapability, Mode, Revision};
    /// use serde_json::json;
    ///
    /// let ask = Ask::from_params(&json!({
    ///     "mode": "url",
    ///     "elicitationId": "42",
    ///     "url": "https://example.com/connect",
    ///     "message": "Connect your account"
    /// }))
    /// .unwrap();
    /// let revision = Revision::V2025_11_25;
    /// assert!(ask.check_mode(&ElicitationCapability::form_and_url(), revision).is_ok());
    /// let refused = ask.check_mode(&ElicitationCapability::form_only(), revision).unwrap_err();
    /// assert_eq!(refused, FormError::ModeNotDeclared { mode: Mode::Url, revision });
    /// assert_eq!(refused.to_error()["code"], -32602);
    /// ```
    ///
    /// # Errors
    ///
    /// [`FormError::ModeNotDeclared`].
    pub fn check_mode(
        &self,
        declared: &ElicitationCapability,
        revision: Revision,
    ) -> Result<(), FormError> {
        let mode = self.mode();
        if declared.supports_in(mode, revision) {
            Ok(())
        } else {
            Err(FormError::ModeNotDeclared { mode, revision })
        }
    }

    /// The mode of the request.
    pub fn mode(&self) -> Mode {
        match self {
            Ask::Form(_) => Mode::Form,
            Ask::Url(_) => Mode::Url,
        }
    }

    /// The message the server shows.
    pub fn message(&self) -> &str {
        match self {
            Ask::Form(form) => form.message(),
            Ask::Url(view) => view.message(),
        }
    }
}

/// A typed request, already read (a form without warnings).
impl From<ElicitRequestParams> for Ask {
    fn from(params: ElicitRequestParams) -> Ask {
        Ask::from_read(params, Vec::new())
    }
}
