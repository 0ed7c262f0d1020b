//! Forms for 2025-06-18, which has no multi-select: each multi-select sent
//! as one boolean per option, the names those booleans get, and the answer
//! read back into the form with every error told in terms of the booleans.

#[path = "../examples/forms/booking.rs"]
#[allow(dead_code)]
mod booking_form;

use std::collections::{BTreeSet, HashSet};

use elicit_runtime::protocol::{ElicitResult, ElicitationCapability, Elicitor, Revision};
use elicit_runtime::rules::{Rule, ValidationErrors, Violation};
use elicit_runtime::{ElicitError, Elicitable, Elicitation, Limits};
use serde_json::{Map, Value, json};

use booking_form::{Booking, Dietary, Email, Seating};

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

/// The names of the properties a form is written with, in order.
fn names(schema: &Value) -> Vec<String> {
    schema["properties"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect()
}

/// `(field, rule)` of every error, in order.
fn rules(errors: &ValidationErrors) -> Vec<(String, Rule)> {
    errors
        .iter()
        .map(|e| (e.field().to_owned(), e.rule()))
        .collect()
}

// ---------------------------------------------------------------------------
// The booking form of the examples.

#[test]
fn the_booking_form_for_2025_06_18_has_a_boolean_per_dietary_need() {
    let schema = Booking::SCHEMA;
    assert!(schema.render(Revision::V2025_06_18).is_err());
    let form = schema.render_downlevel(Revision::V2025_06_18);
    assert!(form.is_downlevelled());
    assert_eq!(
        form.to_json(),
        json!({
            "type": "object",
            "properties": {
                "date": {
                    "type": "string",
                    "title": "Date",
                    "description": "The day you would like to come",
                    "format": "date"
                },
                "partySize": {
                    "type": "integer",
                    "title": "Party size",
                    "description": "How many people, yourself included",
                    "minimum": 1,
                    "maximum": 12
                },
                // 2025-06-18 has no `default` but a boolean's, and titles as
                // `enumNames`.
                "seating": {
                    "type": "string",
                    "title": "Seating",
                    "description": "Where the party would like to sit.",
                    "enum": ["indoor", "terrace", "bar"],
                    "enumNames": ["Indoors", "On the terrace", "At the bar"]
                },
                "dietary_vegetarian": {
                    "type": "boolean",
                    "title": "Dietary needs: Vegetarian",
                    "description": "Tick every need in your party"
                },
                "dietary_vegan": { "type": "boolean", "title": "Dietary needs: Vegan" },
                "dietary_gluten-free": { "type": "boolean", "title": "Dietary needs: Gluten-free" },
                "dietary_nut-free": { "type": "boolean", "title": "Dietary needs: No nuts" },
                "contactEmail": {
                    "type": "string",
                    "title": "Email",
                    "description": "Where we send the confirmation",
                    "maxLength": 254,
                    "format": "email"
                },
                "notes": {
                    "type": "string",
                    "title": "Notes",
                    "description": "Allergies, a birthday, anything we should know",
                    "maxLength": 500
                },
                "newsletter": {
                    "type": "boolean",
                    "title": "Newsletter",
                    "description": "Send me the monthly menu",
                    "default": false
                }
            },
            "required": ["date", "partySize", "seating", "contactEmail", "newsletter"]
        })
    );
    let group = form.group("dietary").unwrap();
    assert_eq!(group.name_of("gluten-free"), Some("dietary_gluten-free"));
    assert_eq!(group.value_of("dietary_nut-free"), Some("nut-free"));
    assert_eq!(group.value_of("dietary"), None);
}

#[test]
fn the_booking_form_answered_with_booleans_reads_back_as_a_booking() {
    let schema = Booking::SCHEMA;
    let form = schema.render_downlevel(Revision::V2025_06_18);
    let answer = object(json!({
        "date": "2027-01-15",
        "partySize": 4,
        "seating": "terrace",
        "dietary_vegetarian": true,
        "dietary_vegan": false,
        "dietary_gluten-free": true,
        "dietary_nut-free": false,
        "contactEmail": "ada@example.com",
        "newsletter": true
    }));
    let booking: Booking = form.read(&answer).unwrap();
    assert_eq!(
        booking,
        Booking {
            date: jiff::civil::date(2027, 1, 15),
            party_size: 4,
            seating: Seating::Terrace,
            dietary: Some(BTreeSet::from([Dietary::Vegetarian, Dietary::GlutenFree])),
            contact_email: Email("ada@example.com".to_owned()),
            notes: None,
            newsletter: true,
        }
    );

    // No dietary boolean at all: the optional multi-select is left out, as
    // a 2025-11-25 client leaving it out would.
    let mut without = answer.clone();
    without.retain(|name, _| !name.starts_with("dietary_"));
    let booking: Booking = form.read(&without).unwrap();
    assert_eq!(booking.dietary, None);

    // Only unticked booleans: the user answered, and chose none.
    let mut unticked = without.clone();
    unticked.insert("dietary_vegan".to_owned(), json!(false));
    let booking: Booking = form.read(&unticked).unwrap();
    assert_eq!(booking.dietary, Some(BTreeSet::new()));
}

#[test]
fn the_elicitor_sends_the_booking_form_down_levelled_and_reads_the_answer() {
    let elicitor = Elicitor::new(Revision::V2025_06_18, ElicitationCapability::legacy());
    let request = elicitor.form_default::<Booking>().unwrap();
    let params = request.to_json();
    assert!(params.get("mode").is_none());
    assert_eq!(params["message"], "Please tell us about your reservation");
    assert_eq!(
        names(&params["requestedSchema"]),
        [
            "date",
            "partySize",
            "seating",
            "dietary_vegetarian",
            "dietary_vegan",
            "dietary_gluten-free",
            "dietary_nut-free",
            "contactEmail",
            "notes",
            "newsletter"
        ]
    );
    let content = object(json!({
        "date": "2027-01-15",
        "partySize": 2,
        "seating": "bar",
        "dietary_nut-free": true,
        "contactEmail": "grace@example.com",
        "newsletter": false
    }));
    let answer = request
        .read::<Booking>(&ElicitResult::accept(content.clone()))
        .unwrap();
    let booking = answer.accepted().unwrap();
    assert_eq!(booking.dietary, Some(BTreeSet::from([Dietary::NutFree])));
    assert_eq!(
        booking.summary(),
        "booked 2 seats (Bar) on 2027-01-15 for grace@example.com, dietary needs: NutFree"
    );

    // The same content read as if the form had been sent as declared
    // loses the booleans: they are no field of that form.
    let plain = Elicitation::<Booking>::from_result(&ElicitResult::accept(content)).unwrap();
    assert_eq!(plain.accepted().unwrap().dietary, None);

    assert_eq!(
        request.read::<Booking>(&ElicitResult::cancel()).unwrap(),
        Elicitation::Cancel
    );
}

#[test]
fn reading_the_answer_keeps_the_limits() {
    let elicitor = Elicitor::new(Revision::V2025_06_18, ElicitationCapability::legacy());
    let request = elicitor.form_default::<Booking>().unwrap();
    let content = object(json!({ "notes": "x".repeat(100), "dietary_vegan": true }));
    let small = Limits::DEFAULT.max_string_bytes(64);
    let error = request
        .read_with::<Booking>(&ElicitResult::accept(content), &small)
        .unwrap_err();
    assert!(
        matches!(error, ElicitError::MalformedResult(_)),
        "{error:?}"
    );
}

// ---------------------------------------------------------------------------
// Names.

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Elicitable)]
enum Odd {
    #[elicit(rename = "a b")]
    Space,
    #[elicit(rename = "a_b")]
    Underscore,
    #[elicit(rename = "é")]
    Accent,
    #[elicit(rename = "x")]
    X,
}

