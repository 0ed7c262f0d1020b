use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = "ab")]
    initial: Option<char>,
}

fn main() {}
