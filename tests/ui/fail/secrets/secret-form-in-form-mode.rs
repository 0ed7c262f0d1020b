use elicit_runtime::protocol::{ElicitationCapability, Elicitor, Revision};
use elicit_runtime::{Elicitable, Secret};

#[derive(Elicitable)]
struct SignIn {
    email: String,
    #[elicit(secret)]
    password: Secret,
}

fn main() {
    let elicitor = Elicitor::new(Revision::LATEST, ElicitationCapability::legacy());
    let _ = elicitor.form::<SignIn>("Sign in");
}
