//! The keys that describe what a field shows, shared by a field, a newtype
//! and an enum through one flattened struct: `title`, `description` (else
//! the doc comment) and `legacy_titles`.

use darling::FromMeta;
use syn::{Ident, LitStr};

use super::Forwarded;
use super::value::{Flag, Text};

/// The describing keys of one place, as written.
#[derive(Default, FromMeta)]
pub struct Describe {
    title: Option<Text>,
    description: Option<Text>,
    legacy_titles: Option<Flag>,
}

/// A place that takes the describing keys.
pub trait Described {
    /// This place's describing keys, and its doc comment.
    fn described(&self) -> (&Describe, &Forwarded);

    /// `title`.
    fn title(&self) -> Option<&LitStr> {
        self.described().0.title.as_ref().map(|text| &text.0)
    }

    /// `description`, else the doc comment.
    fn description(&self) -> Option<String> {
        let (describe, forwarded) = self.described();
        describe
            .description
            .as_ref()
            .map(|text| text.0.value())
            .or_else(|| forwarded.docs.clone())
    }

    /// `legacy_titles`, keeping the key for spans.
    fn legacy_titles(&self) -> Option<&Ident> {
        self.described()
            .0
            .legacy_titles
            .as_ref()
            .map(|flag| &flag.0)
    }
}
