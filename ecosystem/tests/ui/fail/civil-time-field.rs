use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    opens: jiff::civil::Time,
}

fn main() {}
