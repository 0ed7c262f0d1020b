//! The form pages (feature `html`), read back with a browser-grade HTML
//! parser: every field kind of the bench forms and the booking form with its
//! label, hint and constraint attributes; the booking page snapshotted in
//! `tests/html-snapshots/`; hostile text rendered inert; the error page;
//! and submitted bodies read back, hostile ones included.
//!
//! After reading a diff, write new snapshots with
//! `ELICIT_UPDATE_SNAPSHOTS=1 cargo test -p elicit-runtime --features html,jiff --test html`.

#[path = "../../examples/forms/booking.rs"]
#[allow(dead_code)]
mod booking_form;

#[path = "../../tests/support/snapshot.rs"]
mod snapshot;

use std::collections::{BTreeSet, HashSet};
use std::path::PathBuf;

use booking_form::{Booking, Dietary, Seating};
use elicit_runtime::client::FormView;
use elicit_runtime::html::{
    ACTION_FIELD, Action, CSRF_FIELD, FormPage, MAX_RADIOS, ReadError, SECURITY_HEADERS, Shell,
    Submission,
};
use elicit_runtime::rules::{Rule, ValidationErrors};
use elicit_runtime::schema::{FormSchema, Kind};
use elicit_runtime::{Elicitable, Limits};
use proptest::prelude::*;
use scraper::{ElementRef, Html, Selector};
use serde_json::{Map, Value, json};

// ---------------------------------------------------------------------------
// The bench forms' field kinds (benches/benches/common), as derived forms.

#[path = "support/bench_forms.rs"]
mod bench_forms;
use bench_forms::*;

/// Sign in to the booking system
#[derive(Debug, Elicitable)]
struct Login {
    #[elicit(min_length = 3)]
    user: String,
    #[elicit(not_secret, min_length = 12)]
    passphrase: String,
    /// The code on your card
    #[elicit(not_secret, maximum = 9999)]
    pin: u16,
}

// ---------------------------------------------------------------------------
// Helpers: reading the pages as a browser does.

fn sel(selector: &str) -> Selector {
    Selector::parse(selector).expect("a valid selector")
}

fn all<'a>(doc: &'a Html, selector: &str) -> Vec<ElementRef<'a>> {
    doc.select(&sel(selector)).collect()
}

fn one<'a>(doc: &'a Html, selector: &str) -> ElementRef<'a> {
    let found = all(doc, selector);
    assert_eq!(found.len(), 1, "one `{selector}` in the page");
    found[0]
}

fn attr<'a>(element: ElementRef<'a>, name: &str) -> Option<&'a str> {
    element.value().attr(name)
}

fn text_of(element: ElementRef<'_>) -> String {
    element.text().collect()
}

/// The page's skeleton: every element's name and its attributes' names, in
/// document order. Two pages with the same skeleton have the same
/// structure, whatever their texts.
fn skeleton(doc: &Html) -> Vec<String> {
    doc.root_element()
        .descendants()
        .filter_map(ElementRef::wrap)
        .map(|e| {
            let mut names: Vec<&str> = e.value().attrs().map(|(n, _)| n).collect();
            names.sort_unstable();
            format!("{} {}", e.value().name(), names.join(" "))
        })
        .collect()
}

/// What every page must be: a document with a language, a viewport, a
/// title and the stylesheet; no script, no inline style, no event handler,
/// no `javascript:` link.
fn assert_sound_document(html: &str) -> Html {
    assert!(html.starts_with("<!doctype html>\n"), "a doctype first");
    let doc = Html::parse_document(html);
    assert!(attr(one(&doc, "html"), "lang").is_some_and(|l| !l.is_empty()));
    assert_eq!(
        attr(one(&doc, "meta[name=viewport]"), "content"),
        Some("width=device-width, initial-scale=1")
    );
    assert!(!text_of(one(&doc, "head > title")).is_empty());
    assert_eq!(
        attr(one(&doc, "link[rel=stylesheet]"), "href"),
        Some(elicit_runtime::html::STYLESHEET_PATH)
    );
    assert!(all(&doc, "script, style, img, iframe, object, embed, base").is_empty());
    for element in doc
        .root_element()
        .descendants()
        .filter_map(ElementRef::wrap)
    {
        for (name, value) in element.value().attrs() {
            assert!(!name.starts_with("on"), "no event handler: {name}");
            assert_ne!(name, "style", "no inline style");
            if name == "href" || name == "action" || name == "src" {
                assert!(
                    !value
                        .trim_start()
                        .to_ascii_lowercase()
                        .starts_with("javascript:"),
                    "no script URL: {value}"
                );
            }
        }
    }
    doc
}