#[derive(Debug, PartialEq, Elicitable)]
struct Clashing {
    /// The first boolean of `picks` would be `picks_a_b`.
    picks_a_b: Option<String>,
    picks: Vec<Odd>,
    /// `more_x` and its first suffix are taken.
    more_x: Option<bool>,
    #[elicit(rename = "more_x_2")]
    more_x_two: Option<bool>,
    more: Option<BTreeSet<Odd>>,
    /// A property whose name is a boolean name of `more`: `more` itself
    /// gets there first only in the order of the form.
    #[elicit(rename = "picks_x")]
    later: Option<bool>,
}

#[test]
fn boolean_names_never_collide() {
    let schema = Clashing::SCHEMA;
    let form = schema.render_downlevel(Revision::V2025_06_18);
    let picks: Vec<&str> = form.group("picks").unwrap().names().collect();
    // "a b" and "a_b" both become `a_b`, which the property `picks_a_b`
    // holds: the first boolean gets `_2`, the second `_3`; `é` is `_`.
    assert_eq!(
        picks,
        ["picks_a_b_2", "picks_a_b_3", "picks__", "picks_x_2"]
    );
    let more: Vec<&str> = form.group("more").unwrap().names().collect();
    assert_eq!(more, ["more_a_b", "more_a_b_2", "more__", "more_x_3"]);

    let written = names(&form.to_json());
    let unique: HashSet<&String> = written.iter().collect();
    assert_eq!(unique.len(), written.len(), "{written:?}");
    assert_eq!(
        written,
        [
            "picks_a_b",
            "picks_a_b_2",
            "picks_a_b_3",
            "picks__",
            "picks_x_2",
            "more_x",
            "more_x_2",
            "more_a_b",
            "more_a_b_2",
            "more__",
            "more_x_3",
            "picks_x"
        ]
    );

    // The same form always gets the same names.
    let again = schema.render_downlevel(Revision::V2025_06_18);
    assert_eq!(names(&again.to_json()), written);

    // Read back: every boolean to its own option, the properties to theirs.
    let answer = object(json!({
        "picks_a_b": "text",
        "picks_a_b_2": true,
        "picks__": true,
        "picks_x": true,
        "more_x": false,
        "more_x_2": true,
        "more_a_b_2": true,
        "more_x_3": true
    }));
    let read: Clashing = form.read(&answer).unwrap();
    assert_eq!(
        read,
        Clashing {
            picks_a_b: Some("text".to_owned()),
            picks: vec![Odd::Space, Odd::Accent],
            more_x: Some(false),
            more_x_two: Some(true),
            more: Some(BTreeSet::from([Odd::Underscore, Odd::X])),
            later: Some(true),
        }
    );
}

