use elicit_runtime::Elicitable;

#[derive(Debug, Elicitable)]
struct Contact {
    /// Your full name
    name: String,
    #[elicit(format = "email")]
    email: String,
    #[elicit(minimum = 18)]
    age: Option<u8>,
}

#[test]
fn smoke() {
    println!("{}", Contact::SCHEMA.to_json_pretty());
}
