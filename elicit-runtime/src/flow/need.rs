//! What a tool needs from the client: a form, a URL visit, a sampled
//! message, the client's roots. Each need builds its input request and
//! reads the client's response into a typed output.

use std::marker::PhantomData;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::{Capability, ClientSupport, ResponseError};
use crate::error::ElicitError;
use crate::form::FormMode;
use crate::limits::Limits;
use crate::outcome::Elicitation;
use crate::protocol::{
    ElicitResult, ElicitationId, Elicitor, InputRequest, Mode, RequestError, Revision,
};
use crate::rules::ValidationErrors;

/// What a need sees of the client while it builds its request or reads the
/// client's response.
#[derive(Debug, Clone, Copy)]
pub struct Asking<'a> {
    pub(super) revision: Revision,
    pub(super) support: &'a ClientSupport,
    pub(super) limits: Limits,
    pub(super) visit: Option<&'a ElicitationId>,
}

impl Asking<'_> {
    /// The visit of this need's URL request: drawn by the flow the first
    /// time the need is asked and carried across rounds; `None` for a need
    /// that does not ask for one ([`Need::has_visit`]).
    pub fn visit(&self) -> Option<&ElicitationId> {
        self.visit
    }

    /// The revision the request is written for.
    pub fn revision(&self) -> Revision {
        self.revision
    }

    /// The limits responses are read within.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The elicitor for this client.
    ///
    /// # Errors
    ///
    /// [`RequestError::ElicitationNotDeclared`] when the client declared no
    /// `elicitation`.
    pub fn elicitor(&self) -> Result<Elicitor, RequestError> {
        let capability = self
            .support
            .elicitation_capability()
            .ok_or(RequestError::ElicitationNotDeclared)?;
        Ok(Elicitor::new(self.revision, capability.clone()))
    }
}

/// The content of an accepted form that failed it, and why: what asking
/// again starts from.
#[derive(Debug, Clone, PartialEq)]
pub struct Again {
    /// What the user sent.
    pub content: Map<String, Value>,
    /// Every failing field.
    pub errors: ValidationErrors,
}

/// What reading a response gave.
#[derive(Debug, Clone, PartialEq)]
pub enum Reading<T> {
    /// The output.
    Done(T),
    /// An accepted form whose content fails it: ask again.
    Invalid(Again),
}

/// One thing a tool needs from the client, under a key of the
/// `inputRequests` that is unique within the whole flow.
///
/// The crate's needs are [`FormNeed`], [`UrlNeed`](super::UrlNeed), [`Sampling`] and
/// [`Roots`]; [`Need::optional`] makes one optional.
pub trait Need {
    /// What the tool gets once the client answered.
    type Output;

    /// The key of the input request.
    fn key(&self) -> &str;

    /// The client capability the request needs.
    fn capability(&self) -> Capability;

    /// The input request: the first time `again` is `None`; after an
    /// invalid answer it holds that answer and its errors.
    ///
    /// # Errors
    ///
    /// A [`RequestError`] when the request cannot be built for this client.
    fn request(
        &self,
        asking: &Asking<'_>,
        again: Option<&Again>,
    ) -> Result<InputRequest, RequestError>;

    /// Reads the client's response.
    ///
    /// # Errors
    ///
    /// A [`ResponseError`] when the response is not a result of the
    /// request's kind (a JSON-RPC `-32602` for the client).
    fn read(
        &self,
        asking: &Asking<'_>,
        response: &Value,
    ) -> Result<Reading<Self::Output>, ResponseError>;

    /// Whether the need's request is a page to visit, which the flow gives
    /// an id of its own ([`Asking::visit`]); `false` unless overridden.
    fn has_visit(&self) -> bool {
        false
    }

    /// The output when the client cannot be asked at all, for a need that
    /// can do without; `None` (the default) when the tool cannot go on.
    fn unsupported(&self) -> Option<Self::Output> {
        None
    }

    /// This need, made optional: its output is `None` when the client did
    /// not declare what it needs, and the request is left out.
    fn optional(self) -> Optional<Self>
    where
        Self: Sized,
    {
        Optional(self)
    }
}

/// A form `T` to fill in (`elicitation/create` in form mode); its output is
/// the user's [`Elicitation<T>`], validated.
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::flow::{Capability, FormNeed, Need};
/// use elicit_runtime::protocol::Mode;
///
/// #[derive(Elicitable)]
/// struct Name {
///     name: String,
/// }
///
/// let need = FormNeed::<Name>::new("user_name", "What is your name?");
/// assert_eq!(need.key(), "user_name");
/// assert_eq!(need.capability(), Capability::Elicitation(Mode::Form));
/// ```
#[derive(Debug)]
pub struct FormNeed<T> {
    key: String,
    message: String,
    /// Values its first request offers as defaults.
    prefill: Option<Map<String, Value>>,
    form: PhantomData<fn() -> T>,
}

