//! The portability report: what happens to a form on each revision, typed
//! for tests and written for people.

// The forms here are reported on, never filled in.
#![allow(dead_code)]

#[path = "../examples/forms/booking.rs"]
#[allow(dead_code)]
mod booking_form;

use std::collections::BTreeSet;

use elicit_runtime::Elicitable;
use elicit_runtime::protocol::{Mode, Revision};
use elicit_runtime::wire::{Change, Portability};

use booking_form::Booking;

fn dietary() -> Change {
    Change::Downlevelled {
        field: "dietary".into(),
        booleans: vec![
            "dietary_vegetarian".into(),
            "dietary_vegan".into(),
            "dietary_gluten-free".into(),
            "dietary_nut-free".into(),
        ],
    }
}

#[test]
fn the_booking_form_loses_its_seating_default_on_2025_06_18() {
    let report = Booking::portability();
    assert_eq!(
        report.changes(Revision::V2025_06_18),
        [
            Change::TitlesAsEnumNames {
                field: "seating".into()
            },
            Change::DefaultDropped {
                field: "seating".into()
            },
            dietary(),
        ]
    );
    // Ten properties on 2025-06-18 (six fields and four booleans): not yet
    // a long form.
    assert!(
        !report
            .changes(Revision::V2025_06_18)
            .iter()
            .any(|c| matches!(c, Change::LongForm { .. }))
    );
    for revision in [Revision::V2025_11_25, Revision::V2026_07_28] {
        assert!(report.changes(revision).is_empty(), "{revision}");
    }
    assert!(!report.is_lossless());
    assert!(!report.is_unchanged());
    let revisions: Vec<(Revision, Mode, usize)> = report
        .iter()
        .map(|(revision, mode, changes)| (revision, mode, changes.len()))
        .collect();
    assert_eq!(
        revisions,
        [
            (Revision::V2025_06_18, Mode::Form, 3),
            (Revision::V2025_11_25, Mode::Form, 0),
            (Revision::V2026_07_28, Mode::Form, 0),
        ]
    );
    assert_eq!(report, Booking::SCHEMA.portability());
    assert_eq!(
        report.to_string(),
        "2025-06-18, form mode:\n\
         \x20 - the option titles of `seating` are sent as the legacy `enumNames`\n\
         \x20 - the default of `seating` is not sent: this revision carries a `default` on booleans only\n\
         \x20 - the multi-select `dietary` is sent as 4 booleans, one per option: `dietary_vegetarian`, `dietary_vegan`, `dietary_gluten-free`, `dietary_nut-free`\n\
         2025-11-25, form mode: sent as declared\n\
         2026-07-28, form mode: sent as declared"
    );
}

#[derive(Debug, Elicitable)]
struct Contact {
    name: String,
    #[elicit(default = false)]
    newsletter: bool,
}

#[test]
fn a_plain_form_is_sent_as_declared_everywhere() {
    let report = Contact::portability();
    assert!(report.is_unchanged());
    assert!(report.is_lossless());
    assert_eq!(
        report.to_string(),
        "2025-06-18, form mode: sent as declared\n\
         2025-11-25, form mode: sent as declared\n\
         2026-07-28, form mode: sent as declared"
    );
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Elicitable)]
enum Day {
    Monday,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
    Saturday,
    Sunday,
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Hour {
    H0,
    H1,
    H2,
    H3,
    H4,
    H5,
    H6,
    H7,
    H8,
    H9,
    H10,
    H11,
    H12,
    H13,
    H14,
    H15,
    H16,
    H17,
    H18,
    H19,
    H20,
    H21,
    H22,
    H23,
}

#[derive(Debug, Elicitable)]
#[elicit(legacy_titles)]
enum Size {
    #[elicit(title = "Small")]
    S,
    #[elicit(title = "Large")]
    L,
}

#[derive(Debug, Elicitable)]
struct Schedule {
    /// Booleans on 2025-06-18, one field later
    days: BTreeSet<Day>,
    /// Twenty-four options
    #[elicit(default = "h9")]
    start: Hour,
    /// Titles as `enumNames` on every revision
    size: Size,
    /// Defaults that only 2025-06-18 drops
    #[elicit(default = 2)]
    weeks: Option<u8>,
    #[elicit(default = true)]
    remind: bool,
}

#[test]
fn long_forms_long_option_lists_and_legacy_titles() {
    let report = Schedule::portability();
    let days = || Change::Downlevelled {
        field: "days".into(),
        booleans: [
            "Monday",
            "Tuesday",
            "Wednesday",
            "Thursday",
            "Friday",
            "Saturday",
            "Sunday",
        ]
        .iter()
        .map(|d| format!("days_{d}"))
        .collect(),
    };
    let hours = || Change::LongOptionList {
        field: "start".into(),
        options: 24,
    };
    let size = || Change::TitlesAsEnumNames {
        field: "size".into(),
    };
    let dropped = |field: &str| Change::DefaultDropped {
        field: field.into(),
    };
    assert_eq!(
        report.changes(Revision::V2025_06_18),
        [
            days(),
            dropped("start"),
            hours(),
            size(),
            dropped("weeks"),
            // Seven booleans and four other fields.
            Change::LongForm { properties: 11 },
        ]
    );
    for revision in [Revision::V2025_11_25, Revision::V2026_07_28] {
        assert_eq!(report.changes(revision), [hours(), size()], "{revision}");
    }
    assert!(!report.is_lossless());
    assert!(dropped("weeks").is_loss());
    assert!(!days().is_loss() && !hours().is_loss() && !size().is_loss());
    let text = report.to_string();
    assert!(
        text.contains(
            "\n  - `start` has 24 options, more than 20: clients have been seen to collapse long option lists; narrow the choice first, or split it\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "\n  - the form has 11 properties, more than 10: a long form is hard to fill in through a client's dialog; split it into several forms\n"
        ),
        "{text}"
    );
    assert_eq!(Portability::MAX_PROPERTIES, 10);
    assert_eq!(Portability::MAX_OPTIONS, 20);
}

/// Always sent as booleans.
#[derive(Debug, Elicitable)]
#[elicit(revision = "2025-06-18", downlevel)]
struct Pinned {
    #[elicit(default = ["Friday"])]
    days: Option<Vec<Day>>,
}

#[test]
fn a_form_with_downlevel_is_reported_down_levelled_on_every_revision() {
    let report = Pinned::portability();
    for revision in Revision::ALL {
        let changes = report.changes(revision);
        assert_eq!(changes.len(), 1, "{revision}");
        assert!(
            matches!(&changes[0], Change::Downlevelled { field, booleans } if field == "days" && booleans.len() == 7),
            "{revision}: {changes:?}"
        );
    }
    // The array default is carried by the booleans: nothing is lost.
    assert!(report.is_lossless());
    // The schema alone does not know the attribute.
    assert!(
        Pinned::SCHEMA
            .portability()
            .changes(Revision::V2025_11_25)
            .is_empty()
    );
}
