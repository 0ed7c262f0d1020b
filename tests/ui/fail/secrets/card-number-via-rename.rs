use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Payment {
    #[elicit(rename = "cardNumber")]
    digits: String,
}

fn main() {}
