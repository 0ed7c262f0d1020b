//! Forms as web pages (feature `html`): rendering a page and reading a
//! submitted one, for contact5 and the booking form of the examples, each
//! against what a user would write by hand: a `maud` template of the same
//! page, and the posted body read by serde's derive (`serde_urlencoded`, or
//! `serde_html_form` where a checkbox group repeats a name) with no checks.
//!
//! `cargo bench -p elicit-benches --bench html`

mod common;

#[path = "../../examples/forms/booking.rs"]
#[allow(dead_code)]
mod booking_form;

use std::hint::black_box;
use std::time::Duration;

use booking_form::Booking;
use common::Contact;
use criterion::{Criterion, criterion_group, criterion_main};
use elicit_runtime::html::{FormPage, STYLESHEET_PATH, Submission};
use elicit_runtime::{Elicitable, Limits};
use maud::{DOCTYPE, Markup, html};
use serde::Deserialize;

const ACTION: &str = "/forms/7Zq3";
const CSRF: &str = "csrf-7Zq3-3n8d0Kq2";

const CONTACT_BODY: &[u8] = b"elicit-csrf=csrf-7Zq3-3n8d0Kq2&name=Monalisa+Octocat\
    &email=octocat%40github.com&age=36&reach=email&newsletter=true&elicit-action=accept";

const BOOKING_BODY: &[u8] = b"elicit-csrf=csrf-7Zq3-3n8d0Kq2&date=2026-03-14&partySize=4\
    &seating=terrace&dietary=vegan&dietary=nut-free&contactEmail=ada%40example.com\
    &notes=a+birthday&newsletter=true&elicit-action=accept";

/// The page around a hand-written form's fields, as a user would share it
/// between templates.
fn layout(message: &str, action: &str, csrf: &str, fields: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="no-referrer";
                title { (message) }
                link rel="stylesheet" href=(STYLESHEET_PATH);
            }
            body { main id="main" {
                h1 { (message) }
                form method="post" action=(action) novalidate {
                    input type="hidden" name="elicit-csrf" value=(csrf);
                    (fields)
                    div class="buttons" {
                        button type="submit" name="elicit-action" value="accept" { "Submit" }
                        button type="submit" name="elicit-action" value="decline" { "Decline" }
                        button type="submit" name="elicit-action" value="cancel" { "Cancel" }
                    }
                }
            } }
        }
    }
}

/// contact5's page by hand: the same fields, labels, hints, attributes and
/// buttons, escaping by maud.
fn contact_maud(action: &str, csrf: &str) -> Markup {
    let message = "Please provide your contact information";
    let reach = [("email", "email"), ("phone", "phone"), ("post", "post")];
    layout(
        message,
        action,
        csrf,
        html! {
            div class="field" {
                label for="name" { "name" }
                div class="hint" id="name-hint" { "Your full name" }
                div class="hint" id="name-rules" { "1 to 100 characters" }
                input type="text" minlength="1" maxlength="100" id="name" name="name" required aria-describedby="name-hint name-rules";
            }
            div class="field" {
                label for="email" { "email" }
                div class="hint" id="email-hint" { "Your email address" }
                div class="hint" id="email-rules" { "an email address" }
                input type="email" autocomplete="email" spellcheck="false" id="email" name="email" required aria-describedby="email-hint email-rules";
            }
            div class="field" {
                label for="age" { "age" }
                div class="hint" id="age-hint" { "Your age" }
                div class="hint" id="age-rules" { "a whole number; from 18 to 150" }
                input type="number" step="1" min="18" max="150" id="age" name="age" required aria-describedby="age-hint age-rules";
            }
            fieldset class="field" aria-describedby="reach-hint" {
                legend { "reach" }
                div class="hint" id="reach-hint" { "How to reach you" }
                @for (i, (value, label)) in reach.iter().enumerate() {
                    div class="option" {
                        input type="radio" id=(format!("reach-{i}")) name="reach" value=(value) required;
                        label for=(format!("reach-{i}")) { (label) }
                    }
                }
            }
            div class="field" {
                div class="hint" id="newsletter-hint" { "Receive the newsletter" }
                div class="option" {
                    input type="checkbox" value="true" id="newsletter" name="newsletter" aria-describedby="newsletter-hint";
                    label for="newsletter" { "newsletter" }
                }
            }
        },
    )
}

