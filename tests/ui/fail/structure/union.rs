use elicit_runtime::Elicitable;

#[derive(Elicitable)]
union Bits {
    int: u32,
    float: f32,
}

fn main() {}
