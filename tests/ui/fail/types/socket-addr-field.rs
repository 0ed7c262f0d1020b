use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    listen: std::net::SocketAddr,
}

fn main() {}
