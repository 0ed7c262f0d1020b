//! `revision = "2025-06-18"`: the revision a form is pinned to.

use darling::FromMeta;
use syn::{LitStr, Meta};

use super::{Text, error_at};
use crate::contract::REVISIONS;
use crate::messages;

/// A known revision, and the string it was written as. Any other string
/// than the three known ones is an error at it.
pub struct Revision {
    pub lit: LitStr,
    /// The runtime's `Revision` variant, such as `V2025_06_18`.
    pub variant: &'static str,
}

impl FromMeta for Revision {
    fn from_meta(meta: &Meta) -> darling::Result<Self> {
        let Text(lit) = Text::from_meta(meta)?;
        let wanted = lit.value();
        match REVISIONS.iter().find(|(name, _)| *name == wanted) {
            Some((_, variant)) => Ok(Revision { lit, variant }),
            None => Err(error_at(&lit, messages::unknown_revision(&wanted))),
        }
    }
}
