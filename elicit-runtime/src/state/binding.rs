//! What a sealed state continues: the request it was made for, its
//! arguments and, when the server knows one, the user.

use core::fmt;
use std::sync::{LazyLock, OnceLock};

use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use super::canonical;
use super::key::Hex;

/// The label of the digest of a request's method and name.
const REQUEST_LABEL: &[u8] = b"elicit/request-state/request/v1\0";
/// The label of the digest of a request's arguments.
const ARGUMENTS_LABEL: &[u8] = b"elicit/request-state/arguments/v1\0";
/// The label of the digest of a principal.
const PRINCIPAL_LABEL: &[u8] = b"elicit/request-state/principal/v1\0";
/// The label of the digest of a whole binding, the one a token holds.
const BINDING_LABEL: &[u8] = b"elicit/request-state/binding/v3\0";

/// A SHA-256 digest.
pub(crate) type Digest32 = [u8; 32];

/// What a sealed state continues: the method and name of the request (a
/// tool, a prompt or a resource), a digest of its arguments and,
/// optionally, a digest of the principal (the user or session) the server
/// serves.
///
/// A state sealed for one binding opens only for an equal one, so a client
/// cannot carry the state of one call into another: another tool, the same
/// tool with other arguments, or another user's session.
///
/// - The arguments are kept as a SHA-256 digest of their canonical JSON
///   text (no whitespace, object members sorted by the bytes of their
///   names), so the order in which a client writes them does not matter.
///   No arguments, `null` and `{}` are the same: clients send `{}` or leave
///   `arguments` out.
/// - The principal is kept as a SHA-256 digest only, so a sealed state does
///   not carry the user's id, even encrypted.
/// - Every digest is domain-separated by a label of its own
///   (`elicit/request-state/arguments/v1`, ...), so no digest of one kind
///   can stand for another.
///
/// ```
/// use elicit_runtime::state::Binding;
/// use serde_json::json;
///
/// let arguments = json!({ "city": "Lisbon", "nights": 3 });
/// let binding = Binding::tool("book_hotel", arguments.as_object());
/// assert_eq!(binding.method(), "tools/call");
/// assert_eq!(binding.name(), "book_hotel");
///
/// let reordered = json!({ "nights": 3, "city": "Lisbon" });
/// assert_eq!(binding, Binding::tool("book_hotel", reordered.as_object()));
/// assert_ne!(binding, Binding::tool("book_hotel", json!({ "city": "Porto", "nights": 3 }).as_object()));
/// assert_ne!(binding, binding.clone().for_principal("user-42"));
/// ```
#[derive(Clone)]
pub struct Binding {
    method: String,
    name: String,
    arguments: Digest32,
    principal: Option<Digest32>,
    /// The digests worked out once, when first sealed or opened with.
    digests: OnceLock<Digests>,
}

/// The digests of a binding that every seal and open of it uses.
#[derive(Clone, Copy)]
struct Digests {
    request: Digest32,
    binding: Digest32,
}

/// Equal bindings: the same method, name, arguments and principal (the
/// cached digests follow from them).
impl PartialEq for Binding {
    fn eq(&self, other: &Binding) -> bool {
        self.method == other.method
            && self.name == other.name
            && self.arguments == other.arguments
            && self.principal == other.principal
    }
}

impl Eq for Binding {}

