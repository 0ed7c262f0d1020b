//! The `-32042` error (2025-11-25): the request cannot go on until the user
//! completes URL-mode elicitations.

use serde::Deserialize;
use serde::ser::{SerializeMap, Serializer};
use serde_json::{Map, Value};

use super::{MessageError, RequestError, RequestId, Revision, UrlPolicy, UrlRequest, jsonrpc};
use crate::excerpt::Excerpt;
use crate::rules::Received;

/// `URLElicitationRequiredError`: the error a 2025-11-25 server returns
/// when a request needs URL-mode elicitations to complete first; the client
/// may retry the request once they have. Every elicitation in it is a URL
/// request with an `elicitationId`. 2026-07-28 removed it (an
/// `InputRequiredResult` asks instead).
///
/// ```
/// use elicit_runtime::protocol::{ElicitationId, UrlElicitationRequired, UrlRequest};
/// use serde_json::json;
///
/// let connect = UrlRequest::new(
///     "Authorization is required to access your Example Co files.",
///     "https://mcp.example.com/connect?elicitationId=550e8400-e29b-41d4-a716-446655440000",
/// )
/// .unwrap()
/// .with_elicitation_id(ElicitationId::new("550e8400-e29b-41d4-a716-446655440000"));
/// let error =
///     UrlElicitationRequired::new("This request requires more information.", vec![connect]).unwrap();
/// let response = error.to_jsonrpc(2);
/// assert_eq!(response["error"]["code"], -32042);
/// assert_eq!(response["error"]["data"]["elicitations"][0]["mode"], "url");
///
/// let (id, back) = UrlElicitationRequired::from_jsonrpc(&response).unwrap();
/// assert_eq!(id, Some(2.into()));
/// assert_eq!(back, error);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct UrlElicitationRequired {
    message: String,
    elicitations: Vec<UrlRequest>,
}

impl UrlElicitationRequired {
    /// The JSON-RPC error code, `URL_ELICITATION_REQUIRED`.
    pub const CODE: i64 = -32042;

    /// The error with `message` (one short sentence) and the URL-mode
    /// requests to complete before retrying, each leading to an `https`
    /// page ([`UrlPolicy::Https`]).
    ///
    /// # Errors
    ///
    /// [`RequestError::MissingElicitationId`] when a request has no
    /// `elicitationId` (give one with [`UrlRequest::with_generated_id`]);
    /// [`RequestError::InvalidUrl`] when its `url` is not an absolute URI;
    /// [`RequestError::UrlSchemeRefused`] or [`RequestError::UrlWithoutHost`]
    /// when it is not an `https` page, even if it was changed after the
    /// request was built.
    pub fn new(
        message: impl Into<String>,
        elicitations: Vec<UrlRequest>,
    ) -> Result<UrlElicitationRequired, RequestError> {
        UrlElicitationRequired::new_with_policy(message, elicitations, UrlPolicy::Https)
    }

    /// [`UrlElicitationRequired::new`] with the URLs held to `policy`: with
    /// [`UrlPolicy::HttpsOrLoopbackHttp`], `http` to a loopback host is
    /// allowed too.
    ///
    /// # Errors
    ///
    /// As [`UrlElicitationRequired::new`], under `policy`.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::protocol::{UrlElicitationRequired, UrlPolicy, UrlRequest};
    ///
    /// let policy = UrlPolicy::HttpsOrLoopbackHttp;
    /// let connect = UrlRequest::new_with_policy("Connect", "http://[::1]:8080/connect", policy)
    ///     .unwrap()
    ///     .with_generated_id()
    ///     .unwrap();
    /// assert!(UrlElicitationRequired::new("Connect first.", vec![connect.clone()]).is_err());
    /// assert!(UrlElicitationRequired::new_with_policy("Connect first.", vec![connect], policy).is_ok());
    /// ```
    pub fn new_with_policy(
        message: impl Into<String>,
        elicitations: Vec<UrlRequest>,
        policy: UrlPolicy,
    ) -> Result<UrlElicitationRequired, RequestError> {
        for request in &elicitations {
            policy.check(&request.url)?;
            request.render(Revision::V2025_11_25)?;
        }
        Ok(UrlElicitationRequired {
            message: message.into(),
            elicitations,
        })
    }

    /// The error's message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The URL-mode requests to complete, each with an `elicitationId`.
    pub fn elicitations(&self) -> &[UrlRequest] {
        &self.elicitations
    }

