//! The wire JSON of derived forms, snapshotted in `tests/snapshots/`.
//!
//! A changed schema fails here; after reading the diff, write the new
//! snapshots with `ELICIT_UPDATE_SNAPSHOTS=1 cargo test --test snapshots`.
// The forms here exist for their schemas; their fields are never read.
#![allow(dead_code)]

use std::path::PathBuf;

use elicit_runtime::Elicitable;
use elicit_runtime::protocol::Revision;
use serde_json::json;

#[path = "support/snapshot.rs"]
mod snapshot;

fn assert_snapshot(name: &str, actual: &str) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("snapshots");
    snapshot::assert_snapshot(&dir, &format!("{name}.json"), actual);
}

/// Please provide your GitHub username
#[derive(Elicitable)]
struct GitHubName {
    name: String,
}

/// Please provide your contact information
#[derive(Elicitable)]
struct Contact {
    /// Your full name
    name: String,
    /// Your email address
    #[elicit(format = "email")]
    email: String,
    /// Your age
    #[elicit(minimum = 18)]
    age: Option<f64>,
}

#[test]
fn the_spec_examples_are_reproduced_exactly() {
    // The two requests of the 2025-06-18 elicitation page, key for key.
    assert_eq!(
        GitHubName::default_request().to_jsonrpc(1),
        json!({
            "jsonrpc": "2.0",
            "id": 1,
            "method": "elicitation/create",
            "params": {
                "message": "Please provide your GitHub username",
                "requestedSchema": {
                    "type": "object",
                    "properties": { "name": { "type": "string" } },
                    "required": ["name"]
                }
            }
        })
    );
    assert_eq!(
        Contact::default_request().to_jsonrpc(2),
        json!({
            "jsonrpc": "2.0",
            "id": 2,
            "method": "elicitation/create",
            "params": {
                "message": "Please provide your contact information",
                "requestedSchema": {
                    "type": "object",
                    "properties": {
                        "name": { "type": "string", "description": "Your full name" },
                        "email": {
                            "type": "string",
                            "format": "email",
                            "description": "Your email address"
                        },
                        "age": { "type": "number", "minimum": 18, "description": "Your age" }
                    },
                    "required": ["name", "email"]
                }
            }
        })
    );
}

#[derive(Elicitable)]
#[elicit(rename_all = "snake_case")]
enum Priority {
    Low,
    Normal,
    High,
}

#[derive(Elicitable)]
enum Colour {
    #[elicit(title = "Bright red")]
    Red,
    Green,
    #[elicit(rename = "blue", title = "Deep blue")]
    Blue,
}

/// A web address
#[derive(Elicitable)]
#[elicit(format = "uri", max_length = 2048)]
struct Link(String);

#[derive(Elicitable)]
#[elicit(minimum = 1, maximum = 5)]
struct Stars(u8);

/// File a ticket
#[derive(Elicitable)]
#[elicit(rename_all = "camelCase")]
struct Ticket {
    /// What went wrong, in one line
    #[elicit(title = "Summary", min_length = 5, max_length = 80)]
    summary: String,
    priority: Priority,
    colour: Option<Colour>,
    link: Link,
    stars: Stars,
    #[elicit(format = "date")]
    due_date: Option<String>,
    #[elicit(format = "date-time")]
    reported_at: String,
    #[elicit(default = true)]
    notify_me: bool,
    #[elicit(minimum = -273.15, maximum = 1e6)]
    temperature: f64,
    small: i8,
    port: u16,
    count: u32,
    wide: i64,
    unsigned: u64,
}

/// Please describe the server
#[derive(Elicitable)]
struct Server {
    /// The address it answers on
    address: std::net::IpAddr,
    v4: Option<std::net::Ipv4Addr>,
    #[elicit(default = "::1")]
    v6: Option<std::net::Ipv6Addr>,
    /// How many workers, at least one
    workers: std::num::NonZeroU16,
    /// A step that is never 0
    step: std::num::NonZeroI32,
    /// The drive letter
    drive: char,
}

