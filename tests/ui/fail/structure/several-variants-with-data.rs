use elicit_runtime::Elicitable;

#[derive(Elicitable)]
enum Size {
    Small,
    Large(u32),
    Custom { width: u32 },
}

fn main() {}
