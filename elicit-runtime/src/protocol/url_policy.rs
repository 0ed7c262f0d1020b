//! Which URLs a server may send in URL mode: the one home of the rule.
//!
//! A URL-mode request asks the user to open a page in their browser, so the
//! server may send only a web page served over TLS: `https`, with a host.
//! `http` is allowed only to a loopback host (`localhost`, `127.0.0.0/8`,
//! `[::1]`), for a page served on the user's own machine, and only when the
//! server chose [`UrlPolicy::HttpsOrLoopbackHttp`]. Every other scheme
//! (`javascript:`, `data:`, `file:`, `vbscript:`, `ms-msdt:`, ...) is
//! refused, as is `http` to any other host.
//!
//! The rule binds what a server builds ([`UrlRequest::new`],
//! [`Elicitor::url`], [`Elicitor::check`], [`UrlElicitationRequired::new`]).
//! A request read from the wire is not held to it: the client decides what
//! it opens ([`UrlView::is_openable`]).
//!
//! [`UrlRequest::new`]: super::UrlRequest::new
//! [`Elicitor::url`]: super::Elicitor::url
//! [`Elicitor::check`]: super::Elicitor::check
//! [`UrlElicitationRequired::new`]: super::UrlElicitationRequired::new
//! [`UrlView::is_openable`]: crate::client::UrlView::is_openable

use std::net::{Ipv4Addr, Ipv6Addr};

use super::RequestError;
use super::request::check_url;
use crate::format::authority_parts;

/// Which URLs a server may send in URL mode. The default,
/// [`UrlPolicy::Https`], takes `https` only.
///
/// ```
/// use elicit_runtime::protocol::{RequestError, UrlPolicy};
///
/// assert!(UrlPolicy::Https.check("https://mcp.example.com/connect").is_ok());
///
/// let error = UrlPolicy::Https.check("javascript:alert(1)").unwrap_err();
/// assert!(matches!(error, RequestError::UrlSchemeRefused { .. }));
/// assert!(error.to_string().ends_with("serve the page over `https`"));
///
/// // `http` to this machine, only when chosen.
/// assert!(UrlPolicy::Https.check("http://127.0.0.1:8080/connect").is_err());
/// assert!(UrlPolicy::HttpsOrLoopbackHttp.check("http://127.0.0.1:8080/connect").is_ok());
/// assert!(UrlPolicy::HttpsOrLoopbackHttp.check("http://evil.example/").is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum UrlPolicy {
    /// `https` to a named host or an address: the page is served over TLS.
    #[default]
    Https,
    /// `https`, and also `http` to a loopback host (`localhost`,
    /// `127.0.0.0/8`, `[::1]`): for a server whose page runs on the user's
    /// own machine, such as in development.
    HttpsOrLoopbackHttp,
}

impl UrlPolicy {
    /// Checks that a server may send `url` in a URL-mode request.
    ///
    /// # Errors
    ///
    /// [`RequestError::InvalidUrl`] when `url` is not an absolute URI;
    /// [`RequestError::UrlSchemeRefused`] when its scheme is not `https`
    /// (or `http` to a loopback host, under
    /// [`UrlPolicy::HttpsOrLoopbackHttp`]); [`RequestError::UrlWithoutHost`]
    /// when it names no host.
    pub fn check(self, url: &str) -> Result<(), RequestError> {
        check_url(url)?;
        let Some((scheme, parts)) = authority_parts(url) else {
            return Err(refuse_hostless(url));
        };
        let scheme = scheme.to_ascii_lowercase();
        let allowed = match scheme.as_str() {
            "https" => true,
            "http" => self == UrlPolicy::HttpsOrLoopbackHttp && is_loopback(parts.host),
            _ => false,
        };
        if !allowed {
            return Err(RequestError::url_scheme_refused(url, &scheme, self));
        }
        if parts.host.is_empty() {
            return Err(RequestError::url_without_host(url));
        }
        Ok(())
    }
}

/// The refusal of an absolute URI without an authority: a web scheme
/// without a host (`https:connect`) or another scheme (`javascript:`).
fn refuse_hostless(url: &str) -> RequestError {
    let scheme = url.split(':').next().unwrap_or_default();
    match scheme.to_ascii_lowercase().as_str() {
        "https" => RequestError::url_without_host(url),
        other => RequestError::url_scheme_refused(url, other, UrlPolicy::Https),
    }
}

/// Whether `host` (as a URI writes it, an IP literal without brackets) is
/// this machine: `localhost`, an address in `127.0.0.0/8`, or `::1`. An
/// address in another spelling (`0177.0.0.1`, `127.1`, percent-encoded) is
/// not taken as loopback.
fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host.parse::<Ipv4Addr>().is_ok_and(|ip| ip.is_loopback())
        || host.parse::<Ipv6Addr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_is_localhost_127_and_the_ipv6_loopback_only() {
        for host in ["localhost", "LocalHost", "127.0.0.1", "127.255.0.9", "::1"] {
            assert!(is_loopback(host), "{host}");
        }
        for host in [
            "localhost.",
            "localhost.evil.example",
            "127.0.0.1.evil.example",
            "0177.0.0.1",
            "127.1",
            "128.0.0.1",
            "::ffff:127.0.0.1",
            "::",
            "%6cocalhost",
            "",
        ] {
            assert!(!is_loopback(host), "{host}");
        }
    }

    #[test]
    fn the_scheme_is_read_without_regard_to_case() {
        assert!(UrlPolicy::Https.check("HTTPS://example.com/").is_ok());
        assert!(
            UrlPolicy::HttpsOrLoopbackHttp
                .check("HTTP://localhost/")
                .is_ok()
        );
        assert!(UrlPolicy::Https.check("JavaScript:alert(1)").is_err());
    }

    #[test]
    fn userinfo_does_not_make_a_host_loopback() {
        let policy = UrlPolicy::HttpsOrLoopbackHttp;
        assert!(policy.check("http://localhost@evil.example/").is_err());
        assert!(policy.check("http://127.0.0.1@evil.example/").is_err());
    }

    #[test]
    fn https_needs_a_host() {
        for url in ["https:connect", "https:/connect", "https:///connect"] {
            assert!(
                matches!(
                    UrlPolicy::Https.check(url),
                    Err(RequestError::UrlWithoutHost { .. })
                ),
                "{url}"
            );
        }
    }
}
