use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(rename_all = "camelCase")]
struct Wallet {
    seed_phrase: String,
}

fn main() {}
