use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form<'a> {
    age: &'a u32,
}

fn main() {}
