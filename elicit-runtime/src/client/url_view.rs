//! A URL-mode request as the client shows it: the full URL and its host,
//! for the user's consent, and whether the client may open it at all
//! (`http` and `https` only). Nothing here opens or fetches the URL.

use core::fmt;

use crate::excerpt::{Escaped, Excerpt};
use crate::format::{authority_parts, is_ipv4_host};
use crate::protocol::{ElicitationId, UrlRequest};

/// A URL-mode request, taken apart for the consent screen: the message,
/// the full URL, its scheme and host, and what about it deserves a warning.
///
/// The spec asks a client to show the user the target host and the full
/// URL, and to ask consent before opening it; on `accept` the client opens
/// the URL itself (in a browser, never by fetching it in the client).
/// This type only reads the URL.
///
/// A request read from the wire may hold any absolute URI. Only a web page
/// may be opened: [`UrlView::is_openable`] is `true` for `http` and `https`
/// alone, and any other scheme (`javascript:`, `data:`, `file:`,
/// `vbscript:`, `ms-msdt:` ...) gets [`UrlWarning::NotAWebPage`] first; a
/// client offers only to decline or cancel such a request.
///
/// ```
/// use elicit_runtime::client::{UrlView, UrlWarning};
/// use elicit_runtime::protocol::UrlRequest;
///
/// let view = UrlView::new(
///     &UrlRequest::new("Connect your account", "https://Accounts.Example.com:8443/connect?x=1").unwrap(),
/// );
/// assert_eq!(view.url(), "https://Accounts.Example.com:8443/connect?x=1");
/// assert_eq!(view.host(), "accounts.example.com");
/// assert_eq!(view.port(), Some("8443"));
/// assert!(view.warnings().is_empty());
///
/// // A userinfo part hides the real host: the page is on `evil.example`.
/// let tricky = UrlView::new(&UrlRequest::new("Log in", "https://bank.example@evil.example/").unwrap());
/// assert_eq!(tricky.host(), "evil.example");
/// assert_eq!(tricky.warnings(), [UrlWarning::Userinfo]);
///
/// // Read from the wire, any absolute URI arrives; it is never opened.
/// let script: UrlRequest = serde_json::from_value(serde_json::json!({
///     "mode": "url",
///     "url": "javascript:alert(1)",
///     "message": "Click to continue"
/// }))
/// .unwrap();
/// let script = UrlView::new(&script);
/// assert!(!script.is_openable());
/// assert_eq!(script.warnings()[0], UrlWarning::NotAWebPage);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct UrlView {
    request: UrlRequest,
    scheme: String,
    host: Option<String>,
    port: Option<String>,
    warnings: Vec<UrlWarning>,
}

/// Something about a URL the user should know before consenting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UrlWarning {
    /// The scheme is neither `http` nor `https` (`javascript:`, `data:`,
    /// `file:` ...): the address is no web page, and the client will not
    /// open it ([`UrlView::is_openable`] is `false`).
    NotAWebPage,
    /// The scheme is not `https`: the page is not served over TLS, or is no
    /// web page at all.
    NotHttps,
    /// The URL has a userinfo part (`name@` before the host), which can
    /// make another host appear to be the target.
    Userinfo,
    /// The host is an IP address rather than a name.
    IpAddress,
    /// The host has an IDNA label (`xn--`), which may show as letters that
    /// look like another name's.
    Punycode,
    /// The host is percent-encoded, so it does not read as it resolves.
    EncodedHost,
    /// The URL has no host at all (`mailto:`, `urn:`).
    NoHost,
}

impl fmt::Display for UrlWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UrlWarning::NotAWebPage => {
                "the address is not a web page (`http` or `https`), so this client will not open it"
            }
            UrlWarning::NotHttps => "the address does not use `https`",
            UrlWarning::Userinfo => {
                "the address has a user name before its host, which can disguise where it leads"
            }
            UrlWarning::IpAddress => "the host is a bare IP address",
            UrlWarning::Punycode => {
                "the host has an international (`xn--`) label, which may imitate another name"
            }
            UrlWarning::EncodedHost => "the host is percent-encoded",
            UrlWarning::NoHost => "the address names no host",
        })
    }
}

