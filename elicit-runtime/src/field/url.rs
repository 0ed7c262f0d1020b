//! `url::Url` (feature `url`): `format: uri`.
//!
//! Our `uri` is an RFC 3986 absolute URI; `url` parses by the WHATWG URL
//! standard, which refuses some of those (`http://999.1.1.1`, whose host
//! looks like an IPv4 address out of range) and normalises what it keeps
//! (`HTTP://Example.COM` reads as `http://example.com/`). Reading runs our check, then
//! `Url::parse`; a URI that `url` refuses is a field error naming `url`'s
//! reason. A `default` is checked as a `uri` at compile time; `url`'s parser
//! cannot run there, so a default it refuses is reported when the form is
//! read without that field.
//!
//! ```
//! use elicit_runtime::{Elicitable, Elicitation};
//! use serde_json::json;
//! use url::Url;
//!
//! #[derive(Debug, Elicitable)]
//! struct Site {
//!     home: Url,
//! }
//!
//! assert_eq!(
//!     Site::SCHEMA.to_json()["properties"]["home"],
//!     json!({ "type": "string", "format": "uri" })
//! );
//! let answer = json!({ "action": "accept", "content": { "home": "HTTPS://Example.COM" } });
//! let Ok(Elicitation::Accept(site)) = Elicitation::<Site>::from_json(&answer) else { panic!() };
//! assert_eq!(site.home.as_str(), "https://example.com/");
//!
//! let answer = json!({ "action": "accept", "content": { "home": "http://999.1.1.1/" } });
//! let error = Elicitation::<Site>::from_json(&answer).unwrap_err();
//! assert!(error.to_string().contains(
//!     "`home` is a valid `uri` but `url::Url` cannot hold it (invalid IPv4 address): send a \
//!      URL a web browser accepts"
//! ));
//! ```

use ::url::Url;
use serde_json::Value;

use super::{ElicitField, FieldValue, read_checked};
use crate::builders::FieldSpec;
use crate::format::Format;
use crate::rules::{Checked, Unfit, Violation};
use crate::schema::PropertySchema;

impl ElicitField for Url {
    const SPEC: FieldSpec = FieldSpec::string(None, None, Some(Format::Uri), None);

    fn read(value: &Value, schema: &PropertySchema) -> Result<Url, Vec<Violation>> {
        read_checked(value, schema, |checked| match checked {
            Checked::Str(s) => Some(Url::parse(s).map_err(|error| Violation::Unfit {
                ty: "url::Url",
                reason: Unfit::Url {
                    reason: error.to_string(),
                },
            })),
            _ => None,
        })
    }
}

impl FieldValue for Url {
    fn to_value(&self) -> Value {
        Value::String(self.as_str().to_owned())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::field::read_own;
    use crate::rules::Rule;

    fn read(text: &str) -> Result<Url, Vec<Violation>> {
        read_own(text)
    }

    #[test]
    fn our_check_runs_first_then_urls() {
        // Not an RFC 3986 URI: our check refuses it, whatever `url` thinks.
        assert_eq!(read("example.com").unwrap_err()[0].rule(), Rule::Format);
        assert_eq!(
            read("https://exa mple.com").unwrap_err()[0].rule(),
            Rule::Format
        );
        // An RFC 3986 URI that the WHATWG parser refuses.
        let refused = read("http://999.1.1.1/").unwrap_err();
        assert_eq!(refused[0].rule(), Rule::Fit);
        assert_eq!(refused[0].expected(), "a URL a web browser accepts");
        let kept = read("mailto:ada@example.com").unwrap();
        assert_eq!(kept.to_value(), json!("mailto:ada@example.com"));
    }
}