impl Binding {
    /// The binding of a request `method` for `name` (a tool or prompt name,
    /// a resource URI) with `arguments`.
    ///
    /// `None`, `null` and an empty object are the same arguments. The
    /// digest is taken over the canonical text without recursion and
    /// without writing the text out, so arguments nested however deep cost
    /// a stack on the heap, one entry a level, and no copy of their text.
    ///
    /// ```
    /// use elicit_runtime::state::Binding;
    /// use serde_json::json;
    ///
    /// let binding = Binding::new("tools/call", "search", Some(&json!({ "q": "rust" })));
    /// assert_eq!(binding, Binding::tool("search", json!({ "q": "rust" }).as_object()));
    /// assert_eq!(Binding::new("tools/call", "list", None), Binding::new("tools/call", "list", Some(&json!({}))));
    /// assert_eq!(Binding::new("tools/call", "list", None), Binding::new("tools/call", "list", Some(&json!(null))));
    /// ```
    pub fn new(method: &str, name: &str, arguments: Option<&Value>) -> Binding {
        let digest = match arguments {
            None | Some(Value::Null) => arguments_digest(None),
            Some(Value::Object(object)) => arguments_digest(Some(object)),
            Some(other) => {
                let mut hasher = labelled(ARGUMENTS_LABEL);
                canonical::write_value(&mut hasher, other);
                hasher.finalize().into()
            }
        };
        Binding {
            method: method.to_owned(),
            name: name.to_owned(),
            arguments: digest,
            principal: None,
            digests: OnceLock::new(),
        }
    }

    /// The binding of a `tools/call` of the tool `name`.
    ///
    /// ```
    /// use elicit_runtime::state::Binding;
    ///
    /// let binding = Binding::tool("book_hotel", None);
    /// assert_eq!((binding.method(), binding.name()), ("tools/call", "book_hotel"));
    /// ```
    pub fn tool(name: &str, arguments: Option<&Map<String, Value>>) -> Binding {
        Binding::with_object("tools/call", name, arguments)
    }

    /// The binding of a `prompts/get` of the prompt `name`. A prompt and a
    /// tool of the same name are different requests.
    ///
    /// ```
    /// use elicit_runtime::state::Binding;
    ///
    /// let binding = Binding::prompt("summarise", None);
    /// assert_eq!(binding.method(), "prompts/get");
    /// assert_ne!(binding, Binding::tool("summarise", None));
    /// ```
    pub fn prompt(name: &str, arguments: Option<&Map<String, Value>>) -> Binding {
        Binding::with_object("prompts/get", name, arguments)
    }

    /// The binding of a `resources/read` of the resource `uri`, which has
    /// no arguments.
    ///
    /// ```
    /// use elicit_runtime::state::Binding;
    ///
    /// let binding = Binding::resource("file:///reports/2026.csv");
    /// assert_eq!(binding.method(), "resources/read");
    /// assert_eq!(binding.name(), "file:///reports/2026.csv");
    /// ```
    pub fn resource(uri: &str) -> Binding {
        Binding::with_object("resources/read", uri, None)
    }

    /// The same binding for one principal: a user or session id the server
    /// established itself (from its authentication, never from the
    /// request's arguments). A state sealed for a principal opens only for
    /// the same principal, and a state sealed without one only without one.
    ///
    /// Only a SHA-256 digest of the principal is kept.
    ///
    /// ```
    /// use elicit_runtime::state::Binding;
    ///
    /// let alice = Binding::tool("pay", None).for_principal("alice");
    /// assert_eq!(alice, Binding::tool("pay", None).for_principal(String::from("alice")));
    /// assert_ne!(alice, Binding::tool("pay", None).for_principal("bob"));
    /// assert!(!format!("{alice:?}").contains("alice"));
    /// ```
    pub fn for_principal(self, principal: impl AsRef<str>) -> Binding {
        self.bound_to(&Principal::user(principal))
    }

    /// The same binding for `principal`, a user or explicitly no one
    /// ([`Principal::UNBOUND`]), replacing any principal it had.
    ///
    /// ```
    /// use elicit_runtime::state::{Binding, Principal};
    ///
    /// let binding = Binding::tool("pay", None);
    /// assert_eq!(binding.clone().bound_to(&Principal::user("alice")), binding.clone().for_principal("alice"));
    /// assert_eq!(binding.clone().for_principal("alice").bound_to(&Principal::UNBOUND), binding);
    /// ```
    pub fn bound_to(self, principal: &Principal) -> Binding {
        Binding {
            principal: principal.digest(),
            digests: OnceLock::new(),
            ..self
        }
    }

    /// The request's method: `tools/call`, `prompts/get`,
    /// `resources/read`, or what [`Binding::new`] was given.
    ///
    /// ```
    /// use elicit_runtime::state::Binding;
    ///
    /// assert_eq!(Binding::new("tasks/get", "t-1", None).method(), "tasks/get");
    /// ```
    pub fn method(&self) -> &str {
        &self.method
    }

