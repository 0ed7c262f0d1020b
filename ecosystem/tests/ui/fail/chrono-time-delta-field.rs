use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    wait: chrono::TimeDelta,
}

fn main() {}
