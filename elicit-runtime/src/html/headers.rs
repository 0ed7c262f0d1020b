//! The response headers every page must carry.

/// The pages' Content-Security-Policy: nothing loads but the stylesheet
/// from the page's own origin (`style-src 'self'`, [`STYLESHEET_PATH`]);
/// no script of any kind, inline or not; no inline style; the form posts
/// only to its own origin; no page may frame it; no `<base>` may move its
/// links.
///
/// [`STYLESHEET_PATH`]: super::STYLESHEET_PATH
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; style-src 'self'; \
     form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/// The `Content-Type` of every page.
pub const PAGE_CONTENT_TYPE: &str = "text/html; charset=utf-8";

/// The headers every page (the form, its error page, the done and refused
/// pages) must carry, as `(name, value)`: the
/// [`CONTENT_SECURITY_POLICY`], `X-Frame-Options: DENY` for browsers that
/// read no `frame-ancestors`, `Referrer-Policy: no-referrer` (the page's
/// URL names a visit, so it is sent nowhere, not even to the site itself;
/// a browser then posts the page with `Origin: null`, which the form
/// router takes only with `Sec-Fetch-Site: same-origin`),
/// `Cache-Control: no-store` (a page holds what the
/// user typed), `X-Content-Type-Options: nosniff`, and the
/// [`PAGE_CONTENT_TYPE`].
///
/// ```
/// use elicit_runtime::html::SECURITY_HEADERS;
///
/// let csp = SECURITY_HEADERS.iter().find(|(name, _)| *name == "Content-Security-Policy").unwrap();
/// assert!(csp.1.starts_with("default-src 'none'"));
/// assert!(!csp.1.contains("unsafe-inline"));
/// ```
pub const SECURITY_HEADERS: [(&str, &str); 6] = [
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Content-Type", PAGE_CONTENT_TYPE),
];
