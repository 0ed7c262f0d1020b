use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Unlock {
    #[elicit(title = "Your PIN")]
    code: String,
}

fn main() {}
