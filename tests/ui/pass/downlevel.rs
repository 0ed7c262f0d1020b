//! `downlevel` beside `revision = "2025-06-18"`: the form may have
//! multi-selects, and is always sent with one boolean per option.
use std::collections::{BTreeSet, HashSet};

use elicit_runtime::protocol::Revision;
use elicit_runtime::{Elicitable, Elicitation};
use serde_json::json;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Day {
    #[elicit(title = "Saturday")]
    Sat,
    #[elicit(title = "Sunday")]
    Sun,
}

/// When can you come?
#[derive(Debug, PartialEq, Elicitable)]
#[elicit(revision = "2025-06-18", downlevel)]
struct Visit {
    #[elicit(title = "Days", min_items = 1)]
    days: Vec<Day>,
    #[elicit(default = ["sun"])]
    rest: Option<BTreeSet<Day>>,
    either: Option<HashSet<Day>>,
    // A boolean default is fine on 2025-06-18.
    #[elicit(default = true)]
    remind: bool,
}

/// The attribute may come first, and in its own `#[elicit]`.
#[derive(Debug, PartialEq, Elicitable)]
#[elicit(downlevel)]
#[elicit(revision = "2025-06-18")]
struct Plain {
    name: String,
}

fn main() {
    assert!(Visit::DOWNLEVEL);
    assert_eq!(Visit::REVISION, Some(Revision::V2025_06_18));
    assert!(Plain::DOWNLEVEL);

    for revision in Revision::ALL {
        let sent = Visit::wire_form(revision).to_json();
        assert_eq!(
            sent,
            json!({
                "type": "object",
                "properties": {
                    "days_sat": {
                        "type": "boolean",
                        "title": "Days: Saturday",
                        "description": "Tick at least 1 of the 2 \"Days\" options."
                    },
                    "days_sun": { "type": "boolean", "title": "Days: Sunday" },
                    "rest_sat": { "type": "boolean", "title": "rest: Saturday", "default": false },
                    "rest_sun": { "type": "boolean", "title": "rest: Sunday", "default": true },
                    "either_sat": { "type": "boolean", "title": "either: Saturday" },
                    "either_sun": { "type": "boolean", "title": "either: Sunday" },
                    "remind": { "type": "boolean", "default": true }
                },
                "required": ["remind"]
            }),
            "{revision}"
        );
    }

    let answer = json!({
        "action": "accept",
        "content": { "days_sun": true, "either_sat": true, "remind": false }
    });
    assert_eq!(
        Elicitation::<Visit>::from_json(&answer).unwrap(),
        Elicitation::Accept(Visit {
            days: vec![Day::Sun],
            rest: Some(BTreeSet::from([Day::Sun])),
            either: Some(HashSet::from([Day::Sat])),
            remind: false,
        })
    );
    let none = json!({ "action": "accept", "content": { "remind": true } });
    let error = Elicitation::<Visit>::from_json(&none).unwrap_err();
    assert_eq!(
        error.validation_errors().unwrap().to_string(),
        "`days_sat` and `days_sun` have 0 ticked, and at least 1 must be: tick 1 more"
    );
}
