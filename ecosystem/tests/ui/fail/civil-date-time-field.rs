use elicit_runtime::Elicitable;
use jiff::civil;

#[derive(Elicitable)]
struct Form {
    starts: civil::DateTime,
}

fn main() {}
