use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = "example.com")]
    home: Option<url::Url>,
}

fn main() {}
