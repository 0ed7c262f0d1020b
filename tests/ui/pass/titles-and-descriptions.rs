use elicit_runtime::Elicitable;
use serde_json::json;

/// Please tell us about yourself
///
/// We only ask once.
#[derive(Elicitable)]
struct Profile {
    /// Your full name,
    /// as on your passport
    #[elicit(title = "Name")]
    name: String,
    /// This doc comment is replaced by the description below.
    #[elicit(title = "City", description = "Where you live")]
    city: String,
    #[elicit(description = "How many years")]
    years: u16,
}

#[derive(Elicitable)]
#[elicit(message = "Pick a colour")]
/// The doc comment of a form with a `message` is not its message.
struct Colour {
    name: String,
}

#[derive(Elicitable)]
struct Plain {
    name: String,
}

fn main() {
    // Lines of a paragraph are joined with spaces, paragraphs with a blank
    // line; an explicit `description` wins over the doc comment.
    assert_eq!(
        Profile::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "name": {
                    "type": "string",
                    "title": "Name",
                    "description": "Your full name, as on your passport"
                },
                "city": { "type": "string", "title": "City", "description": "Where you live" },
                "years": {
                    "type": "integer",
                    "description": "How many years",
                    "minimum": 0,
                    "maximum": 65535
                }
            },
            "required": ["name", "city", "years"]
        })
    );
    assert_eq!(
        Profile::MESSAGE,
        "Please tell us about yourself\n\nWe only ask once."
    );
    assert_eq!(Colour::MESSAGE, "Pick a colour");
    assert_eq!(Plain::MESSAGE, "Please provide the requested information");

    // The request carries the message and the schema, and nothing else at
    // the root of the schema.
    let params = serde_json::to_value(Colour::default_request()).unwrap();
    assert_eq!(params["message"], "Pick a colour");
    assert_eq!(params["requestedSchema"], Colour::SCHEMA.to_json());
    assert_eq!(
        serde_json::to_value(Colour::request("Another message")).unwrap()["message"],
        "Another message"
    );
}
