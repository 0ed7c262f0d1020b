use elicit_runtime::Elicitable;

#[derive(Elicitable)]
enum Size {
    #[elicit(description = "A small cup")]
    Small,
    Large,
}

fn main() {}
