use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    nickname: Option<Option<String>>,
}

fn main() {}