impl<T: FormMode> FormNeed<T> {
    /// The form `T` under `key`, shown with `message`.
    pub fn new(key: impl Into<String>, message: impl Into<String>) -> FormNeed<T> {
        FormNeed {
            key: key.into(),
            message: message.into(),
            prefill: None,
            form: PhantomData,
        }
    }

    /// The same form, first asked with the values `arguments` gives its
    /// fields as defaults ([`Elicitor::form_prefilled`](crate::protocol::Elicitor::form_prefilled)):
    /// a tool's arguments, which prefill the form rather than answer it.
    /// Asked again after an invalid answer, the form offers that answer's
    /// valid values instead.
    pub fn with_prefill(mut self, arguments: Map<String, Value>) -> FormNeed<T> {
        self.prefill = Some(arguments);
        self
    }

    /// The form `T` under `key`, shown with [`Elicitable::MESSAGE`](crate::Elicitable::MESSAGE).
    pub fn with_own_message(key: impl Into<String>) -> FormNeed<T> {
        FormNeed::new(key, T::MESSAGE)
    }
}

impl<T: FormMode> Need for FormNeed<T> {
    type Output = Elicitation<T>;

    fn key(&self) -> &str {
        &self.key
    }

    fn capability(&self) -> Capability {
        Capability::Elicitation(Mode::Form)
    }

    fn request(
        &self,
        asking: &Asking<'_>,
        again: Option<&Again>,
    ) -> Result<InputRequest, RequestError> {
        let elicitor = asking.elicitor()?;
        let request = match (again, &self.prefill) {
            (None, None) => elicitor.form::<T>(self.message.as_str())?,
            (None, Some(arguments)) => elicitor.form_prefilled::<T>(&self.message, arguments)?,
            (Some(again), _) => {
                elicitor.form_again::<T>(&self.message, &again.content, &again.errors)?
            }
        };
        Ok(request.to_input_request())
    }

    fn read(
        &self,
        asking: &Asking<'_>,
        response: &Value,
    ) -> Result<Reading<Elicitation<T>>, ResponseError> {
        let result = elicit_result(asking, response)?;
        // Read as the form was sent: on 2025-06-18, multi-selects came as
        // booleans.
        let read = Elicitation::read_parts(
            result.action,
            result.content.as_ref(),
            &asking.limits,
            |content| crate::answer::read_sent::<T>(asking.revision, content),
        );
        match read {
            Ok(elicitation) => Ok(Reading::Done(elicitation)),
            Err(ElicitError::InvalidContent(errors)) => Ok(Reading::Invalid(Again {
                content: result.content.unwrap_or_default(),
                errors,
            })),
            Err(ElicitError::MalformedResult(error)) => Err(ResponseError::NotAResult(error)),
        }
    }
}

/// `Need` for a need that is a [`Raw`] request with `capability`.
macro_rules! need_of_raw {
    ($need:ident, $capability:expr) => {
        impl<R: DeserializeOwned> Need for $need<R> {
            type Output = R;

            fn key(&self) -> &str {
                &self.raw.key
            }

            fn capability(&self) -> Capability {
                $capability
            }

            fn request(
                &self,
                _: &Asking<'_>,
                _: Option<&Again>,
            ) -> Result<InputRequest, RequestError> {
                self.raw.request()
            }

            fn read(
                &self,
                asking: &Asking<'_>,
                response: &Value,
            ) -> Result<Reading<R>, ResponseError> {
                self.raw.read(asking, response)
            }
        }
    };
}

/// A message sampled from the client's model (`sampling/createMessage`);
/// its output is the client's `CreateMessageResult` read as `R` (on rmcp,
/// with `elicit-rmcp`, rmcp's `CreateMessageResult`), by default the JSON
/// object as it came.
///
/// ```
/// use elicit_runtime::flow::{Capability, Need, Sampling};
/// use serde_json::json;
///
/// let need: Sampling = Sampling::new("greeting", json!({
///     "messages": [{ "role": "user", "content": { "type": "text", "text": "Say hello" } }],
///     "maxTokens": 50
/// }));
/// assert_eq!(need.capability(), Capability::Sampling);
/// ```
#[derive(Debug, Clone)]
pub struct Sampling<R = Map<String, Value>> {
    raw: Raw<R>,
}