/// Every control has a unique id and exactly one label for it; every id an
/// `aria-describedby` names exists; groups are fieldsets with a legend; the
/// form posts with the token and three buttons.
fn assert_accessible_form(doc: &Html, schema: &FormSchema, csrf: &str) {
    let form = one(doc, "form");
    assert_eq!(attr(form, "method"), Some("post"));
    assert!(attr(form, "novalidate").is_some());
    let hidden = one(doc, "input[type=hidden]");
    assert_eq!(attr(hidden, "name"), Some(CSRF_FIELD));
    assert_eq!(attr(hidden, "value"), Some(csrf));
    let buttons: Vec<(Option<&str>, Option<&str>)> = all(doc, "form button")
        .into_iter()
        .map(|b| (attr(b, "name"), attr(b, "value")))
        .collect();
    assert_eq!(
        buttons,
        [
            (Some(ACTION_FIELD), Some("accept")),
            (Some(ACTION_FIELD), Some("decline")),
            (Some(ACTION_FIELD), Some("cancel")),
        ]
    );
    let ids: Vec<&str> = doc
        .root_element()
        .descendants()
        .filter_map(ElementRef::wrap)
        .filter_map(|e| attr(e, "id"))
        .collect();
    let unique: HashSet<&str> = ids.iter().copied().collect();
    assert_eq!(unique.len(), ids.len(), "ids are unique");
    for control in all(doc, "input:not([type=hidden]), select, textarea") {
        let id = attr(control, "id").expect("every control has an id");
        let labels = all(doc, &format!("label[for=\"{id}\"]"));
        assert_eq!(labels.len(), 1, "one label for `{id}`");
        assert!(
            !text_of(labels[0]).trim().is_empty(),
            "the label of `{id}` has text"
        );
        assert!(attr(control, "name").is_some(), "`{id}` has a name");
    }
    for described in all(doc, "[aria-describedby]") {
        for id in attr(described, "aria-describedby").unwrap().split(' ') {
            assert!(
                unique.contains(id),
                "`aria-describedby` names `{id}`, which exists"
            );
        }
    }
    for property in schema.properties.iter() {
        let name = property.name.as_ref();
        let controls: Vec<ElementRef<'_>> = all(doc, "input, select, textarea")
            .into_iter()
            .filter(|c| attr(*c, "name") == Some(name))
            .collect();
        assert!(!controls.is_empty(), "`{name}` has a control");
        let radios_or_boxes = controls
            .iter()
            .all(|c| matches!(attr(*c, "type"), Some("radio" | "checkbox")));
        if radios_or_boxes && controls.len() > 1 {
            for control in &controls {
                let fieldset = control
                    .ancestors()
                    .filter_map(ElementRef::wrap)
                    .find(|e| e.value().name() == "fieldset")
                    .expect("a group is in a fieldset");
                let legend = fieldset
                    .children()
                    .filter_map(ElementRef::wrap)
                    .find(|e| e.value().name() == "legend")
                    .expect("the fieldset has a legend");
                let label = property.schema.title.as_deref().unwrap_or(name);
                assert!(text_of(legend).starts_with(&shown(label)));
            }
        }
        if let Some(description) = &property.schema.description {
            // The description is tied to the control or its group.
            let first = controls[0];
            let described = std::iter::once(first)
                .chain(first.ancestors().filter_map(ElementRef::wrap))
                .find_map(|e| attr(e, "aria-describedby"))
                .unwrap_or_else(|| panic!("`{name}` is described"));
            let hint_id = described.split(' ').next().unwrap();
            assert_eq!(
                text_of(one(doc, &format!("#{hint_id}"))),
                shown(description)
            );
        }
    }
}

/// `text` as the page shows it: control and bidirectional characters
/// escaped, so they are seen and reorder nothing.
fn shown(text: &str) -> String {
    text.chars()
        .map(|c| {
            let bidi = matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
            if bidi || (c.is_control() && c != '\n') {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// The control named `name` (the first, for a group).
fn control<'a>(doc: &'a Html, name: &str) -> ElementRef<'a> {
    all(doc, "input, select, textarea")
        .into_iter()
        .find(|c| attr(*c, "name") == Some(name))
        .unwrap_or_else(|| panic!("a control named `{name}`"))
}

fn attrs_of<'a>(element: ElementRef<'a>, names: &[&str]) -> Vec<Option<&'a str>> {
    names.iter().map(|n| attr(element, n)).collect()
}

/// The words of the constraints tied to the control `name`.
fn rules_of(doc: &Html, name: &str) -> String {
    let first = control(doc, name);
    let described = std::iter::once(first)
        .chain(first.ancestors().filter_map(ElementRef::wrap))
        .find_map(|e| attr(e, "aria-describedby"))
        .unwrap_or_default();
    described
        .split(' ')
        .filter(|id| id.ends_with("-rules"))
        .map(|id| text_of(one(doc, &format!("#{id}"))))
        .collect()
}

