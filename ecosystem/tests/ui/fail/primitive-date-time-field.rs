use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    starts: time::PrimitiveDateTime,
}

fn main() {}