// ---------------------------------------------------------------------------
// Defaults, counts and types.

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Colour {
    #[elicit(title = "Bright red")]
    Red,
    Green,
    Blue,
}

/// Pick colours
#[derive(Debug, PartialEq, Elicitable)]
struct Palette {
    /// Colours for the walls
    #[elicit(title = "Walls", min_items = 1, max_items = 2)]
    walls: Vec<Colour>,
    #[elicit(default = ["red", "blue"])]
    trim: Option<BTreeSet<Colour>>,
    #[elicit(default = "Studio", min_length = 2)]
    name: Option<String>,
    #[elicit(default = 3)]
    coats: Option<u8>,
}

#[test]
fn defaults_titles_and_counts_are_carried_by_the_booleans() {
    let schema = Palette::SCHEMA;
    let wire = schema.render_downlevel(Revision::V2025_06_18).to_json();
    assert_eq!(
        wire,
        json!({
            "type": "object",
            "properties": {
                "walls_red": {
                    "type": "boolean",
                    "title": "Walls: Bright red",
                    "description": "Colours for the walls. Tick 1 to 2 of the 3 \"Walls\" options."
                },
                "walls_green": { "type": "boolean", "title": "Walls: green" },
                "walls_blue": { "type": "boolean", "title": "Walls: blue" },
                "trim_red": { "type": "boolean", "title": "trim: Bright red", "default": true },
                "trim_green": { "type": "boolean", "title": "trim: green", "default": false },
                "trim_blue": { "type": "boolean", "title": "trim: blue", "default": true },
                // Defaults 2025-06-18 cannot carry are left out.
                "name": { "type": "string", "minLength": 2 },
                "coats": { "type": "integer", "minimum": 0, "maximum": 255 }
            }
        })
    );
}

