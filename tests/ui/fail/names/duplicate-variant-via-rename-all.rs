use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Seat {
    Window,
    WINDOW,
}

fn main() {}
