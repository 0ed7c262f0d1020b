use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(default = 2)]
struct Seats(u8);

#[derive(Elicitable)]
#[elicit(revision = "2025-06-18")]
struct Form {
    seats: Seats,
}

fn main() {}
