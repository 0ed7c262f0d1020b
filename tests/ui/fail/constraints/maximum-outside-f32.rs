use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(maximum = 1e300)]
    ratio: f32,
}

fn main() {}
