//! One derived form, written for each protocol revision a session may
//! negotiate.
//!
//! Run with `cargo run --example revisions`.

use elicit_runtime::Elicitable;
use elicit_runtime::protocol::Revision;

/// Where the party would like to sit.
#[derive(Debug, Elicitable)]
#[elicit(rename_all = "kebab-case")]
enum Seating {
    #[elicit(title = "Indoors")]
    Indoor,
    #[elicit(title = "On the terrace")]
    Terrace,
}

/// Dietary needs of anyone in the party.
#[derive(Debug, Elicitable)]
#[elicit(rename_all = "kebab-case")]
enum Diet {
    #[elicit(title = "Vegetarian")]
    Vegetarian,
    #[elicit(title = "Vegan")]
    Vegan,
    #[elicit(title = "Gluten free")]
    GlutenFree,
}

/// Please tell us about your reservation
#[derive(Debug, Elicitable)]
#[elicit(rename_all = "camelCase")]
struct Booking {
    #[elicit(title = "Party size", minimum = 1, maximum = 12, default = 2)]
    party_size: Option<u8>,
    #[elicit(title = "Seating", default = "indoor")]
    seating: Option<Seating>,
    #[elicit(title = "Dietary needs", max_items = 3)]
    diet: Option<Vec<Diet>>,
}

/// The same form without the multi-select, which 2025-06-18 can express.
#[derive(Debug, Elicitable)]
#[elicit(rename_all = "camelCase", revision = "2025-06-18")]
struct BookingWithoutDiet {
    #[elicit(title = "Party size", minimum = 1, maximum = 12)]
    party_size: u8,
    #[elicit(title = "Seating")]
    seating: Seating,
    #[elicit(title = "Dietary needs", max_length = 200)]
    diet: Option<String>,
}

fn main() {
    // The schemas are `const`s; bind them to render them by reference.
    let (full, lite) = (Booking::SCHEMA, BookingWithoutDiet::SCHEMA);
    for revision in Revision::ALL {
        println!("=== {revision}");
        match full.render(revision) {
            Ok(schema) => println!("{}", schema.to_json_pretty()),
            Err(error) => {
                println!("{error}");
                // What an `Elicitor` sends a client of this revision: each
                // multi-select as one boolean per option.
                println!("--- down-levelled, the multi-select as booleans:");
                println!("{}", full.render_downlevel(revision).to_json_pretty());
                println!("--- or a form without the multi-select:");
                let lite = lite
                    .render(revision)
                    .expect("a form pinned to 2025-06-18 renders for it");
                println!("{}", lite.to_json_pretty());
            }
        }
        println!();
    }

    // Optional fields the user left out read as their defaults.
    let content = serde_json::json!({ "diet": ["vegan", "gluten-free"] });
    let booking =
        Booking::from_content(content.as_object().expect("an object")).expect("valid content");
    println!(
        "=== read back: {} people, {:?}, diet {:?}",
        booking.party_size.unwrap_or(1),
        booking.seating,
        booking.diet
    );
    // The answer to the down-levelled form reads back into the same type.
    let old = full.render_downlevel(Revision::V2025_06_18);
    let content = serde_json::json!({ "diet_vegan": true, "diet_gluten-free": true });
    let booking = old
        .read::<Booking>(content.as_object().expect("an object"))
        .expect("valid content");
    println!(
        "=== read back from booleans (2025-06-18): diet {:?}",
        booking.diet
    );
    let content = serde_json::json!({ "partySize": 3, "seating": "terrace" });
    let lite = BookingWithoutDiet::from_content(content.as_object().expect("an object"))
        .expect("valid content");
    println!(
        "=== read back (2025-06-18): {} people, {:?}, diet {:?}",
        lite.party_size, lite.seating, lite.diet
    );

    // What happens to the form on each revision.
    println!("=== portability\n{}", Booking::portability());
}
