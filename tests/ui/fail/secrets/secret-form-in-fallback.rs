use elicit_runtime::fallback::Instructions;
use elicit_runtime::{Elicitable, Secret};

#[derive(Elicitable)]
struct ApiAccess {
    account: String,
    #[elicit(secret)]
    api_key: Secret,
}

fn main() {
    // The model would ask the user for the key and pass it as an argument.
    let _ = Instructions::for_form::<ApiAccess>("connect", "Connect your account");
}
