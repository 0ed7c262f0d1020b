//! The public URL of the pages, read once: its origin (the scheme and host
//! the browser names in `Origin`), its path prefix (where a proxy serves
//! the router), and the rule by which a post says it comes from another
//! site.

use http::request::Parts;
use http::{HeaderName, header};

/// The public URL of the pages, normalized: the scheme and host in lower
/// case, a default port (`:443` for `https`, `:80` for `http`) left out, no
/// trailing `/`; the path prefix as it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PublicUrl {
    /// The whole URL, normalized: `https://example.com/app`.
    url: String,
    /// Where the origin ends and the path prefix starts in `url`.
    origin_len: usize,
}

impl PublicUrl {
    /// `url` read as a public URL: `https`, or `http` to a loopback host,
    /// with no user, query nor fragment; `None` otherwise.
    pub(crate) fn parse(url: &str) -> Option<PublicUrl> {
        let url = url.trim_end_matches('/');
        if url.contains(['?', '#'])
            || url
                .chars()
                .any(|c| c.is_ascii_whitespace() || c.is_control())
        {
            return None;
        }
        let (scheme, rest) = url.split_once("://")?;
        let end = rest.find('/').unwrap_or(rest.len());
        let origin = normalize_origin(scheme, &rest[..end])?;
        let origin_len = origin.len();
        Some(PublicUrl {
            url: origin + &rest[end..],
            origin_len,
        })
    }

    /// The whole URL: `https://example.com/app`.
    pub(crate) fn as_str(&self) -> &str {
        &self.url
    }

    /// The origin: `https://example.com`.
    pub(crate) fn origin(&self) -> &str {
        &self.url[..self.origin_len]
    }

    /// The path prefix, empty at the site's root: `/app`.
    pub(crate) fn prefix(&self) -> &str {
        &self.url[self.origin_len..]
    }

    /// Whether the URL is `https`.
    pub(crate) fn is_https(&self) -> bool {
        self.url.starts_with("https://")
    }

    /// Whether the post `parts` says it comes from another site: an
    /// `Origin` other than this one, or `Sec-Fetch-Site` other than
    /// `same-origin` or `none`. The pages send `Referrer-Policy:
    /// no-referrer`, with which a browser posts `Origin: null`: that is
    /// taken only with `Sec-Fetch-Site: same-origin`, a header a browser
    /// sets itself and no page can forge. (A post with neither header,
    /// from an older browser or a script, says nothing either way.)
    pub(crate) fn is_cross_site(&self, parts: &Parts) -> bool {
        let header = |name| parts.headers.get(name).map(http::HeaderValue::as_bytes);
        let site = header(HeaderName::from_static("sec-fetch-site"));
        let same_origin_fetch = site == Some(b"same-origin".as_slice());
        let foreign_origin = header(header::ORIGIN).is_some_and(|origin| {
            if origin == b"null" {
                return !same_origin_fetch;
            }
            std::str::from_utf8(origin)
                .ok()
                .and_then(|origin| origin.split_once("://"))
                .and_then(|(scheme, authority)| normalize_origin(scheme, authority))
                .is_none_or(|origin| origin != self.origin())
        });
        let cross = site.is_some_and(|site| site != b"same-origin" && site != b"none");
        foreign_origin || cross
    }
}

/// The origin of `scheme` and `authority`, normalized (lower case, no
/// default port), if it is `https`, or `http` to a loopback host, with no
/// user.
fn normalize_origin(scheme: &str, authority: &str) -> Option<String> {
    let scheme = scheme.to_ascii_lowercase();
    let default_port = match scheme.as_str() {
        "https" => "443",
        "http" => "80",
        _ => return None,
    };
    if authority.is_empty() || authority.contains(['@', '/']) {
        return None;
    }
    let (host, port) = match authority.rsplit_once(':') {
        // An IPv6 host's colons are inside its brackets.
        Some((host, port))
            if (!host.starts_with('[') || host.ends_with(']'))
                && port.bytes().all(|b| b.is_ascii_digit()) =>
        {
            (host, port)
        }
        _ => (authority, ""),
    };
    if host.is_empty() || (host.starts_with('[') != host.ends_with(']')) {
        return None;
    }
    let host = host.to_ascii_lowercase();
    let loopback = host == "localhost"
        || host == "[::1]"
        || host
            .parse::<std::net::Ipv4Addr>()
            .is_ok_and(|ip| ip.is_loopback());
    if scheme == "http" && !loopback {
        return None;
    }
    // As a browser reads it: a number, so `0443` is 443.
    let port = match port.trim_start_matches('0') {
        "" if !port.is_empty() => "0",
        digits => digits,
    };
    Some(match port {
        "" => format!("{scheme}://{host}"),
        port if port == default_port => format!("{scheme}://{host}"),
        port => format!("{scheme}://{host}:{port}"),
    })
}

#[cfg(test)]
mod tests {
    use super::PublicUrl;

    fn origin(url: &str) -> Option<String> {
        PublicUrl::parse(url).map(|url| url.origin().to_owned())
    }

    #[test]
    fn origins() {
        for (url, expected) in [
            ("https://example.com/app", Some("https://example.com")),
            ("https://example.com:8443", Some("https://example.com:8443")),
            ("http://127.0.0.1:8080", Some("http://127.0.0.1:8080")),
            ("http://localhost:1/x", Some("http://localhost:1")),
            ("http://[::1]:1", Some("http://[::1]:1")),
            ("http://example.com", None),
            ("http://127.0.0.1.example.com", None),
            ("https://u@example.com", None),
            ("https://example.com/?q", None),
            ("https://example.com/#top", None),
            ("https://exa mple.com", None),
            ("https://", None),
            ("https://[::1", None),
            ("javascript:alert(1)", None),
            // Normalized: any case, a default port (`0443` read as a
            // number), an empty port.
            ("https://example.com:", Some("https://example.com")),
            ("https://example.com:0443", Some("https://example.com")),
            ("http://127.0.0.1:443", Some("http://127.0.0.1:443")),
        ] {
            assert_eq!(origin(url).as_deref(), expected, "{url}");
        }
    }

    /// The scheme and host in any case, and a default port, name the
    /// same origin; the path prefix keeps its case.
    #[test]
    fn normalized() {
        let url = PublicUrl::parse("HTTPS://Example.COM:443/App/").unwrap();
        assert_eq!(url.as_str(), "https://example.com/App");
        assert_eq!(url.origin(), "https://example.com");
        assert_eq!(url.prefix(), "/App");
        assert!(url.is_https());
        let url = PublicUrl::parse("http://LocalHost:80").unwrap();
        assert_eq!((url.as_str(), url.prefix()), ("http://localhost", ""));
    }
}
