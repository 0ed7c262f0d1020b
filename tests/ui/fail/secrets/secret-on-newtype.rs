use elicit_runtime::{Elicitable, Secret};

// A newtype keeps its type's secret; the mark goes on the form's field.
#[derive(Elicitable)]
#[elicit(secret)]
struct Credential(Secret);

fn main() {}
