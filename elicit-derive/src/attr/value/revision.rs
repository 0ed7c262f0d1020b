//! `revision = "2025-06-18"`: the revision a form is pinned to.

use darling::FromMeta;
use syn::{LitStr, Meta};

use super::{Text, error_at};
use crate::messages;

/// The revisions a form may be pinned to, with the runtime's variant names.
const REVISIONS: &[(&str, &str)] = &[
    ("2025-06-18", "V2025_06_18"),
    ("2025-11-25", "V2025_11_25"),
    ("2026-07-28", "V2026_07_28"),
];

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
