//! A value a flow either borrows from its caller or shares with the
//! [`Flows`](crate::Flows) it was opened by: the same flow code serves a
//! hand-written handler, which lends what it has, and a tool's [`Ask`](crate::Ask),
//! which owns everything it holds.

use std::ops::Deref;
use std::sync::Arc;

/// Borrowed for the flow's lifetime, or shared.
pub(super) enum Shared<'a, T: ?Sized> {
    Borrowed(&'a T),
    Owned(Arc<T>),
}

impl<T: ?Sized> Deref for Shared<'_, T> {
    type Target = T;

    fn deref(&self) -> &T {
        match self {
            Shared::Borrowed(value) => value,
            Shared::Owned(value) => value,
        }
    }
}

impl<T: ?Sized> Clone for Shared<'_, T> {
    fn clone(&self) -> Self {
        match self {
            Shared::Borrowed(value) => Shared::Borrowed(value),
            Shared::Owned(value) => Shared::Owned(Arc::clone(value)),
        }
    }
}
