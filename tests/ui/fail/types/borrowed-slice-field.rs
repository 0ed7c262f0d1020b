use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form<'a> {
    names: &'a [String],
}

fn main() {}