fn page<T: Elicitable>() -> (String, Html) {
    let html = FormPage::of::<T>("/forms/visit", "token").render();
    let doc = assert_sound_document(&html);
    let schema = T::SCHEMA;
    assert_accessible_form(&doc, &schema, "token");
    (html, doc)
}

/// What a browser posts for the page as it stands, with `fill` typed into
/// text controls and `press`ed: hidden fields, text values, checked boxes
/// and radios, selected options, textareas.
fn post(doc: &Html, fill: &[(&str, &str)], press: &str) -> Vec<u8> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for c in all(doc, "form input, form select, form textarea") {
        let Some(name) = attr(c, "name") else {
            continue;
        };
        let filled = fill
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.to_string());
        let value = match (c.value().name(), attr(c, "type")) {
            ("input", Some("checkbox" | "radio")) => {
                if attr(c, "checked").is_none() {
                    continue;
                }
                attr(c, "value").unwrap_or("on").to_string()
            }
            ("input", _) => filled.unwrap_or_else(|| attr(c, "value").unwrap_or("").to_string()),
            ("textarea", _) => filled.unwrap_or_else(|| text_of(c)),
            ("select", _) => filled.unwrap_or_else(|| {
                let options = c.select(&sel("option")).collect::<Vec<_>>();
                let chosen = options
                    .iter()
                    .find(|o| attr(**o, "selected").is_some())
                    .or(options.first())
                    .expect("a select has options");
                attr(*chosen, "value").unwrap_or("").to_string()
            }),
            _ => continue,
        };
        pairs.push((name.to_string(), value));
    }
    pairs.push((ACTION_FIELD.to_string(), press.to_string()));
    encode(&pairs).into_bytes()
}

fn encode(pairs: &[(String, String)]) -> String {
    let part = |s: &str| {
        let mut out = String::new();
        for b in s.bytes() {
            match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' => {
                    out.push(b as char)
                }
                b' ' => out.push('+'),
                _ => out.push_str(&format!("%{b:02X}")),
            }
        }
        out
    };
    pairs
        .iter()
        .map(|(n, v)| format!("{}={}", part(n), part(v)))
        .collect::<Vec<_>>()
        .join("&")
}

fn read<T: Elicitable>(body: &[u8]) -> Submission {
    let schema = T::SCHEMA;
    Submission::read(&schema, body, &Limits::DEFAULT).expect("the post reads")
}

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

// ---------------------------------------------------------------------------
// Rendering.

#[test]
fn contact5_renders_every_field_with_its_attributes() {
    let (_, doc) = page::<Contact>();
    assert_eq!(
        text_of(one(&doc, "title")),
        "Please provide your contact information"
    );
    assert_eq!(
        text_of(one(&doc, "h1")),
        "Please provide your contact information"
    );
    let name = control(&doc, "name");
    assert_eq!(
        attrs_of(name, &["type", "minlength", "maxlength", "required"]),
        [Some("text"), Some("1"), Some("100"), Some("")]
    );
    assert_eq!(rules_of(&doc, "name"), "1 to 100 characters");
    let email = control(&doc, "email");
    assert_eq!(
        attrs_of(email, &["type", "required"]),
        [Some("email"), Some("")]
    );
    assert_eq!(rules_of(&doc, "email"), "an email address");
    let age = control(&doc, "age");
    assert_eq!(
        attrs_of(age, &["type", "step", "min", "max", "required"]),
        [Some("number"), Some("1"), Some("18"), Some("150"), Some("")]
    );
    assert_eq!(rules_of(&doc, "age"), "a whole number; from 18 to 150");
    let radios: Vec<_> = all(&doc, "input[name=reach]");
    assert_eq!(radios.len(), 3, "a required choice has no `No answer`");
    assert!(radios.iter().all(|r| attr(*r, "type") == Some("radio")));
    assert!(radios.iter().all(|r| attr(*r, "required").is_some()));
    assert!(radios.iter().all(|r| attr(*r, "checked").is_none()));
    let newsletter = control(&doc, "newsletter");
    assert_eq!(
        attrs_of(newsletter, &["type", "value", "checked", "required"]),
        [Some("checkbox"), Some("true"), None, None]
    );
}

#[test]
fn event7_renders_formats_as_their_inputs() {
    let (_, doc) = page::<Event>();
    assert_eq!(attr(control(&doc, "link"), "type"), Some("url"));
    assert_eq!(attr(control(&doc, "day"), "type"), Some("date"));
    let opens = control(&doc, "opens");
    assert_eq!(
        attr(opens, "type"),
        Some("text"),
        "no browser has a date-time with offset"
    );
    assert!(
        rules_of(&doc, "opens").contains("2025-06-18T09:30:00Z"),
        "the hint shows the form"
    );
    let details = control(&doc, "details");
    assert_eq!(
        attrs_of(details, &["type", "required"]),
        [Some("text"), None]
    );
    let label = one(
        &doc,
        &format!("label[for={}]", attr(details, "id").unwrap()),
    );
    assert!(text_of(label).ends_with("(optional)"));
    assert_eq!(
        attrs_of(control(&doc, "capacity"), &["min", "max", "step"]),
        [Some("1"), Some("10000"), Some("1")]
    );
    assert_eq!(
        attr(control(&doc, "public"), "checked"),
        Some(""),
        "the default is filled in"
    );
}

