//! What a tool's arguments do to its form when the client can ask the
//! user: they prefill it, they do not answer it.

/// What a tool's arguments that carry its form's fields do when the user
/// can be asked (the client shows forms, or the host shows the form's
/// app).
///
/// Arguments are not the user's answers: a model may have filled them in
/// on its own, and a host's tool form sends its schema's defaults whether
/// the user looked at them or not (the MCP Inspector sends
/// `{"seating": "indoor", "newsletter": false}`, MCPJam
/// `{"dietary": [], "newsletter": false}`). So arguments that fill part of
/// the form, or break it, always become the form's defaults and the user
/// is asked; only a client that cannot ask (no form, no app) gets their
/// errors. What a complete, valid set does is this policy's, chosen per
/// tool. The answers a form's own app sends back are the user's, and are
/// read as such on every policy (`elicit-rmcp` with its feature `app`).
///
/// ```
/// use elicit_runtime::fallback::ArgumentsPolicy;
///
/// assert_eq!(ArgumentsPolicy::default(), ArgumentsPolicy::Prefill);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum ArgumentsPolicy {
    /// Every set of arguments prefills the form, which the user checks and
    /// sends: a model cannot answer for the user, nor a host's defaults
    /// pass for answers. The default.
    #[default]
    Prefill,
    /// A complete set of arguments that passes the form is the answer, as
    /// if the user had sent it; anything less prefills the form. For a
    /// tool whose arguments only the user fills in.
    AcceptComplete,
}
