use elicit_runtime::{Elicitable, Secret};

/// Whose type keeps it secret
#[derive(Elicitable)]
struct Access(Secret);

#[derive(Elicitable)]
struct Connect {
    account: String,
    #[elicit(not_secret)]
    access: Option<Access>,
}

fn main() {}
