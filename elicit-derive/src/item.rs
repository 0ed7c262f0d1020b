//! The kind of item that derives `Elicitable`, the one enum every stage
//! shares: each holds its own parts of the item in it.

/// A struct with named fields (a form), a one-field tuple struct (a
/// newtype: a field type carrying constraints) or a unit enum (a choice),
/// holding what a stage has of each: the syn nodes, the parsed model, or
/// nothing ([`Kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item<F = (), N = (), C = ()> {
    Form(F),
    Newtype(N),
    Choice(C),
}

/// The kind of item alone.
pub type Kind = Item;

impl<F, N, C> Item<F, N, C> {
    /// The kind, without the parts.
    pub fn kind(&self) -> Kind {
        match self {
            Item::Form(_) => Item::Form(()),
            Item::Newtype(_) => Item::Newtype(()),
            Item::Choice(_) => Item::Choice(()),
        }
    }
}
