use elicit_runtime::Elicitable;
use jiff::ZonedDateTime;

#[derive(Elicitable)]
struct Form {
    meeting: ZonedDateTime,
}

fn main() {}
