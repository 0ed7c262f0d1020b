//! Typed values written as the JSON of one field, for the client side.

use serde_json::Value;

/// A Rust value written as the JSON a form field holds: the inverse of
/// [`ElicitField::read`](super::ElicitField::read) for the types read from
/// text or with a narrower range than their JSON type (`uuid::Uuid`,
/// `std::net::IpAddr`, `char`, `NonZeroU32`, the date types, `url::Url`).
///
/// [`Answer::set_typed`](crate::client::Answer::set_typed) sets a field
/// from such a value, so a client does not write the text by hand (a
/// `chrono::DateTime<Utc>` prints with a space and `UTC`, which is no
/// `date-time`). What is written is checked like any other value, so a
/// value the wire form cannot hold (a date after 9999, an offset with
/// seconds) is refused there, with the validator's message.
///
/// ```
/// use std::net::{IpAddr, Ipv6Addr};
///
/// use elicit_runtime::FieldValue;
/// use serde_json::json;
///
/// assert_eq!(IpAddr::V6(Ipv6Addr::LOCALHOST).to_value(), json!("::1"));
/// assert_eq!('é'.to_value(), json!("é"));
/// ```
pub trait FieldValue {
    /// The JSON value of the field.
    fn to_value(&self) -> Value;
}