impl<R: DeserializeOwned> Sampling<R> {
    /// `sampling/createMessage` under `key` with `params`
    /// (`CreateMessageRequestParams`: `messages`, `maxTokens`, ...).
    pub fn new(key: impl Into<String>, params: impl Serialize) -> Sampling<R> {
        Sampling {
            raw: Raw::new(key, "sampling/createMessage", Some(params)),
        }
    }
}

need_of_raw!(Sampling, Capability::Sampling);

/// The client's roots (`roots/list`); its output is the client's
/// `ListRootsResult` read as `R` (on rmcp, with `elicit-rmcp`, rmcp's
/// `ListRootsResult`), by default the JSON object as it came.
///
/// ```
/// use elicit_runtime::flow::{Capability, Need, Roots};
///
/// let need: Roots = Roots::new("client_roots");
/// assert_eq!(need.capability(), Capability::Roots);
/// ```
#[derive(Debug, Clone)]
pub struct Roots<R = Map<String, Value>> {
    raw: Raw<R>,
}

impl<R: DeserializeOwned> Roots<R> {
    /// `roots/list` under `key`.
    pub fn new(key: impl Into<String>) -> Roots<R> {
        Roots {
            raw: Raw::new(key, "roots/list", None::<Value>),
        }
    }
}

need_of_raw!(Roots, Capability::Roots);

/// A request of another kind than elicitation, with its params as JSON and
/// its result read as `R`.
#[derive(Debug, Clone)]
struct Raw<R> {
    key: String,
    method: &'static str,
    params: Result<Option<Value>, String>,
    output: PhantomData<fn() -> R>,
}

impl<R: DeserializeOwned> Raw<R> {
    fn new(key: impl Into<String>, method: &'static str, params: Option<impl Serialize>) -> Raw<R> {
        Raw {
            key: key.into(),
            method,
            params: params
                .map(serde_json::to_value)
                .transpose()
                .map_err(|error| error.to_string()),
            output: PhantomData,
        }
    }

    fn request(&self) -> Result<InputRequest, RequestError> {
        let params = self
            .params
            .clone()
            .map_err(|reason| RequestError::UnwritableParams {
                method: self.method,
                reason,
            })?;
        Ok(InputRequest::Other {
            method: self.method.to_owned(),
            params,
        })
    }

    fn read(&self, asking: &Asking<'_>, response: &Value) -> Result<Reading<R>, ResponseError> {
        asking.limits.check_value(response)?;
        if !response.is_object() {
            return Err(ResponseError::NotAnObject {
                method: self.method,
            });
        }
        R::deserialize(response)
            .map(Reading::Done)
            .map_err(|error| ResponseError::Unreadable {
                method: self.method,
                reason: error.to_string(),
            })
    }
}

/// A need that can do without: its output is `None` when the client did
/// not declare the capability, and nothing is asked.
///
/// ```
/// use elicit_runtime::flow::{Need, Roots};
///
/// let need = Roots::<serde_json::Value>::new("roots").optional();
/// assert_eq!(need.unsupported(), Some(None));
/// ```
#[derive(Debug, Clone)]
pub struct Optional<N>(N);

impl<N: Need> Need for Optional<N> {
    type Output = Option<N::Output>;

    fn key(&self) -> &str {
        self.0.key()
    }

    fn capability(&self) -> Capability {
        self.0.capability()
    }

    fn request(
        &self,
        asking: &Asking<'_>,
        again: Option<&Again>,
    ) -> Result<InputRequest, RequestError> {
        self.0.request(asking, again)
    }

    fn read(
        &self,
        asking: &Asking<'_>,
        response: &Value,
    ) -> Result<Reading<Option<N::Output>>, ResponseError> {
        Ok(match self.0.read(asking, response)? {
            Reading::Done(output) => Reading::Done(Some(output)),
            Reading::Invalid(again) => Reading::Invalid(again),
        })
    }

    fn has_visit(&self) -> bool {
        self.0.has_visit()
    }

    fn unsupported(&self) -> Option<Option<N::Output>> {
        Some(None)
    }
}

/// Reads an `ElicitResult` from a response within the limits.
pub(super) fn elicit_result(
    asking: &Asking<'_>,
    response: &Value,
) -> Result<ElicitResult, ResponseError> {
    asking.limits.check_value(response)?;
    ElicitResult::from_value(response.clone()).map_err(ResponseError::NotAResult)
}
