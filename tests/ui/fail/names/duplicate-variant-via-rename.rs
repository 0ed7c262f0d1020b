use elicit_runtime::Elicitable;

#[derive(Elicitable)]
enum Seat {
    Window,
    #[elicit(rename = "Window")]
    Aisle,
}

fn main() {}
