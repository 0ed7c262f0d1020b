use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = "67e55044-10b1-426f-9247-bb680e5fe0cz")]
    order: Option<uuid::Uuid>,
}

fn main() {}
