// `secrecy::SecretString` is a field only with the `secrecy` feature of
// `elicit-runtime`, which this crate does not turn on.
use elicit_runtime::Elicitable;
use secrecy::SecretString;

#[derive(Elicitable)]
struct SignIn {
    email: String,
    #[elicit(secret)]
    password: SecretString,
}

fn main() {}