#[test]
fn survey8_renders_multi_selects_floats_and_optional_choices() {
    let (_, doc) = page::<Survey>();
    assert_eq!(
        attrs_of(control(&doc, "handle"), &["minlength", "maxlength"]),
        [Some("2"), Some("30")]
    );
    let toppings = all(&doc, "input[name=toppings]");
    assert_eq!(toppings.len(), 5);
    assert!(
        toppings
            .iter()
            .all(|t| attr(*t, "type") == Some("checkbox"))
    );
    assert_eq!(rules_of(&doc, "toppings"), "at least 1 choice");
    assert_eq!(
        attrs_of(control(&doc, "rating"), &["step", "min", "max"]),
        [Some("any"), Some("0"), Some("5")]
    );
    assert_eq!(
        attrs_of(control(&doc, "age"), &["min", "max"]),
        [Some("0"), Some("255")],
        "the Rust type's range"
    );
    // An optional choice can be left unanswered, and starts so.
    let next = all(&doc, "input[name=next]");
    assert_eq!(next.len(), 6);
    let none = next.last().unwrap();
    assert_eq!(
        attrs_of(*none, &["value", "checked", "required"]),
        [Some(""), Some(""), None]
    );
    let comment = control(&doc, "comment");
    assert_eq!(comment.value().name(), "textarea");
    assert_eq!(attr(comment, "maxlength"), Some("500"));
}

#[test]
fn emails5_and_the_booking_form_render() {
    let (_, doc) = page::<Emails>();
    assert_eq!(all(&doc, "input[type=email]").len(), 2);
    let (_, doc) = page::<Booking>();
    assert_eq!(attr(control(&doc, "date"), "type"), Some("date"));
    let indoor = one(&doc, "input[name=seating][value=indoor]");
    assert_eq!(attr(indoor, "checked"), Some(""), "the default seating");
    assert_eq!(all(&doc, "input[name=dietary][type=checkbox]").len(), 4);
    assert_eq!(rules_of(&doc, "dietary"), "at most 4 choices");
    assert_eq!(control(&doc, "notes").value().name(), "textarea");
    assert_eq!(
        attr(control(&doc, "contactEmail"), "maxlength"),
        Some("254")
    );
}

#[test]
fn long_choices_are_a_select() {
    let Kind::Enum(months) = &Birth::SCHEMA.properties[0].schema.kind else {
        panic!("a single-select")
    };
    assert!(months.options.len() > MAX_RADIOS);
    let (_, doc) = page::<Birth>();
    let month = control(&doc, "month");
    assert_eq!(month.value().name(), "select");
    assert_eq!(attr(month, "required"), Some(""));
    let options: Vec<_> = month.select(&sel("option")).collect();
    assert_eq!(options.len(), 13, "a first empty choice, then the twelve");
    assert_eq!(attr(options[0], "value"), Some(""));
    let other = control(&doc, "other");
    assert_eq!(other.value().name(), "select");
    assert_eq!(
        text_of(other.select(&sel("option")).next().unwrap()),
        "No answer"
    );
}

#[test]
fn a_server_form_renders_through_the_same_path() {
    let form = FormView::from_request(&json!({
        "message": "Please provide your contact information",
        "requestedSchema": Contact::SCHEMA.to_json(),
    }))
    .unwrap();
    let from_form = FormPage::from_form(&form, "/forms/visit", "token").render();
    let derived = FormPage::of::<Contact>("/forms/visit", "token").render();
    assert_eq!(from_form, derived);
}

#[test]
fn the_booking_page_is_snapshotted() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/html-snapshots");
    let page = FormPage::of::<Booking>("/forms/7Zq3", "csrf-7Zq3").render();
    snapshot::assert_snapshot(&dir, "booking.html", page.trim_end());
    let entered = object(json!({
        "date": "2026-02-30", "partySize": 40, "seating": "terrace",
        "dietary": ["vegan", "vegan"], "contactEmail": "ada@", "notes": "a birthday",
        "newsletter": true
    }));
    let errors = Booking::from_content(&entered).unwrap_err();
    let again = FormPage::of::<Booking>("/forms/7Zq3", "csrf-7Zq3")
        .again(&entered, &errors)
        .render();
    snapshot::assert_snapshot(&dir, "booking-error.html", again.trim_end());
    snapshot::assert_snapshot(
        &dir,
        "done.html",
        Shell::DEFAULT.done("Your booking is received").trim_end(),
    );
}