    /// The JSON-RPC error object: `{code, message, data: {elicitations}}`.
    pub fn to_error(&self) -> Value {
        jsonrpc::value_of(&ErrorObject(self))
    }

    /// The whole JSON-RPC error response to the request `id`.
    pub fn to_jsonrpc(&self, id: impl Into<RequestId>) -> Value {
        jsonrpc::error_response(id.into(), self.to_error())
    }

    /// Reads the JSON-RPC error object. Unknown keys are ignored.
    ///
    /// # Errors
    ///
    /// A [`MessageError`] when the code is not `-32042`, there is no string
    /// `message`, or `data.elicitations` is not a list of URL requests each
    /// with an `elicitationId`.
    pub fn from_error(error: &Value) -> Result<UrlElicitationRequired, MessageError> {
        let Value::Object(error) = error else {
            return Err(MessageError::NotAnObject {
                member: "error",
                received: Received::of(error),
            });
        };
        match error.get("code") {
            Some(code) if code.as_i64() == Some(Self::CODE) => {}
            Some(code) => {
                return Err(MessageError::WrongCode {
                    expected: Self::CODE,
                    found: Excerpt(&code.to_string()).to_string(),
                });
            }
            None => return Err(MessageError::Missing { member: "code" }),
        }
        let message = match error.get("message") {
            Some(Value::String(message)) => message.clone(),
            Some(other) => {
                return Err(MessageError::invalid(
                    "message",
                    format_args!(
                        "the error message must be a string, received {}",
                        Received::of(other)
                    ),
                ));
            }
            None => return Err(MessageError::Missing { member: "message" }),
        };
        let data = match error.get("data") {
            Some(Value::Object(data)) => data,
            Some(other) => {
                return Err(MessageError::NotAnObject {
                    member: "data",
                    received: Received::of(other),
                });
            }
            None => return Err(MessageError::Missing { member: "data" }),
        };
        let elicitations = read_elicitations(data)?;
        Ok(UrlElicitationRequired {
            message,
            elicitations,
        })
    }

    /// Reads a whole JSON-RPC error response: its id (`None` when absent
    /// or `null`) and the error.
    ///
    /// # Errors
    ///
    /// A [`MessageError`] when the message is not a JSON-RPC 2.0 error
    /// response, or as [`UrlElicitationRequired::from_error`].
    pub fn from_jsonrpc(
        message: &Value,
    ) -> Result<(Option<RequestId>, UrlElicitationRequired), MessageError> {
        let (id, error) = jsonrpc::read_error_response(message)?;
        Ok((id, UrlElicitationRequired::from_error(error)?))
    }
}

fn read_elicitations(data: &Map<String, Value>) -> Result<Vec<UrlRequest>, MessageError> {
    let entries = match data.get("elicitations") {
        Some(Value::Array(entries)) => entries,
        Some(other) => {
            return Err(MessageError::invalid(
                "elicitations",
                format_args!(
                    "expected a list of URL requests, received {}",
                    Received::of(other)
                ),
            ));
        }
        None => {
            return Err(MessageError::Missing {
                member: "elicitations",
            });
        }
    };
    entries
        .iter()
        .enumerate()
        .map(|(i, entry)| {
            let request = UrlRequest::deserialize(entry).map_err(|error| {
                MessageError::invalid("elicitations", format_args!("entry {i}: {error}"))
            })?;
            if request.elicitation_id.is_none() {
                return Err(MessageError::invalid(
                    "elicitations",
                    format_args!("entry {i} has no `elicitationId`, which every entry needs"),
                ));
            }
            Ok(request)
        })
        .collect()
}

struct ErrorObject<'a>(&'a UrlElicitationRequired);

impl serde::Serialize for ErrorObject<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("code", &UrlElicitationRequired::CODE)?;
        map.serialize_entry("message", &self.0.message)?;
        map.serialize_entry("data", &Data(self.0))?;
        map.end()
    }
}

struct Data<'a>(&'a UrlElicitationRequired);

impl serde::Serialize for Data<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("elicitations", &Entries(&self.0.elicitations))?;
        map.end()
    }
}

struct Entries<'a>(&'a [UrlRequest]);

impl serde::Serialize for Entries<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::Error as _;
        let mut entries = Vec::with_capacity(self.0.len());
        for request in self.0 {
            entries.push(
                request
                    .render(Revision::V2025_11_25)
                    .map_err(S::Error::custom)?,
            );
        }
        serializer.collect_seq(entries)
    }
}
