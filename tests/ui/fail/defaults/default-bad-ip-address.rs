use std::net::IpAddr;

use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = "localhost")]
    server: Option<IpAddr>,
}

fn main() {}
