use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Door {
    #[elicit(secret)]
    code: u32,
}

fn main() {}
