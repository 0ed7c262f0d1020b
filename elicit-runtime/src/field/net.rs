//! `IpAddr`, `Ipv4Addr` and `Ipv6Addr`: strings checked as the address
//! when read, with the lengths of the shortest and longest address as
//! `minLength` and `maxLength` (`0.0.0.0` to `255.255.255.255`; `::` to
//! `ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255`).
//!
//! The text is what `std` reads: IPv4 as four numbers without leading
//! zeros, IPv6 in the RFC 4291 forms without a zone (`%eth0`). A `default`
//! is checked as an address at compile time.
//!
//! ```
//! use std::net::{IpAddr, Ipv4Addr};
//!
//! use elicit_runtime::{Elicitable, Elicitation};
//! use serde_json::json;
//!
//! #[derive(Debug, Elicitable)]
//! struct Server {
//!     #[elicit(default = "127.0.0.1")]
//!     address: Option<IpAddr>,
//! }
//!
//! assert_eq!(
//!     Server::SCHEMA.to_json()["properties"]["address"],
//!     json!({ "type": "string", "minLength": 2, "maxLength": 45, "default": "127.0.0.1" })
//! );
//! let answer = json!({ "action": "accept", "content": {} });
//! let Ok(Elicitation::Accept(server)) = Elicitation::<Server>::from_json(&answer) else { panic!() };
//! assert_eq!(server.address, Some(IpAddr::V4(Ipv4Addr::LOCALHOST)));
//!
//! let answer = json!({ "action": "accept", "content": { "address": "localhost" } });
//! let error = Elicitation::<Server>::from_json(&answer).unwrap_err();
//! assert!(error.to_string().contains(
//!     "`address` is not an IP address such as `192.0.2.1` or `2001:db8::1`, which \
//!      `std::net::IpAddr` needs"
//! ));
//! ```

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use serde_json::Value;

use super::text::read_fitted;
use super::{ElicitField, FieldValue};
use crate::builders::FieldSpec;
use crate::rules::Violation;
use crate::rules::fit::Fit;
use crate::schema::PropertySchema;

macro_rules! address_field {
    ($($ty:ident: $fit:ident, $min:literal..=$max:literal, $name:literal);* $(;)?) => {$(
        impl ElicitField for $ty {
            const SPEC: FieldSpec =
                FieldSpec::string(Some($min), Some($max), None, Some(Fit::$fit));

            fn read(value: &Value, schema: &PropertySchema) -> Result<$ty, Vec<Violation>> {
                read_fitted(value, schema, $name, Fit::$fit, |s| s.parse().ok())
            }
        }

        impl FieldValue for $ty {
            fn to_value(&self) -> Value {
                Value::String(self.to_string())
            }
        }
    )*};
}

address_field! {
    Ipv4Addr: Ipv4, 7..=15, "std::net::Ipv4Addr";
    Ipv6Addr: Ipv6, 2..=45, "std::net::Ipv6Addr";
    IpAddr: Ip, 2..=45, "std::net::IpAddr";
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::field::read_own as read;
    use crate::rules::{Rule, Unfit};

    #[test]
    fn the_lengths_are_those_of_the_shortest_and_longest_address() {
        for text in ["0.0.0.0", "255.255.255.255"] {
            assert_eq!(text.parse::<Ipv4Addr>().unwrap().to_value(), json!(text));
            assert!(read::<Ipv4Addr>(text).is_ok());
        }
        let longest = "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255";
        assert_eq!(longest.len(), 45);
        assert!(read::<Ipv6Addr>(longest).is_ok());
        assert!(read::<IpAddr>("::").is_ok());
        assert_eq!(
            read::<Ipv6Addr>(":").unwrap_err()[0].rule(),
            Rule::MinLength
        );
    }

    #[test]
    fn text_std_refuses_is_refused() {
        for text in ["01.2.3.4", "1.2.3.04", "256.0.0.1", "1.2.3.4 ", "1.2.3.4.5"] {
            let error = read::<Ipv4Addr>(text).unwrap_err();
            assert_eq!(
                error,
                [Violation::Unfit {
                    ty: "std::net::Ipv4Addr",
                    reason: Unfit::Syntax(Fit::Ipv4),
                }],
                "{text}"
            );
        }
        for text in ["fe80::1%eth0", "1:2:3:4:5:6:7:8:9", "::1::", "1.2.3.4"] {
            assert!(read::<Ipv6Addr>(text).is_err(), "{text}");
        }
        assert_eq!(
            read::<IpAddr>("::ffff:1.2.3.4").unwrap().to_string(),
            "::ffff:1.2.3.4"
        );
        assert_eq!(
            read::<IpAddr>("192.0.2.1").unwrap(),
            IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1))
        );
    }
}
