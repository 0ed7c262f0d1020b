use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(format = "email")]
struct Email(u64);

fn main() {}
