//! `crate = "my_reexport::elicit"`: where the runtime is.

use darling::FromMeta;
use syn::Meta;

use super::{Text, error_at};
use crate::messages;

/// The path to the runtime crate, for a crate that re-exports it.
pub struct CratePath(pub syn::Path);

impl FromMeta for CratePath {
    fn from_meta(meta: &Meta) -> darling::Result<Self> {
        let Text(lit) = Text::from_meta(meta)?;
        lit.parse::<syn::Path>()
            .map(CratePath)
            .map_err(|_| error_at(&lit, messages::CRATE_NOT_A_PATH))
    }
}