    /// The tool or prompt name, or the resource URI.
    ///
    /// ```
    /// use elicit_runtime::state::Binding;
    ///
    /// assert_eq!(Binding::prompt("plan_trip", None).name(), "plan_trip");
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    fn with_object(method: &str, name: &str, arguments: Option<&Map<String, Value>>) -> Binding {
        Binding {
            method: method.to_owned(),
            name: name.to_owned(),
            arguments: arguments_digest(arguments),
            principal: None,
            digests: OnceLock::new(),
        }
    }

    /// The digests of the request and of the whole binding, worked out on
    /// first use and kept: a binding sealed or opened with again costs no
    /// digest.
    fn digests(&self) -> &Digests {
        self.digests.get_or_init(|| {
            // The method and the name, each after its length, so no two
            // pairs run together into the same bytes.
            let mut hasher = labelled(REQUEST_LABEL);
            for part in [&self.method, &self.name] {
                hasher.update((part.len() as u64).to_be_bytes());
                hasher.update(part.as_bytes());
            }
            let request: Digest32 = hasher.finalize().into();
            // Each part is a digest of fixed length, so they cannot run
            // together either.
            let mut hasher = labelled(BINDING_LABEL);
            hasher.update(request);
            hasher.update(self.arguments);
            match &self.principal {
                Some(principal) => {
                    hasher.update([1]);
                    hasher.update(principal);
                }
                None => hasher.update([0]),
            }
            Digests {
                request,
                binding: hasher.finalize().into(),
            }
        })
    }

    /// The digest of the method and the name.
    pub(crate) fn request_digest(&self) -> &Digest32 {
        &self.digests().request
    }

    /// The digest of the whole binding: the request, the arguments and the
    /// principal (or its absence).
    pub(crate) fn binding_digest(&self) -> &Digest32 {
        &self.digests().binding
    }

    /// The digest of the arguments.
    pub(crate) fn arguments_digest(&self) -> &Digest32 {
        &self.arguments
    }

    /// The digest of the principal, if there is one.
    pub(crate) fn principal_digest(&self) -> Option<&Digest32> {
        self.principal.as_ref()
    }
}

/// Shows the method and the name, and the digests in hex: never the
/// arguments or the principal themselves, which the binding does not hold.
impl fmt::Debug for Binding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Binding")
            .field("method", &self.method)
            .field("name", &self.name)
            .field("arguments", &Hex(&self.arguments))
            .field("principal", &self.principal.as_ref().map(|d| Hex(d)))
            .finish()
    }
}

/// Whom a flow is for: the user the server authenticated, or, by an
/// explicit choice, no one. Opening a flow takes one
/// ([`Flow::open`](crate::flow::Flow::open)), so binding the user is a
/// decision no server skips by leaving something out.
///
/// - [`Principal::user`]: a user or session id from the server's own
///   authentication of the request (a verified token's subject, a session
///   cookie's user), never from the request's content. A state sealed for
///   one user opens for no other: a token that leaks (a log, a proxy) is of
///   no use to anyone else.
/// - [`Principal::UNBOUND`]: anyone holding the token continues the flow.
///   Right for a single-user server (stdio, a desktop app); on a server
///   reachable by several users it makes a leaked token someone else's
///   flow.
///
/// Only a SHA-256 digest of the id is kept, and `Debug` shows neither.
///
/// ```
/// use elicit_runtime::state::Principal;
///
/// let alice = Principal::user("alice");
/// assert_ne!(alice, Principal::user("bob"));
/// assert_ne!(alice, Principal::UNBOUND);
/// assert!(!format!("{alice:?}").contains("alice"));
/// assert!(alice.is_user());
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Principal {
    /// SHA-256 of a label and the user's id; `None` for no one.
    digest: Option<Digest32>,
}

impl Principal {
    /// No one: anyone holding the token continues the flow.
    pub const UNBOUND: Principal = Principal { digest: None };

