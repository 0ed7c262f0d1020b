use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    names: Box<[String]>,
}

fn main() {}
