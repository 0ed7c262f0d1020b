use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form<'a> {
    name: &'a str,
}

fn main() {}