#[test]
fn the_headers_are_strict() {
    let header = |name: &str| {
        SECURITY_HEADERS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
            .unwrap_or_else(|| panic!("`{name}` is among the headers"))
    };
    let csp = header("Content-Security-Policy");
    for directive in [
        "default-src 'none'",
        "style-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
    ] {
        assert!(
            csp.split("; ").any(|d| d == directive),
            "{directive} in {csp}"
        );
    }
    assert!(!csp.contains("script-src") && !csp.contains("unsafe"));
    assert_eq!(header("X-Frame-Options"), "DENY");
    assert_eq!(header("Referrer-Policy"), "no-referrer");
    assert_eq!(header("Cache-Control"), "no-store");
    assert_eq!(header("X-Content-Type-Options"), "nosniff");
}

// ---------------------------------------------------------------------------
// Hostile text.

const HOSTILE: [&str; 5] = [
    "<script>alert(1)</script>",
    "\"><img src=x onerror=alert(1)>",
    "javascript:alert(1)",
    "'><a href='javascript:alert(1)'>x</a>",
    "abc\u{202e}txt.exe\u{2066}",
];

/// A server's form with `text` in every place text goes, and `value` as an
/// option's value.
fn hostile_form(text: &str, value: &str) -> FormView {
    FormView::from_request(&json!({
        "message": text,
        "requestedSchema": { "type": "object", "properties": {
            "name": { "type": "string", "title": text, "description": text, "default": text },
            "pick": { "type": "string", "title": text, "description": text, "oneOf": [
                { "const": value, "title": text }, { "const": "b", "title": text }
            ] },
            "many": { "type": "array", "title": text, "items": { "anyOf": [
                { "const": value, "title": text }, { "const": "b", "title": text }
            ] } },
            "ok": { "type": "boolean", "title": text, "description": text }
        }, "required": ["name"] }
    }))
    .expect("a valid form")
}

#[test]
fn hostile_titles_descriptions_messages_and_values_render_inert() {
    let benign =
        Html::parse_document(&FormPage::from_form(&hostile_form("plain", "a"), "/f", "t").render());
    for text in HOSTILE {
        let form = hostile_form(text, text);
        let html = FormPage::from_form(&form, "/f", text).render();
        let doc = assert_sound_document(&html);
        assert_accessible_form(&doc, form.schema(), text);
        assert_eq!(
            skeleton(&doc),
            skeleton(&benign),
            "nothing injected by {text:?}"
        );
        // The text reads as itself, bidirectional controls shown escaped.
        let shown = shown(text);
        assert_eq!(text_of(one(&doc, "h1")), shown);
        assert_eq!(text_of(one(&doc, "title")), shown);
        assert_eq!(text_of(one(&doc, "label[for=field-0]")), shown);
        assert!(!text_of(one(&doc, "main")).contains('\u{202e}'));
        // Values are kept exactly, so the browser posts what was written.
        assert_eq!(attr(control(&doc, "name"), "value"), Some(text));
        assert_eq!(attr(one(&doc, "#field-1"), "value"), Some(text));
        assert_eq!(attr(one(&doc, "input[type=hidden]"), "value"), Some(text));
        let posted = post(&doc, &[], "accept");
        let submission = Submission::read(form.schema(), &posted, &Limits::DEFAULT).unwrap();
        assert_eq!(submission.csrf(), text);
        assert_eq!(submission.content()["name"], text);
    }
}

#[test]
fn hostile_entered_values_and_messages_render_inert_on_the_error_page() {
    let schema = Contact::SCHEMA;
    for text in HOSTILE {
        let entered = object(json!({
            "name": text, "email": text, "age": text, "reach": text, "newsletter": true
        }));
        let errors = Contact::from_content(&entered).unwrap_err();
        let html = FormPage::of::<Contact>("/f", "t")
            .again(&entered, &errors)
            .render();
        let doc = assert_sound_document(&html);
        assert_accessible_form(&doc, &schema, "t");
        assert_eq!(attr(control(&doc, "name"), "value"), Some(text));
        assert_eq!(attr(control(&doc, "email"), "value"), Some(text));
    }
}

// ---------------------------------------------------------------------------
// The error page.

