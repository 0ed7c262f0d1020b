//! A generic form's schema is checked where it is evaluated for a concrete
//! type: here in a `const`, so the check runs during type checking.
use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Wrapper<T> {
    #[elicit(min_length = 1)]
    value: T,
}

const _: () = core::mem::forget(Wrapper::<u8>::SCHEMA);

fn main() {}
