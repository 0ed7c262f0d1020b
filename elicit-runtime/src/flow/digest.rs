//! The digest of an input request as the client is shown it: what binds
//! an answer to its question.

use core::fmt;
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{LazyLock, RwLock};

use base64_simd::{Out, URL_SAFE_NO_PAD};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};

use crate::protocol::{ElicitRequestParams, InputRequest};
use crate::schema::FormSchema;
use crate::state::canonical;

/// The label every request digest starts with.
const LABEL: &[u8] = b"elicit/flow/request/v2\0";
/// The label of the digest of a `requestedSchema`'s JSON.
const SCHEMA_LABEL: &[u8] = b"elicit/flow/schema/v2\0";
/// The most schemas whose digest is kept: one a form type and revision in
/// a real server, far fewer than this.
const CACHED_SCHEMAS: usize = 4096;

/// SHA-256 of an input request as shown: the method and, for an
/// elicitation, the mode, the message and the `requestedSchema` or the
/// URL; for another method, its params as canonical JSON. The
/// `requestedSchema` goes in as the SHA-256 of its JSON, which is worked
/// out once for a schema of a derived form (whose properties are a
/// `'static` slice, fixed for the life of the program). Each part is
/// written with its length first (the params of another method, last, as
/// canonical JSON), so no two requests run together. The
/// `elicitationId` and `_meta` are left out: they are not what the user
/// is asked.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct RequestDigest([u8; 32]);

impl RequestDigest {
    /// A digest read back from a sealed state.
    pub(super) fn from_bytes(bytes: [u8; 32]) -> RequestDigest {
        RequestDigest(bytes)
    }

    /// The 32 bytes.
    pub(super) fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    pub(super) fn of(request: &InputRequest) -> RequestDigest {
        let mut hasher = Sha256::new();
        hasher.update(LABEL);
        part(&mut hasher, request.method().as_bytes());
        match request {
            InputRequest::Elicitation(ElicitRequestParams::Form(form)) => {
                part(&mut hasher, b"form");
                part(&mut hasher, form.message.as_bytes());
                part(&mut hasher, &schema_digest(&form.requested_schema));
            }
            InputRequest::Elicitation(ElicitRequestParams::Url(url)) => {
                part(&mut hasher, b"url");
                part(&mut hasher, url.message.as_bytes());
                part(&mut hasher, url.url.as_bytes());
            }
            // The last part: canonical JSON ends where it ends, and no
            // params (nothing more) differ from `null` (four bytes).
            InputRequest::Other { params, .. } => {
                if let Some(params) = params {
                    canonical::write_value(&mut hasher, params);
                }
            }
        }
        RequestDigest(hasher.finalize().into())
    }
}

/// SHA-256 of a schema's JSON: kept for a schema whose properties are a
/// `'static` slice (a derived form's), by the slice's address and length,
/// which no other slice has while the program runs.
fn schema_digest(schema: &FormSchema) -> [u8; 32] {
    type Cache = RwLock<HashMap<(usize, usize), [u8; 32]>>;
    static CACHE: LazyLock<Cache> = LazyLock::new(|| RwLock::new(HashMap::new()));
    let key = match &schema.properties {
        Cow::Borrowed(properties) => Some((properties.as_ptr() as usize, properties.len())),
        Cow::Owned(_) => None,
    };
    // A poisoned lock still holds whole entries: each is one insert.
    if let Some(key) = key
        && let Some(digest) = CACHE
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .get(&key)
    {
        return *digest;
    }
    let mut hasher = Sha256::new();
    hasher.update(SCHEMA_LABEL);
    hasher.update(serde_json::to_vec(schema).unwrap_or_default());
    let digest: [u8; 32] = hasher.finalize().into();
    if let Some(key) = key {
        let mut cache = CACHE
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if cache.len() < CACHED_SCHEMAS {
            cache.insert(key, digest);
        }
    }
    digest
}

/// Writes `bytes` with their length first.
fn part(hasher: &mut Sha256, bytes: &[u8]) {
    hasher.update((bytes.len() as u64).to_be_bytes());
    hasher.update(bytes);
}

impl fmt::Debug for RequestDigest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "RequestDigest({})",
            URL_SAFE_NO_PAD.encode_to_string(&self.0[..6])
        )
    }
}

/// base64url without padding: 43 characters.
impl Serialize for RequestDigest {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&URL_SAFE_NO_PAD.encode_to_string(self.0))
    }
}

impl<'de> Deserialize<'de> for RequestDigest {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RequestDigest, D::Error> {
        let text = String::deserialize(deserializer)?;
        let mut bytes = [0; 32];
        match URL_SAFE_NO_PAD.decoded_length(text.as_bytes()) {
            Ok(32)
                if URL_SAFE_NO_PAD
                    .decode(text.as_bytes(), Out::from_slice(&mut bytes))
                    .is_ok() =>
            {
                Ok(RequestDigest(bytes))
            }
            _ => Err(serde::de::Error::custom("not a request digest")),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::RequestDigest;
    use crate::protocol::{InputRequest, UrlRequest};

    fn other(params: serde_json::Value) -> InputRequest {
        InputRequest::Other {
            method: "sampling/createMessage".into(),
            params: Some(params),
        }
    }

    #[test]
    fn tells_requests_apart_and_ignores_member_order() {
        let a = RequestDigest::of(&other(json!({ "a": 1, "b": "x" })));
        assert_eq!(a, RequestDigest::of(&other(json!({ "b": "x", "a": 1 }))));
        assert_ne!(a, RequestDigest::of(&other(json!({ "a": 2, "b": "x" }))));
        let roots = InputRequest::Other {
            method: "roots/list".into(),
            params: None,
        };
        assert_ne!(
            RequestDigest::of(&roots),
            RequestDigest::of(&other(json!({})))
        );
    }

    /// A schema's digest is the same whether it was kept (a `'static`
    /// slice) or worked out afresh, and each time.
    #[test]
    fn a_kept_schema_digest_is_the_fresh_one() {
        use std::borrow::Cow;

        use crate::schema::{FormSchema, Property};

        static NONE: [Property; 0] = [];
        let kept = FormSchema {
            properties: Cow::Borrowed(&NONE),
        };
        let fresh = FormSchema {
            properties: Cow::Owned(Vec::new()),
        };
        let first = super::schema_digest(&kept);
        assert_eq!(first, super::schema_digest(&kept));
        assert_eq!(first, super::schema_digest(&fresh));
    }

    #[test]
    fn reads_back_what_it_writes() {
        let digest = RequestDigest::of(&other(json!([1])));
        let text = serde_json::to_string(&digest).unwrap();
        assert_eq!(text.len(), 45);
        assert_eq!(
            serde_json::from_str::<RequestDigest>(&text).unwrap(),
            digest
        );
        assert!(serde_json::from_str::<RequestDigest>(r#""AAAA""#).is_err());
    }

    #[test]
    fn a_url_request_is_its_message_and_url() {
        let url = |message: &str, url: &str| {
            InputRequest::Elicitation(UrlRequest::new(message, url).unwrap().into())
        };
        let base = RequestDigest::of(&url("Pay", "https://pay.example/v/1"));
        assert_ne!(
            base,
            RequestDigest::of(&url("Pay", "https://pay.example/v/2"))
        );
        assert_ne!(
            base,
            RequestDigest::of(&url("Pay now", "https://pay.example/v/1"))
        );
    }
}
