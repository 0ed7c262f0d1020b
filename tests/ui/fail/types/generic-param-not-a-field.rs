use elicit_runtime::Elicitable;

struct Address {
    street: String,
}

#[derive(Elicitable)]
struct Wrapper<T> {
    value: T,
}

fn main() {
    let _ = Wrapper::<Address>::SCHEMA;
}
