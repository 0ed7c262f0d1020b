use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(max_length = 32)]
    order: uuid::Uuid,
}

fn main() {}
