use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = "5")]
    age: u8,
}

fn main() {}