impl UrlView {
    /// Takes `request` apart. The URL of a [`UrlRequest`] read from the wire
    /// is already checked to be an absolute URI.
    pub fn new(request: &UrlRequest) -> UrlView {
        let mut warnings = Vec::new();
        let (scheme, host, port) = match authority_parts(&request.url) {
            Some((scheme, parts)) => {
                if parts.userinfo.is_some() {
                    warnings.push(UrlWarning::Userinfo);
                }
                let host = parts.host.to_ascii_lowercase();
                if parts.literal || is_ipv4_host(&host) {
                    warnings.push(UrlWarning::IpAddress);
                }
                if host.split('.').any(|label| label.starts_with("xn--")) {
                    warnings.push(UrlWarning::Punycode);
                }
                if host.contains('%') {
                    warnings.push(UrlWarning::EncodedHost);
                }
                let host = (!host.is_empty()).then_some(host);
                (scheme.to_owned(), host, parts.port.map(str::to_owned))
            }
            None => {
                let scheme = request.url.split(':').next().unwrap_or_default();
                (scheme.to_owned(), None, None)
            }
        };
        if host.is_none() {
            warnings.push(UrlWarning::NoHost);
        }
        let scheme = scheme.to_ascii_lowercase();
        if scheme != "https" {
            warnings.insert(0, UrlWarning::NotHttps);
        }
        if !is_web_scheme(&scheme) {
            warnings.insert(0, UrlWarning::NotAWebPage);
        }
        UrlView {
            request: request.clone(),
            scheme,
            host,
            port,
            warnings,
        }
    }

    /// Why the user should open the URL, from the server.
    pub fn message(&self) -> &str {
        &self.request.message
    }

    /// The full URL, exactly as the server sent it: show all of it.
    pub fn url(&self) -> &str {
        &self.request.url
    }

    /// The scheme, lowercase (`https`).
    pub fn scheme(&self) -> &str {
        &self.scheme
    }

    /// Whether the client may open the URL at all: `true` for `http` and
    /// `https` only. Any other scheme can run code or read local files
    /// where it opens (`javascript:`, `data:text/html`, `file:`,
    /// `vbscript:`, `ms-msdt:`), so the client offers only decline and
    /// cancel, and never sends `accept` for it.
    ///
    /// ```
    /// use elicit_runtime::client::UrlView;
    /// use elicit_runtime::protocol::UrlRequest;
    ///
    /// let view = |url: &str| {
    ///     let request: UrlRequest = serde_json::from_value(serde_json::json!({
    ///         "mode": "url", "url": url, "message": "Continue"
    ///     }))
    ///     .unwrap();
    ///     UrlView::new(&request)
    /// };
    /// assert!(view("https://example.com/connect").is_openable());
    /// assert!(view("http://example.com/connect").is_openable()); // with a warning
    /// assert!(!view("file:///etc/passwd").is_openable());
    /// ```
    pub fn is_openable(&self) -> bool {
        is_web_scheme(&self.scheme)
    }

    /// The host the URL leads to, lowercase, without userinfo or port (an
    /// IPv6 literal without its brackets); `""` for a URL without a host
    /// (see [`UrlWarning::NoHost`]).
    pub fn host(&self) -> &str {
        self.host.as_deref().unwrap_or_default()
    }

    /// The port, when the URL names one.
    pub fn port(&self) -> Option<&str> {
        self.port.as_deref()
    }

    /// What deserves a warning, in a fixed order; empty for a plain
    /// `https` URL to a named host.
    pub fn warnings(&self) -> &[UrlWarning] {
        &self.warnings
    }

    /// The `elicitationId` (2025-11-25), which a later
    /// `notifications/elicitation/complete` names.
    pub fn elicitation_id(&self) -> Option<&ElicitationId> {
        self.request.elicitation_id.as_ref()
    }

    /// The typed request.
    pub fn request(&self) -> &UrlRequest {
        &self.request
    }

    /// The consent text to show before asking: which server asks, its
    /// message, the host and the full URL, and each warning. Text from the
    /// wire has its control characters escaped; the URL is an ASCII URI.
    ///
    /// ```
    /// use elicit_runtime::client::UrlView;
    /// use elicit_runtime::protocol::UrlRequest;
    ///
    /// let request: UrlRequest = serde_json::from_value(serde_json::json!({
    ///     "mode": "url",
    ///     "url": "http://pay.example/i/7",
    ///     "message": "Pay the invoice"
    /// }))
    /// .unwrap();
    /// let view = UrlView::new(&request);
    /// assert_eq!(
    ///     view.consent_text("billing"),
    ///     "The server `billing` asks you to open a page in your browser.\n\
    ///      Message: Pay the invoice\n\
    ///      Host:    pay.example\n\
    ///      URL:     http://pay.example/i/7\n\
    ///      Warning: the address does not use `https`\n"
    /// );
    /// ```
    pub fn consent_text(&self, server: &str) -> String {
        let host = if self.host().is_empty() {
            "(none)"
        } else {
            self.host()
        };
        let mut text = format!(
            "The server `{}` asks you to open a page in your browser.\n\
             Message: {}\n\
             Host:    {host}\n\
             URL:     {}\n",
            Excerpt(server),
            Escaped(self.message()),
            self.url(),
        );
        for warning in &self.warnings {
            text.push_str(&format!("Warning: {warning}\n"));
        }
        text
    }
}

/// Whether a lowercase `scheme` is a web page's: `http` or `https`, the
/// only schemes a client opens.
fn is_web_scheme(scheme: &str) -> bool {
    matches!(scheme, "http" | "https")
}
