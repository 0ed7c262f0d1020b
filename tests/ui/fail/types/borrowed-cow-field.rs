use std::borrow::Cow;

use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form<'a> {
    name: Cow<'a, str>,
}

fn main() {}
