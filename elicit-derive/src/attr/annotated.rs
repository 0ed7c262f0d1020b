//! The keys that describe what a field shows, shared by a field, a newtype
//! and an enum: `title`, `description` (else the doc comment) and
//! `legacy_titles`.

use syn::{Ident, LitStr};

use super::Forwarded;
use super::keyed::{Keyed, first};
use super::value::{Flag, Text};

/// The describing keys of one place, as written.
pub struct Annotations<'a> {
    pub title: &'a [Keyed<Text>],
    pub description: &'a [Keyed<Text>],
    pub legacy_titles: &'a [Keyed<Flag>],
    pub forwarded: &'a Forwarded,
}

/// A place that takes the describing keys.
pub trait Annotated {
    /// This place's describing keys.
    fn annotations(&self) -> Annotations<'_>;

    /// `title`.
    fn title(&self) -> Option<&LitStr> {
        first(self.annotations().title).map(|text| &text.0)
    }

    /// `description`, else the doc comment.
    fn description(&self) -> Option<String> {
        let annotations = self.annotations();
        first(annotations.description)
            .map(|text| text.0.value())
            .or_else(|| annotations.forwarded.docs.clone())
    }

    /// `legacy_titles`, keeping the key for spans.
    fn legacy_titles(&self) -> Option<&Ident> {
        self.annotations()
            .legacy_titles
            .first()
            .map(|keyed| &keyed.key)
    }
}

/// `Annotated` for an attribute struct with the fields `title`,
/// `description`, `legacy_titles` and `attrs`.
macro_rules! annotated {
    ($attrs:ty) => {
        impl $crate::attr::annotated::Annotated for $attrs {
            fn annotations(&self) -> $crate::attr::annotated::Annotations<'_> {
                $crate::attr::annotated::Annotations {
                    title: &self.title,
                    description: &self.description,
                    legacy_titles: &self.legacy_titles,
                    forwarded: &self.attrs,
                }
            }
        }
    };
}
