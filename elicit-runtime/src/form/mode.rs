//! [`FormMode`]: a form that may be asked in form mode, which every
//! form-mode entry point requires.

use super::Elicitable;

/// A form that may be asked in form mode: one without a secret field.
///
/// `#[derive(Elicitable)]` implements it for every form none of whose
/// fields is `#[elicit(secret)]`. A form with a secret field does not
/// implement it, so asking it in form mode (with
/// [`Elicitor::form`](crate::protocol::Elicitor::form), a flow's `form`,
/// `elicit_form`, `form_or_arguments`, the fallback's instructions and
/// arguments, `tool_with_form`) does not compile: MCP forbids secrets in
/// form mode, and such a form is asked only as a web form, with
/// `web_form` (the crate `elicit-web`). A hand-written [`Elicitable`]
/// without secrets implements it with `impl FormMode for MyForm {}`.
///
/// ```
/// use elicit_runtime::{Elicitable, FormMode, Secret};
///
/// #[derive(Elicitable)]
/// struct Profile {
///     name: String,
/// }
///
/// #[derive(Elicitable)]
/// struct SignIn {
///     email: String,
///     #[elicit(secret)]
///     password: Secret,
/// }
///
/// fn ask_in_form_mode<T: FormMode>() {}
/// ask_in_form_mode::<Profile>();
/// // ask_in_form_mode::<SignIn>(); // error: `SignIn` has a secret field
/// assert!(SignIn::SCHEMA.properties.iter().any(|p| p.secret));
/// ```
///
/// ```compile_fail
/// use elicit_runtime::protocol::{ElicitationCapability, Elicitor, Revision};
/// use elicit_runtime::{Elicitable, Secret};
///
/// #[derive(Elicitable)]
/// struct SignIn {
///     #[elicit(secret)]
///     password: Secret,
/// }
///
/// let elicitor = Elicitor::new(Revision::LATEST, ElicitationCapability::legacy());
/// let _ = elicitor.form::<SignIn>("Sign in");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be asked in form mode: it has a secret field, which MCP forbids in form mode",
    label = "has a secret field",
    note = "ask it as a web form, with `web_form`, where the secret is typed into a page of your server and never passes through the client",
    note = "a derived form implements `FormMode` when none of its fields is `#[elicit(secret)]`; a hand-written `Elicitable` without secrets implements it with `impl FormMode for {Self} {{}}`"
)]
pub trait FormMode: Elicitable {}