#[test]
fn the_error_page_keeps_values_but_never_a_secret() {
    let secret = "horse<>";
    let body = encode(&[
        (CSRF_FIELD.into(), "t".into()),
        ("user".into(), "ad".into()),
        ("passphrase".into(), secret.into()),
        ("pin".into(), "98765".into()),
        (ACTION_FIELD.into(), "accept".into()),
    ]);
    let submission = read::<Login>(body.as_bytes());
    let errors = submission.elicitation::<Login>().unwrap_err();
    assert_eq!(errors.len(), 3);
    let html = FormPage::of::<Login>("/f", "t")
        .secret("passphrase")
        .secret("pin")
        .again(submission.content(), &errors)
        .render();
    assert!(!html.contains("horse"), "the secret is nowhere in the page");
    assert!(!html.contains("98765"), "nor a secret number");
    let debug = format!(
        "{submission:?} {:?}",
        FormPage::of::<Login>("/f", "t").again(submission.content(), &errors)
    );
    assert!(
        !debug.contains("horse") && !debug.contains("98765"),
        "{debug}"
    );
    assert!(
        debug.contains("passphrase"),
        "the fields are named: {debug}"
    );
    let doc = assert_sound_document(&html);
    let passphrase = control(&doc, "passphrase");
    assert_eq!(
        attrs_of(
            passphrase,
            &["type", "autocomplete", "value", "aria-invalid"]
        ),
        [Some("password"), Some("off"), None, Some("true")]
    );
    assert_eq!(attr(control(&doc, "user"), "value"), Some("ad"));
    assert_eq!(
        text_of(one(&doc, "title")),
        "Error: Sign in to the booking system"
    );
    // The summary first, an alert, linking to each failing control.
    let summary = one(&doc, ".error-summary");
    assert_eq!(attr(summary, "role"), Some("alert"));
    assert_eq!(attr(summary, "tabindex"), Some("-1"));
    assert_eq!(attr(summary, "autofocus"), Some(""), "focused as it loads");
    let links: Vec<(String, String)> = summary
        .select(&sel("a"))
        .map(|a| (attr(a, "href").unwrap().to_string(), text_of(a)))
        .collect();
    assert_eq!(
        links,
        [
            (
                "#field-0".to_string(),
                "user must have at least 3 characters, has 2".to_string()
            ),
            (
                "#field-1".to_string(),
                "passphrase must have at least 12 characters, has 7".to_string()
            ),
            (
                "#field-2".to_string(),
                "pin must be at most 9999".to_string()
            ),
        ]
    );
    // A secret other than text keeps its input, without its value.
    assert_eq!(
        attrs_of(control(&doc, "pin"), &["type", "value"]),
        [Some("number"), None]
    );
    // Each message beside its field, in the validator's words, tied to it.
    for (name, (href, words)) in ["user", "passphrase", "pin"].into_iter().zip(&links) {
        let c = control(&doc, name);
        assert_eq!(format!("#{}", attr(c, "id").unwrap()), *href);
        assert_eq!(attr(c, "aria-invalid"), Some("true"));
        let error_id = attr(c, "aria-describedby")
            .unwrap()
            .split(' ')
            .find(|id| id.ends_with("-error"))
            .expect("the message is tied to the control");
        assert_eq!(
            text_of(one(&doc, &format!("#{error_id}"))),
            format!("Error: {words}")
        );
    }
    // Corrected, the secret is read as typed.
    let body = encode(&[
        (CSRF_FIELD.into(), "t".into()),
        ("user".into(), "ada".into()),
        ("passphrase".into(), "correct horse battery".into()),
        ("pin".into(), "1234".into()),
        (ACTION_FIELD.into(), "accept".into()),
    ]);
    let login = read::<Login>(body.as_bytes())
        .elicitation::<Login>()
        .unwrap()
        .accepted()
        .unwrap();
    assert_eq!(
        (login.user.as_str(), login.passphrase.as_str(), login.pin),
        ("ada", "correct horse battery", 1234)
    );
}

#[test]
fn the_booking_error_page_marks_every_failing_field_and_keeps_its_values() {
    let (_, doc) = page::<Booking>();
    let posted = post(
        &doc,
        &[
            ("date", "2026-02-30"),
            ("partySize", "many"),
            ("contactEmail", "ada@example.com"),
        ],
        "accept",
    );
    let submission = read::<Booking>(&posted);
    assert_eq!(
        submission.content()["partySize"],
        "many",
        "a non-number stays a string"
    );
    let errors = submission.elicitation::<Booking>().unwrap_err();
    let rules: Vec<(&str, Rule)> = errors.iter().map(|e| (e.field(), e.rule())).collect();
    assert_eq!(rules, [("date", Rule::Format), ("partySize", Rule::Type)]);
    let html = FormPage::of::<Booking>("/f", "t")
        .again(submission.content(), &errors)
        .render();
    let doc = assert_sound_document(&html);
    assert_accessible_form(&doc, &Booking::SCHEMA, "t");
    let summary: Vec<String> = all(&doc, ".error-summary a")
        .into_iter()
        .map(text_of)
        .collect();
    assert_eq!(
        summary,
        [
            "Date is not a date such as `2025-06-18`: the day 30 does not exist in february 2026",
            "Party size must be an integer",
        ]
    );
    assert_eq!(attr(control(&doc, "date"), "value"), Some("2026-02-30"));
    assert_eq!(attr(control(&doc, "partySize"), "value"), Some("many"));
    assert_eq!(
        attr(control(&doc, "contactEmail"), "value"),
        Some("ada@example.com")
    );
    assert_eq!(all(&doc, "[aria-invalid=true]").len(), 2);
    assert_eq!(all(&doc, ".field.invalid").len(), 2);
    // The seating chosen stays chosen.
    let checked = one(&doc, "input[name=seating][checked]");
    assert_eq!(attr(checked, "value"), Some("indoor"));
}