    /// The user `id`, as the server's authentication established it.
    pub fn user(id: impl AsRef<str>) -> Principal {
        let mut hasher = labelled(PRINCIPAL_LABEL);
        hasher.update(id.as_ref().as_bytes());
        Principal {
            digest: Some(hasher.finalize().into()),
        }
    }

    /// Whether this is a user rather than [`Principal::UNBOUND`].
    pub fn is_user(&self) -> bool {
        self.digest.is_some()
    }

    fn digest(&self) -> Option<Digest32> {
        self.digest
    }
}

/// Shows whether it is a user, never who.
impl fmt::Debug for Principal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_user() {
            "Principal::User(..)"
        } else {
            "Principal::UNBOUND"
        })
    }
}

/// A SHA-256 hasher that has taken in `label`.
fn labelled(label: &[u8]) -> Sha256 {
    let mut hasher = Sha256::new();
    hasher.update(label);
    hasher
}

/// The digest of object arguments, `None` standing for `{}`.
fn arguments_digest(arguments: Option<&Map<String, Value>>) -> Digest32 {
    /// The digest of `{}`, the arguments of most calls that ask.
    static EMPTY: LazyLock<Digest32> = LazyLock::new(|| {
        let mut hasher = labelled(ARGUMENTS_LABEL);
        hasher.update(b"{}");
        hasher.finalize().into()
    });
    match arguments {
        Some(object) if !object.is_empty() => {
            let mut hasher = labelled(ARGUMENTS_LABEL);
            canonical::write_object(&mut hasher, object);
            hasher.finalize().into()
        }
        _ => *EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};
    use sha2::{Digest, Sha256};

    use super::{ARGUMENTS_LABEL, Binding};

    fn expected(text: &str) -> [u8; 32] {
        let mut hasher = Sha256::new();
        hasher.update(ARGUMENTS_LABEL);
        hasher.update(text.as_bytes());
        hasher.finalize().into()
    }

    #[test]
    fn digests_the_canonical_text() {
        let arguments = json!({ "b": [1, {"d": 2, "c": "x"}], "a": null });
        let binding = Binding::new("tools/call", "t", Some(&arguments));
        assert_eq!(
            binding.arguments_digest(),
            &expected(r#"{"a":null,"b":[1,{"c":"x","d":2}]}"#)
        );
        assert_eq!(Binding::tool("t", None).arguments_digest(), &expected("{}"));
        assert_eq!(
            Binding::new("tools/call", "t", Some(&json!([1, 2]))).arguments_digest(),
            &expected("[1,2]")
        );
    }

    #[test]
    fn method_and_name_do_not_run_together() {
        let a = Binding::new("tools/call", "x", None);
        let b = Binding::new("tools/cal", "lx", None);
        assert_ne!(a.request_digest(), b.request_digest());
        assert_eq!(
            a.request_digest(),
            Binding::tool("x", None).request_digest()
        );
    }

    #[test]
    fn principal_is_only_a_digest() {
        let binding = Binding::resource("file:///a").for_principal("user-0042");
        let debug = format!("{binding:?}");
        assert!(!debug.contains("user-0042"), "{debug}");
        assert!(debug.contains("resources/read"), "{debug}");
        assert!(binding.principal_digest().is_some());
        assert!(Binding::resource("file:///a").principal_digest().is_none());
    }

    /// 100 000 levels of nesting, digested on a test thread's stack, taken
    /// apart level by level afterwards (dropping it whole would recurse).
    #[test]
    fn digests_deep_values_without_recursion() {
        const DEPTH: usize = 100_000;
        let mut deep = Value::Null;
        for _ in 0..DEPTH {
            deep = Value::Array(vec![deep]);
        }
        let binding = Binding::new("tools/call", "deep", Some(&deep));
        let text = format!("{}null{}", "[".repeat(DEPTH), "]".repeat(DEPTH));
        assert_eq!(binding.arguments_digest(), &expected(&text));
        while let Value::Array(mut items) = deep {
            deep = items.pop().unwrap_or(Value::Null);
        }
    }
}
