//! Multi-round input (feature `request-state`): a tool, prompt or resource
//! read asks for what it needs — forms, URL visits, sampled messages, the
//! client's roots — in as many rounds as it likes, each answer read into
//! its own type.
//!
//! From 2026-07-28 a server sends no requests of its own: the request
//! returns an `InputRequiredResult`, the client fulfils its
//! `inputRequests` and retries the request with `inputResponses` and the
//! echoed `requestState`. A [`Flow`] makes that a straight line of code:
//!
//! - **Typed asks.** [`Flow::form`] returns the user's
//!   [`Elicitation<T>`](crate::Elicitation), validated; [`Flow::gather`]
//!   asks several things in one round ([`FormNeed`], [`UrlNeed`], [`Sampling`],
//!   [`Roots`], in a tuple) and returns their outputs as a tuple.
//! - **Stateless.** Answers of earlier rounds, attempt counts and the
//!   tool's own values ([`Flow::carry`]) travel in `requestState`, sealed
//!   with [`StateKeys`](crate::state::StateKeys) and bound to the request and
//!   to the user the flow is opened for (a
//!   [`Principal`](crate::state::Principal), or explicitly none), so any
//!   replica sharing the key continues any round. Nothing in an unsealed
//!   state is trusted; a refused one is JSON-RPC `-32602`.
//! - **Every answer answers the question shown.** The state seals a digest
//!   of each request of the round as sent (its message, form or URL); a
//!   response is read only under a key the last round asked, for that very
//!   request. A question that changed since is asked afresh; one key for
//!   two questions is [`AskError::KeyReused`]. Without a state nothing was
//!   asked, so responses are ignored
//!   ([`Flow::with_unprompted_first_round`] lets them answer the first
//!   round only).
//! - **Forgiving.** Missing responses are asked for again; responses to
//!   other keys are ignored; an accepted form that fails is asked again
//!   with what was wrong and the valid answers as defaults, a bounded
//!   number of times ([`Stop::Exhausted`]: a courtesy to the user, not a
//!   bound on guesses).
//! - **Once.** A state opens as often as it is sent; [`Flow::once`] records
//!   the flow's id (its first round's, sealed through every round) and
//!   refuses the flow a second time, whichever round was sent again, for
//!   effects that must happen once.
//! - **Capability-aware.** Requests go only to what the client declared
//!   for this request ([`ClientSupport`]); a tool that needs more gets
//!   [`Stop::Unsupported`], an optional need reads as `None`.
//! - **Every client.** A client that cannot show forms at all is served
//!   through the model ([`fallback`](crate::fallback)): the tool stops with
//!   [`Stop::Instructions`] and reads the answers from its next call's
//!   arguments, or stops with [`Stop::InvalidArguments`] when they break
//!   the form.
//!
//! Every ask returns `Result<_, Stop>`: write the tool as a function
//! returning `Result<_, Stop>`, ask with `?`, and turn the [`Stop`] into the
//! handler's response in one place. On rmcp, the crate `elicit-rmcp`'s
//! `ServerFlow` does this on every revision and in tasks.
#![doc = include_str!("../../docs/flows.md")]

mod carried;
mod compact;
mod digest;
mod lazy;
mod need;
mod needs;
mod rounds;
mod stop;
mod support;
mod url;

#[doc(hidden)]
pub use compact::CarriedForBenches;
#[cfg(fuzzing)]
#[doc(hidden)]
pub use compact::seal_flow_for_fuzzing;
pub use need::{Again, Asking, FormNeed, Need, Optional, Reading, Roots, Sampling};
pub use needs::{Needs, Round};
pub use rounds::Flow;
pub use stop::{AskError, Exhausted, FlowError, ResponseError, Stop, Unsupported};
pub use support::{Capability, ClientSupport};
pub use url::{UrlNeed, VISIT_PLACEHOLDER};
