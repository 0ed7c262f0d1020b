//! A form's schema as JSON text, rendered once per form and revision.

use std::any::TypeId;
use std::collections::BTreeMap;
use std::sync::{Arc, PoisonError, RwLock};

use crate::form::Elicitable;
use crate::revision::Revision;
use crate::wire::RenderError;

/// What was rendered so far: one entry per form type and revision, so the
/// cache is bounded by the forms a program has.
type Rendered = BTreeMap<(TypeId, Revision), Result<Arc<str>, RenderError>>;

static CACHE: RwLock<Rendered> = RwLock::new(BTreeMap::new());

/// The `requestedSchema` of `T` as compact JSON text for `revision`: written
/// on the first call, then shared. See [`Elicitable::schema_json`].
pub(crate) fn schema_json<T: Elicitable + 'static>(
    revision: Revision,
) -> Result<Arc<str>, RenderError> {
    let key = (TypeId::of::<T>(), revision);
    // Rendering is pure, so a lock poisoned by a panic elsewhere still holds
    // good entries.
    if let Some(found) = CACHE
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&key)
    {
        return found.clone();
    }
    let schema = T::SCHEMA;
    let rendered = schema
        .render(revision)
        .map(|r| Arc::<str>::from(r.to_json_string()));
    CACHE
        .write()
        .unwrap_or_else(PoisonError::into_inner)
        .entry(key)
        .or_insert(rendered)
        .clone()
}