#[test]
fn schemas_match_their_snapshots() {
    assert_snapshot("github-name", &GitHubName::SCHEMA.to_json_pretty());
    assert_snapshot("std-field-types", &Server::SCHEMA.to_json_pretty());
    assert_snapshot("contact", &Contact::SCHEMA.to_json_pretty());
    assert_snapshot("ticket", &Ticket::SCHEMA.to_json_pretty());
    assert_snapshot(
        "ticket-request",
        &serde_json::to_string_pretty(&Ticket::default_request().to_jsonrpc("t-1")).unwrap(),
    );
}

#[test]
fn compact_and_pretty_forms_are_the_same_json() {
    let compact: serde_json::Value =
        serde_json::from_str(&Ticket::SCHEMA.to_json_string()).unwrap();
    let pretty: serde_json::Value = serde_json::from_str(&Ticket::SCHEMA.to_json_pretty()).unwrap();
    assert_eq!(compact, pretty);
    assert_eq!(compact, Ticket::SCHEMA.to_json());
}

#[test]
fn property_order_is_declaration_order() {
    let json = Ticket::SCHEMA.to_json();
    let names: Vec<&String> = json["properties"].as_object().unwrap().keys().collect();
    assert_eq!(
        names,
        [
            "summary",
            "priority",
            "colour",
            "link",
            "stars",
            "dueDate",
            "reportedAt",
            "notifyMe",
            "temperature",
            "small",
            "port",
            "count",
            "wide",
            "unsigned"
        ]
    );
}

#[test]
fn the_root_holds_only_type_properties_and_required() {
    for schema in [Ticket::SCHEMA.to_json(), Contact::SCHEMA.to_json()] {
        let keys: Vec<&String> = schema.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["type", "properties", "required"]);
    }
}

#[derive(Elicitable)]
#[elicit(rename_all = "kebab-case")]
enum Topping {
    #[elicit(title = "Extra cheese")]
    ExtraCheese,
    #[elicit(title = "Olives")]
    Olives,
    Basil,
}

#[derive(PartialEq, Eq, PartialOrd, Ord, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Size {
    Small,
    Medium,
    Large,
}

#[derive(Elicitable)]
#[elicit(legacy_titles)]
enum Crust {
    #[elicit(title = "Thin and crispy", rename = "thin")]
    Thin,
    #[elicit(title = "Deep pan", rename = "deep")]
    Deep,
}

/// Build your pizza
#[derive(Elicitable)]
struct Pizza {
    #[elicit(default = "medium")]
    size: Size,
    crust: Crust,
    #[elicit(title = "Toppings", min_items = 1, max_items = 3, default = ["basil"])]
    toppings: Vec<Topping>,
    extras: Option<std::collections::BTreeSet<Size>>,
    #[elicit(default = "Hungry guest", max_length = 40)]
    name: String,
    #[elicit(default = 1, minimum = 1, maximum = 10)]
    count: u8,
    #[elicit(default = 12.5)]
    tip: f64,
    #[elicit(default = false)]
    delivery: bool,
}

/// The same form without multi-select, which every revision can express.
#[derive(Elicitable)]
struct PizzaLite {
    #[elicit(default = "medium")]
    size: Size,
    crust: Crust,
    topping: Topping,
    #[elicit(default = "Hungry guest", max_length = 40)]
    name: String,
    #[elicit(default = 12.5)]
    tip: f64,
    #[elicit(default = false)]
    delivery: bool,
}

#[test]
fn every_schema_variant_for_every_revision() {
    for revision in Revision::ALL {
        let rev = revision.as_str();
        assert_snapshot(
            &format!("pizza-lite@{rev}"),
            &PizzaLite::SCHEMA.render(revision).unwrap().to_json_pretty(),
        );
        assert_snapshot(
            &format!("ticket@{rev}"),
            &Ticket::SCHEMA.render(revision).unwrap().to_json_pretty(),
        );
        match Pizza::SCHEMA.render(revision) {
            Ok(rendered) => assert_snapshot(&format!("pizza@{rev}"), &rendered.to_json_pretty()),
            Err(error) => assert_snapshot(&format!("pizza@{rev}.error"), &format!("{error:?}")),
        }
        if revision.has_extended_schemas() {
            assert_snapshot(
                &format!("pizza-dialect@{rev}"),
                &Pizza::SCHEMA
                    .render(revision)
                    .unwrap()
                    .with_dialect()
                    .to_json_pretty(),
            );
        }
    }
}