/// The booking form's page by hand, as [`contact_maud`].
fn booking_maud(action: &str, csrf: &str) -> Markup {
    let message = "Please tell us about your reservation";
    let seating = [
        ("indoor", "Indoors"),
        ("terrace", "On the terrace"),
        ("bar", "At the bar"),
    ];
    let dietary = [
        ("vegetarian", "Vegetarian"),
        ("vegan", "Vegan"),
        ("gluten-free", "Gluten-free"),
        ("nut-free", "No nuts"),
    ];
    layout(
        message,
        action,
        csrf,
        html! {
            div class="field" {
                label for="date" { "Date" }
                div class="hint" id="date-hint" { "The day you would like to come" }
                div class="hint" id="date-rules" { "a date such as `2025-06-18`" }
                input type="date" id="date" name="date" required aria-describedby="date-hint date-rules";
            }
            div class="field" {
                label for="partySize" { "Party size" }
                div class="hint" id="partySize-hint" { "How many people, yourself included" }
                div class="hint" id="partySize-rules" { "a whole number; from 1 to 12" }
                input type="number" step="1" min="1" max="12" id="partySize" name="partySize" required aria-describedby="partySize-hint partySize-rules";
            }
            fieldset class="field" aria-describedby="seating-hint" {
                legend { "Seating" }
                div class="hint" id="seating-hint" { "Where the party would like to sit." }
                @for (i, (value, label)) in seating.iter().enumerate() {
                    div class="option" {
                        input type="radio" id=(format!("seating-{i}")) name="seating" value=(value) checked[*value == "indoor"] required;
                        label for=(format!("seating-{i}")) { (label) }
                    }
                }
            }
            fieldset class="field" aria-describedby="dietary-hint dietary-rules" {
                legend { "Dietary needs " span class="optional" { "(optional)" } }
                div class="hint" id="dietary-hint" { "Tick every need in your party" }
                div class="hint" id="dietary-rules" { "at most 4 choices" }
                @for (i, (value, label)) in dietary.iter().enumerate() {
                    div class="option" {
                        input type="checkbox" id=(format!("dietary-{i}")) name="dietary" value=(value);
                        label for=(format!("dietary-{i}")) { (label) }
                    }
                }
            }
            div class="field" {
                label for="contactEmail" { "Email" }
                div class="hint" id="contactEmail-hint" { "Where we send the confirmation" }
                div class="hint" id="contactEmail-rules" { "an email address; at most 254 characters" }
                input type="email" autocomplete="email" spellcheck="false" maxlength="254" id="contactEmail" name="contactEmail" required aria-describedby="contactEmail-hint contactEmail-rules";
            }
            div class="field" {
                label for="notes" { "Notes " span class="optional" { "(optional)" } }
                div class="hint" id="notes-hint" { "Allergies, a birthday, anything we should know" }
                div class="hint" id="notes-rules" { "at most 500 characters" }
                textarea rows="5" maxlength="500" id="notes" name="notes" aria-describedby="notes-hint notes-rules" {}
            }
            div class="field" {
                div class="hint" id="newsletter-hint" { "Send me the monthly menu" }
                div class="option" {
                    input type="checkbox" value="true" id="newsletter" name="newsletter" aria-describedby="newsletter-hint";
                    label for="newsletter" { "Newsletter" }
                }
            }
        },
    )
}

/// The booking form as a user would read it with serde alone: the date a
/// string, nothing checked.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
struct BookingPlain {
    date: String,
    party_size: u8,
    seating: String,
    #[serde(default)]
    dietary: Vec<String>,
    contact_email: String,
    notes: Option<String>,
    #[serde(default)]
    newsletter: bool,
}

/// elicit: the post read, typed by the schema, validated and read as `T`.
fn elicit_read<T: Elicitable>(body: &[u8]) -> T {
    let schema = T::SCHEMA;
    let submission = Submission::read(&schema, body, &Limits::DEFAULT).expect("the post reads");
    match submission.elicitation::<T>() {
        Ok(answer) => answer.accepted().expect("accepted"),
        Err(errors) => panic!("the answer is valid: {errors}"),
    }
}

fn html_bench(c: &mut Criterion) {
    // Before measuring: each pair does the same work.
    let contact = elicit_read::<Contact>(CONTACT_BODY);
    let plain: Contact = serde_urlencoded::from_bytes(CONTACT_BODY).expect("serde reads it");
    assert_eq!(contact, plain);
    let booking = elicit_read::<Booking>(BOOKING_BODY);
    let plain: BookingPlain = serde_html_form::from_bytes(BOOKING_BODY).expect("serde reads it");
    assert_eq!(booking.party_size, plain.party_size);
    assert_eq!(booking.dietary.map(|d| d.len()), Some(plain.dietary.len()));
    assert_eq!(booking.contact_email.0, plain.contact_email);
    let ours = FormPage::of::<Contact>(ACTION, CSRF).render();
    let theirs = contact_maud(ACTION, CSRF).into_string();
    assert!(
        ours.len().abs_diff(theirs.len()) < ours.len() / 4,
        "pages of a size"
    );
    let ours = FormPage::of::<Booking>(ACTION, CSRF).render();
    let theirs = booking_maud(ACTION, CSRF).into_string();
    assert!(
        ours.len().abs_diff(theirs.len()) < ours.len() / 4,
        "pages of a size"
    );

    group::<Contact, Contact>(
        c,
        "contact5",
        contact_maud,
        ("serde_urlencoded", CONTACT_BODY, |body| {
            serde_urlencoded::from_bytes(body).unwrap()
        }),
    );
    group::<Booking, BookingPlain>(
        c,
        "booking",
        booking_maud,
        ("serde_html_form", BOOKING_BODY, |body| {
            serde_html_form::from_bytes(body).unwrap()
        }),
    );
}

/// A reader of a posted body by hand: its name, the body, and the reader.
type ByHand<P> = (&'static str, &'static [u8], fn(&[u8]) -> P);

/// The four benches of one form: its page rendered by elicit and by a
/// `maud` template, its posted body read by elicit and by hand into `P`.
fn group<T: Elicitable, P>(
    c: &mut Criterion,
    name: &str,
    template: fn(&str, &str) -> Markup,
    (by_hand, body, read): ByHand<P>,
) {
    let mut group = c.benchmark_group(format!("html/{name}"));
    group.bench_function("elicit_render", |b| {
        b.iter(|| FormPage::of::<T>(black_box(ACTION), black_box(CSRF)).render())
    });
    group.bench_function("maud_render", |b| {
        b.iter(|| template(black_box(ACTION), black_box(CSRF)).into_string())
    });
    group.bench_function("elicit_read", |b| {
        b.iter(|| elicit_read::<T>(black_box(body)))
    });
    group.bench_function(by_hand, |b| b.iter(|| read(black_box(body))));
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion(Duration::from_secs(3), 30);
    targets = html_bench
}
criterion_main!(benches);
