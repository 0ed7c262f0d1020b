//! The wire JSON of forms with the field types of other crates,
//! snapshotted in `tests/snapshots/`, one form per crate.
//!
//! After reading a diff, write new snapshots with
//! `ELICIT_UPDATE_SNAPSHOTS=1 cargo test -p elicit-ecosystem --test snapshots`.
// The forms here exist for their schemas; their fields are never read.
#![allow(dead_code)]

use std::path::PathBuf;

use elicit_runtime::Elicitable;

#[path = "../../tests/support/snapshot.rs"]
mod snapshot;

fn assert_snapshot(name: &str, actual: &str) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    snapshot::assert_snapshot(&dir, &format!("{name}.json"), actual);
}

/// When is the meeting?
#[derive(Elicitable)]
struct WithChrono {
    /// The day
    #[elicit(default = "2026-01-01")]
    day: Option<chrono::NaiveDate>,
    /// When it starts, in your own offset
    starts: chrono::DateTime<chrono::FixedOffset>,
    /// When it was booked
    booked: Option<chrono::DateTime<chrono::Utc>>,
}

/// When is the flight?
#[derive(Elicitable)]
struct WithTime {
    day: time::Date,
    departs: time::OffsetDateTime,
    #[elicit(default = "2026-01-01T00:00:00Z")]
    logged: Option<time::UtcDateTime>,
}

/// When do you arrive?
#[derive(Elicitable)]
struct WithJiff {
    day: jiff::civil::Date,
    arrives: Option<jiff::Timestamp>,
}

/// Where is the site?
#[derive(Elicitable)]
struct WithUrl {
    #[elicit(title = "Home page", max_length = 2000)]
    home: url::Url,
}

/// Which order?
#[derive(Elicitable)]
struct WithUuid {
    order: uuid::Uuid,
    #[elicit(default = "00000000-0000-0000-0000-000000000000")]
    parent: Option<uuid::Uuid>,
}

/// Sign in
#[derive(Elicitable)]
struct WithSecrecy {
    email: String,
    #[elicit(secret, min_length = 8)]
    password: secrecy::SecretString,
    #[elicit(secret, title = "One-time code")]
    otp: Option<secrecy::SecretString>,
}

#[test]
fn schemas_match_their_snapshots() {
    assert_snapshot("chrono", &WithChrono::SCHEMA.to_json_pretty());
    assert_snapshot("time", &WithTime::SCHEMA.to_json_pretty());
    assert_snapshot("jiff", &WithJiff::SCHEMA.to_json_pretty());
    assert_snapshot("url", &WithUrl::SCHEMA.to_json_pretty());
    assert_snapshot("uuid", &WithUuid::SCHEMA.to_json_pretty());
    // A secret is a string on the wire; only the model knows it is one.
    assert_snapshot("secrecy", &WithSecrecy::SCHEMA.to_json_pretty());
}
