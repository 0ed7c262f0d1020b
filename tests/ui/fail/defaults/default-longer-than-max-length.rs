use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = "Bartholomew", max_length = 8)]
    nickname: Option<String>,
}

fn main() {}