#[test]
fn absent_booleans_read_as_their_defaults() {
    let schema = Palette::SCHEMA;
    let form = schema.render_downlevel(Revision::V2025_06_18);
    let read = |content: Value| form.read::<Palette>(&object(content));

    // No `trim` boolean: the multi-select's default, as the booleans say.
    let palette = read(json!({ "walls_green": true })).unwrap();
    assert_eq!(palette.walls, [Colour::Green]);
    assert_eq!(
        palette.trim,
        Some(BTreeSet::from([Colour::Red, Colour::Blue]))
    );
    assert_eq!(palette.name.as_deref(), Some("Studio"));
    assert_eq!(palette.coats, Some(3));

    // One `trim` boolean sent: the others keep their defaults.
    let palette = read(json!({ "walls_green": true, "trim_red": false })).unwrap();
    assert_eq!(palette.trim, Some(BTreeSet::from([Colour::Blue])));
    let palette = read(json!({ "walls_green": true, "trim_green": true })).unwrap();
    assert_eq!(
        palette.trim,
        Some(BTreeSet::from([Colour::Red, Colour::Green, Colour::Blue]))
    );
}

#[test]
fn item_counts_are_checked_over_the_booleans_with_every_other_error() {
    let schema = Palette::SCHEMA;
    let form = schema.render_downlevel(Revision::V2025_06_18);

    // No `walls` boolean: the required multi-select is read as none ticked.
    let errors = form
        .read::<Palette>(&object(json!({ "name": "x", "coats": 300 })))
        .unwrap_err();
    assert_eq!(
        rules(&errors),
        [
            ("walls_red".to_owned(), Rule::MinItems),
            ("name".to_owned(), Rule::MinLength),
            ("coats".to_owned(), Rule::Maximum),
        ]
    );
    assert_eq!(
        errors.to_string(),
        "`walls_red`, `walls_green` and `walls_blue` have 0 ticked, and at least 1 must be: tick 1 more\n\
         `name` must have at least 2 characters, has 1 (received \"x\")\n\
         `coats` must be at most 255 (received 300)"
    );
    let first = errors.iter().next().unwrap();
    assert_eq!(
        first.violation(),
        &Violation::TooFewTicked {
            min: 1,
            actual: 0,
            booleans: vec![
                "walls_red".to_owned(),
                "walls_green".to_owned(),
                "walls_blue".to_owned()
            ],
        }
    );
    assert_eq!(first.expected(), "at least 1 ticked");

    let errors = form
        .read::<Palette>(&object(json!({
            "walls_red": true,
            "walls_green": true,
            "walls_blue": true,
            "coats": 1.5
        })))
        .unwrap_err();
    assert_eq!(
        errors.to_string(),
        "`walls_red`, `walls_green` and `walls_blue` have 3 ticked, and at most 2 may be: untick 1\n\
         `coats` must be a whole number (received 1.5)"
    );
    assert_eq!(errors.iter().next().unwrap().rule(), Rule::MaxItems);
}