// ---------------------------------------------------------------------------
// Reading.

#[test]
fn a_filled_booking_page_reads_as_the_booking() {
    let (_, doc) = page::<Booking>();
    let mut posted = String::from_utf8(post(
        &doc,
        &[
            ("date", "2026-03-14"),
            ("partySize", " 4 "),
            ("contactEmail", "ada@example.com"),
        ],
        "accept",
    ))
    .unwrap();
    posted.push_str("&dietary=vegan&dietary=nut-free&unknown=1");
    let booking = read::<Booking>(posted.as_bytes())
        .elicitation::<Booking>()
        .unwrap()
        .accepted()
        .unwrap();
    assert_eq!(booking.party_size, 4);
    assert_eq!(booking.seating, Seating::Indoor);
    assert_eq!(
        booking.dietary,
        Some(BTreeSet::from([Dietary::Vegan, Dietary::NutFree]))
    );
    assert_eq!(booking.notes, None, "an empty optional field is left out");
    assert!(!booking.newsletter);
}

#[test]
fn every_kind_reads_typed_by_the_schema() {
    let body = "elicit-csrf=t&handle=ferris&toppings=cheese&toppings=olives&rating=4.5&age=34\
                &visits=&next=&comment=&contact=true&elicit-action=accept";
    let submission = read::<Survey>(body.as_bytes());
    assert_eq!(
        Value::Object(submission.content().clone()),
        json!({
            "handle": "ferris", "toppings": ["cheese", "olives"], "rating": 4.5, "age": 34,
            "contact": true
        })
    );
    let survey = submission
        .elicitation::<Survey>()
        .unwrap()
        .accepted()
        .unwrap();
    assert_eq!(survey.toppings, [Topping::Cheese, Topping::Olives]);
    assert_eq!(
        (survey.visits, survey.next, survey.comment),
        (None, None, None)
    );

    // No box ticked: an empty multi-select, reported by its own rule.
    let body = b"elicit-csrf=t&handle=ferris&rating=1&age=3&elicit-action=accept";
    let errors = read::<Survey>(body).elicitation::<Survey>().unwrap_err();
    let rules: Vec<_> = errors.iter().map(|e| (e.field(), e.rule())).collect();
    assert_eq!(rules, [("toppings", Rule::MinItems)]);

    // Non-numbers stay strings; the validator says what is wrong.
    let body = b"elicit-csrf=t&name=Ada&email=a%40b.c&age=1e400&reach=email&elicit-action=accept";
    let errors = read::<Contact>(body).elicitation::<Contact>().unwrap_err();
    assert_eq!(
        errors.to_string(),
        "`age` must be an integer (received \"1e400\")"
    );
    let body =
        b"elicit-csrf=t&name=&email=a%40b.c&age=NaN&reach=fax&newsletter=yes&elicit-action=accept";
    let errors = read::<Contact>(body).elicitation::<Contact>().unwrap_err();
    let rules: Vec<_> = errors.iter().map(|e| (e.field(), e.rule())).collect();
    assert_eq!(
        rules,
        [
            ("name", Rule::Required),
            ("age", Rule::Type),
            ("reach", Rule::Enum),
            ("newsletter", Rule::Type)
        ]
    );
}

#[test]
fn decline_and_cancel_read_nothing() {
    for (press, expected) in [("decline", Action::Decline), ("cancel", Action::Cancel)] {
        let body = format!("elicit-csrf=t&age=oops&elicit-action={press}");
        let submission = read::<Contact>(body.as_bytes());
        assert_eq!(submission.action(), expected);
        let answer = submission.elicitation::<Contact>().unwrap();
        assert_eq!(answer.action(), expected);
        assert!(answer.accepted().is_none());
    }
}

