use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = "ada\u{1b}[2J")]
    nickname: Option<String>,
}

fn main() {}