#[test]
fn a_boolean_of_the_wrong_type_is_a_field_error_at_its_name() {
    let schema = Palette::SCHEMA;
    let form = schema.render_downlevel(Revision::V2025_06_18);
    for wrong in [
        json!("true"),
        json!(1),
        json!(null),
        json!(["red"]),
        json!({ "ticked": true }),
    ] {
        let content = object(json!({
            "walls_red": true,
            "walls_green": wrong.clone(),
            "trim_blue": wrong.clone(),
            "coats": -1
        }));
        let errors = form.read::<Palette>(&content).unwrap_err();
        // In form order; the count of a group with a broken boolean is
        // unknown, so it is not reported.
        assert_eq!(
            rules(&errors),
            [
                ("walls_green".to_owned(), Rule::Type),
                ("trim_blue".to_owned(), Rule::Type),
                ("coats".to_owned(), Rule::Minimum),
            ],
            "{wrong}"
        );
        assert!(
            errors
                .to_string()
                .starts_with("`walls_green` must be `true` or `false` (received "),
            "{errors}"
        );
    }
    // Two wrong booleans in a group whose count is broken too.
    let content = object(json!({
        "walls_red": "yes",
        "walls_green": "yes",
        "walls_blue": "yes"
    }));
    let errors = form.read::<Palette>(&content).unwrap_err();
    assert_eq!(
        rules(&errors),
        [
            ("walls_red".to_owned(), Rule::Type),
            ("walls_green".to_owned(), Rule::Type),
            ("walls_blue".to_owned(), Rule::Type),
        ]
    );
}

#[test]
fn the_multi_select_s_own_name_is_no_field_of_the_form_sent() {
    let schema = Palette::SCHEMA;
    let form = schema.render_downlevel(Revision::V2025_06_18);
    // Ignored like any unknown property: the booleans are the answer.
    let palette = form
        .read::<Palette>(&object(json!({ "walls": ["blue"], "walls_red": true })))
        .unwrap();
    assert_eq!(palette.walls, [Colour::Red]);
    // Without booleans, the array does not count.
    let errors = form
        .read::<Palette>(&object(json!({ "walls": ["blue"] })))
        .unwrap_err();
    assert_eq!(rules(&errors), [("walls_red".to_owned(), Rule::MinItems)]);
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(deny_unknown_fields)]
struct Strict {
    #[elicit(max_items = 1)]
    colours: Vec<Colour>,
    name: String,
}

#[test]
fn a_form_denying_unknown_fields_accepts_the_booleans_and_refuses_the_rest() {
    let schema = Strict::SCHEMA;
    let form = schema.render_downlevel(Revision::V2025_06_18);
    let strict = form
        .read::<Strict>(&object(json!({
            "colours_red": false,
            "colours_green": true,
            "colours_blue": false,
            "name": "Ada"
        })))
        .unwrap();
    assert_eq!(
        strict,
        Strict {
            colours: vec![Colour::Green],
            name: "Ada".to_owned()
        }
    );

    // The multi-select's own name and any other name are refused, last and
    // in the order they came, with the errors of the fields.
    let errors = form
        .read::<Strict>(&object(json!({
            "extra": 1,
            "colours": ["red"],
            "colours_red": true,
            "colours_blue": true,
            "more": 2
        })))
        .unwrap_err();
    assert_eq!(
        rules(&errors),
        [
            ("colours_red".to_owned(), Rule::MaxItems),
            ("name".to_owned(), Rule::Required),
            ("extra".to_owned(), Rule::Unknown),
            ("colours".to_owned(), Rule::Unknown),
            ("more".to_owned(), Rule::Unknown),
        ]
    );
}

#[test]
fn hostile_content_stays_linear_and_ordered() {
    let schema = Strict::SCHEMA;
    let form = schema.render_downlevel(Revision::V2025_06_18);
    let mut content = Map::new();
    for i in (0..5000).rev() {
        content.insert(format!("k{i}"), json!(i));
    }
    content.insert("colours_red".to_owned(), json!(true));
    content.insert("name".to_owned(), json!("Ada"));
    let errors = form.read::<Strict>(&content).unwrap_err();
    assert_eq!(errors.len(), 5000);
    let fields: Vec<&str> = errors.iter().take(2).map(|e| e.field()).collect();
    assert_eq!(fields, ["k4999", "k4998"]);
}

// ---------------------------------------------------------------------------
// Revisions with multi-select, and forms that pin 2025-06-18 with
// `downlevel`.

