use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(minimum = 18)]
struct Age(u8);

#[derive(Elicitable)]
struct Form {
    #[elicit(maximum = 10)]
    age: Age,
}

fn main() {}
