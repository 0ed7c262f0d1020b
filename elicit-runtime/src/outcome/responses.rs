//! Reading the retried request's `inputResponses` into typed answers
//! (2026-07-28).

use core::fmt;

use serde_json::Value;

use super::Elicitation;
use crate::consent::UrlConsent;
use crate::error::ElicitError;
use crate::excerpt::Excerpt;
use crate::form::Elicitable;
use crate::limits::Limits;
use crate::protocol::{ElicitResult, InputResponses};

impl InputResponses {
    /// The elicitation result under `key`.
    ///
    /// # Errors
    ///
    /// [`InputResponseError::Missing`] when there is none;
    /// [`InputResponseError::Invalid`] when it is not an `ElicitResult`.
    pub fn elicit_result(&self, key: &str) -> Result<ElicitResult, InputResponseError> {
        let value = self.require(key)?;
        let checked = Limits::DEFAULT
            .check_value(value)
            .map_err(crate::protocol::ResultError::TooLarge);
        checked
            .and_then(|()| ElicitResult::from_value(value.clone()))
            .map_err(|error| InputResponseError::Invalid {
                key: Excerpt(key).to_string(),
                error: error.into(),
            })
    }

    /// The user's answer to the form request `key`, read into `T` and
    /// validated (on `accept` only).
    ///
    /// # Errors
    ///
    /// [`InputResponseError::Missing`] when the client sent no response
    /// under `key`; [`InputResponseError::Invalid`] when it is malformed or
    /// its content breaks `T`'s schema.
    pub fn elicitation<T: Elicitable>(
        &self,
        key: &str,
    ) -> Result<Elicitation<T>, InputResponseError> {
        let value = self.require(key)?;
        Elicitation::<T>::from_json(value).map_err(|error| InputResponseError::Invalid {
            key: Excerpt(key).to_string(),
            error,
        })
    }

    /// The user's answer to the URL request `key`.
    ///
    /// # Errors
    ///
    /// As [`InputResponses::elicitation`].
    pub fn url_consent(&self, key: &str) -> Result<UrlConsent, InputResponseError> {
        let value = self.require(key)?;
        UrlConsent::from_json(value).map_err(|error| InputResponseError::Invalid {
            key: Excerpt(key).to_string(),
            error: error.into(),
        })
    }

    fn require(&self, key: &str) -> Result<&Value, InputResponseError> {
        self.get(key).ok_or_else(|| InputResponseError::Missing {
            key: Excerpt(key).to_string(),
        })
    }
}

/// Why an input response cannot be read.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum InputResponseError {
    /// The client sent no response under the key.
    Missing {
        /// The key, cut short.
        key: String,
    },
    /// The response is not a usable `ElicitResult`.
    Invalid {
        /// The key, cut short.
        key: String,
        /// What is wrong with it.
        error: ElicitError,
    },
}

impl fmt::Display for InputResponseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputResponseError::Missing { key } => write!(
                f,
                "the retried request has no input response under `{key}`: return an \
                 `InputRequiredResult` that asks for `{key}` again"
            ),
            InputResponseError::Invalid { key, error } => {
                write!(f, "the input response under `{key}` is unusable: {error}")
            }
        }
    }
}

impl std::error::Error for InputResponseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InputResponseError::Invalid { error, .. } => Some(error),
            InputResponseError::Missing { .. } => None,
        }
    }
}