#[test]
fn later_revisions_get_the_multi_select_as_declared() {
    let schema = Palette::SCHEMA;
    for revision in [Revision::V2025_11_25, Revision::V2026_07_28] {
        let form = schema.render_downlevel(revision);
        assert!(!form.is_downlevelled());
        assert!(form.groups().is_empty());
        assert_eq!(form.to_json(), schema.render(revision).unwrap().to_json());
        let palette: Palette = form.read(&object(json!({ "walls": ["green"] }))).unwrap();
        assert_eq!(palette.walls, [Colour::Green]);
    }
    // A form without multi-select is the same on 2025-06-18.
    let plain = NoChoice::SCHEMA;
    let form = plain.render_downlevel(Revision::V2025_06_18);
    assert!(!form.is_downlevelled());
    assert_eq!(
        form.to_json(),
        plain.render(Revision::V2025_06_18).unwrap().to_json()
    );
}

#[derive(Debug, PartialEq, Elicitable)]
struct NoChoice {
    #[elicit(default = "Ada")]
    name: Option<String>,
    colour: Colour,
}

/// Always sent as booleans.
#[derive(Debug, PartialEq, Elicitable)]
#[elicit(revision = "2025-06-18", downlevel, deny_unknown_fields)]
struct Pinned {
    #[elicit(default = ["green"])]
    colours: Option<Vec<Colour>>,
    #[elicit(default = true)]
    agree: bool,
}

#[test]
fn a_form_pinned_with_downlevel_is_always_sent_as_booleans() {
    const { assert!(Pinned::DOWNLEVEL) };
    const { assert!(!Palette::DOWNLEVEL) };
    assert_eq!(Pinned::REVISION, Some(Revision::V2025_06_18));
    let expected = json!({
        "type": "object",
        "properties": {
            "colours_red": { "type": "boolean", "title": "colours: Bright red", "default": false },
            "colours_green": { "type": "boolean", "title": "colours: green", "default": true },
            "colours_blue": { "type": "boolean", "title": "colours: blue", "default": false },
            "agree": { "type": "boolean", "default": true }
        },
        "required": ["agree"]
    });
    for revision in Revision::ALL {
        let form = Pinned::wire_form(revision);
        assert!(form.is_downlevelled(), "{revision}");
        assert_eq!(form.to_json(), expected, "{revision}");
        let elicitor = Elicitor::new(revision, ElicitationCapability::legacy());
        let request = elicitor.form_default::<Pinned>().unwrap();
        assert_eq!(request.to_json()["requestedSchema"], expected, "{revision}");
        let answer = ElicitResult::accept(object(json!({ "colours_blue": true, "agree": false })));
        let pinned = request.read::<Pinned>(&answer).unwrap().accepted().unwrap();
        assert_eq!(
            pinned,
            Pinned {
                colours: Some(vec![Colour::Green, Colour::Blue]),
                agree: false
            }
        );
    }
    // The model itself keeps its multi-select.
    assert!(Pinned::SCHEMA.render(Revision::V2025_06_18).is_err());
    assert_eq!(
        Pinned::SCHEMA.to_json()["properties"]["colours"]["type"],
        "array"
    );

    // Every reader of results reads such a form from booleans.
    let result = json!({ "action": "accept", "content": { "colours_red": true, "agree": true } });
    let pinned = Elicitation::<Pinned>::from_json(&result)
        .unwrap()
        .accepted()
        .unwrap();
    assert_eq!(pinned.colours, Some(vec![Colour::Red, Colour::Green]));
    let refused = Elicitation::<Pinned>::from_json(&json!({
        "action": "accept",
        "content": { "colours": ["red"], "agree": true }
    }))
    .unwrap_err();
    assert_eq!(
        rules(refused.validation_errors().unwrap()),
        [("colours".to_owned(), Rule::Unknown)]
    );
    // And its plain request params are written with booleans too.
    let params = serde_json::to_value(Pinned::default_request()).unwrap();
    assert_eq!(params["requestedSchema"], expected);
}