#[test]
fn hostile_bodies_are_typed_errors() {
    let schema = Survey::SCHEMA;
    let read = |body: &[u8], limits: &Limits| Submission::read(&schema, body, limits);
    let ok = "elicit-csrf=t&elicit-action=accept";
    let cases: Vec<(Vec<u8>, Limits, ReadError)> = vec![
        (
            format!("{ok}&age=%4").into_bytes(),
            Limits::DEFAULT,
            ReadError::Encoding,
        ),
        (
            format!("{ok}&age=%G0").into_bytes(),
            Limits::DEFAULT,
            ReadError::Encoding,
        ),
        (
            format!("{ok}&handle=%C3%28").into_bytes(),
            Limits::DEFAULT,
            ReadError::NotUtf8,
        ),
        (
            [ok.as_bytes(), b"&handle=\xff"].concat(),
            Limits::DEFAULT,
            ReadError::NotUtf8,
        ),
        (
            format!("{ok}&age=1&age=2").into_bytes(),
            Limits::DEFAULT,
            ReadError::Repeated { name: "age".into() },
        ),
        (
            format!("{ok}&comment=&comment=").into_bytes(),
            Limits::DEFAULT,
            ReadError::Repeated {
                name: "comment".into(),
            },
        ),
        (
            format!("{ok}&elicit-csrf=u").into_bytes(),
            Limits::DEFAULT,
            ReadError::Repeated {
                name: CSRF_FIELD.into(),
            },
        ),
        (
            b"elicit-csrf=t".to_vec(),
            Limits::DEFAULT,
            ReadError::NoAction,
        ),
        (
            b"elicit-action=accept".to_vec(),
            Limits::DEFAULT,
            ReadError::NoToken,
        ),
        (
            b"elicit-csrf=t&elicit-action=ACCEPT".to_vec(),
            Limits::DEFAULT,
            ReadError::UnknownAction {
                value: "ACCEPT".into(),
            },
        ),
        (
            format!("{ok}&comment={}", "x".repeat(100)).into_bytes(),
            Limits::DEFAULT.max_bytes(64),
            ReadError::BodyBytes {
                limit: 64,
                actual: 143,
            },
        ),
        (
            format!("{ok}&comment={}", "%41".repeat(100)).into_bytes(),
            Limits::DEFAULT.max_string_bytes(64),
            ReadError::ValueBytes {
                limit: 64,
                actual: 100,
            },
        ),
        (
            "a=1&".repeat(20).into_bytes(),
            Limits::DEFAULT.max_properties(10),
            ReadError::Pairs { limit: 10 },
        ),
    ];
    for (body, limits, expected) in cases {
        let error = read(&body, &limits).unwrap_err();
        assert_eq!(error, expected, "{}", String::from_utf8_lossy(&body));
        let message = error.to_string();
        assert!(!message.starts_with(char::is_uppercase), "{message}");
        assert!(!message.ends_with('.'));
    }
    // A field named as a control cannot be read apart from it.
    let form = FormView::from_request(&json!({
        "message": "m",
        "requestedSchema": { "type": "object", "properties": {
            "elicit-action": { "type": "string" }
        } }
    }))
    .unwrap();
    assert_eq!(
        Submission::read(form.schema(), ok.as_bytes(), &Limits::DEFAULT),
        Err(ReadError::ReservedName {
            name: ACTION_FIELD.into()
        })
    );
}

#[test]
fn a_huge_hostile_value_stays_short_in_errors() {
    let body = format!("elicit-csrf=t&elicit-action={}", "x".repeat(100_000));
    let error = read_any(body.as_bytes()).unwrap_err();
    assert!(error.to_string().len() < 300);
}

fn read_any(body: &[u8]) -> Result<Submission, ReadError> {
    let schema = Survey::SCHEMA;
    Submission::read(&schema, body, &Limits::DEFAULT)
}

/// Names the bodies of the property test draw from: the form's, the
/// controls', and others.
const NAMES: [&str; 12] = [
    "handle",
    "toppings",
    "rating",
    "age",
    "visits",
    "next",
    "comment",
    "contact",
    "elicit-csrf",
    "elicit-action",
    "other",
    "%41ge",
];

proptest! {
    /// Random bytes never panic the reader.
    #[test]
    fn random_bodies_never_panic(body in proptest::collection::vec(any::<u8>(), 0..512)) {
        let _ = read_any(&body);
    }

    /// Random bodies of the form's names never panic the reader, the
    /// validator or the error page, and the page they make is sound.
    #[test]
    fn random_pairs_never_panic(
        pairs in proptest::collection::vec(
            (0..NAMES.len(), "[a-z0-9%+&=.\\-<>\"'\u{202e} ]{0,12}"),
            0..16,
        )
    ) {
        let body: Vec<String> = pairs.iter().map(|(n, v)| format!("{}={v}", NAMES[*n])).collect();
        let body = body.join("&");
        if let Ok(submission) = read_any(body.as_bytes()) {
            let errors = match submission.elicitation::<Survey>() {
                Err(errors) => errors,
                Ok(_) => ValidationErrors::new(),
            };
            let html = FormPage::of::<Survey>("/f", submission.csrf())
                .again(submission.content(), &errors)
                .render();
            let doc = assert_sound_document(&html);
            let schema = Survey::SCHEMA;
            assert_accessible_form(&doc, &schema, submission.csrf());
        }
    }
}
