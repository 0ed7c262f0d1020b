//! The pages' one stylesheet: plain, readable, one column that fits 320 px,
//! focus always visible, errors marked by a bar and words as well as colour.
//!
//! It is served apart from the pages, at [`STYLESHEET_PATH`] unless the
//! page says otherwise, so the pages' Content-Security-Policy allows
//! `style-src 'self'` and no inline style.

/// The path the pages link their stylesheet at, unless
/// [`Shell::stylesheet`](super::Shell::stylesheet) gives another; serve
/// [`STYLESHEET`] there with [`STYLESHEET_CONTENT_TYPE`].
pub const STYLESHEET_PATH: &str = "/forms/assets/form.css";

/// The `Content-Type` of [`STYLESHEET`].
pub const STYLESHEET_CONTENT_TYPE: &str = "text/css; charset=utf-8";

/// The stylesheet of every page.
///
/// ```
/// use elicit_runtime::html::STYLESHEET;
///
/// assert!(STYLESHEET.contains(":focus"));
/// ```
pub const STYLESHEET: &str = "\
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,Arial,sans-serif;font-size:100%;line-height:1.5;color:#0b0c0c;background:#fff;-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;padding:1rem}
main{max-width:40rem;margin:0 auto}
.masthead{max-width:40rem;margin:0 auto 1.5rem;padding:0 0 .75rem;border-bottom:1px solid #b1b4b6;display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1.5rem}
.masthead p{margin:0;overflow-wrap:anywhere}
.masthead form{margin:0 0 0 auto}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 1.5rem;overflow-wrap:anywhere}
h2{font-size:1.25rem;margin:0 0 .75rem}
p{margin:0 0 1rem}
.field{margin:0 0 1.75rem}
.field>label,legend{display:block;font-weight:700;margin:0 0 .25rem;overflow-wrap:anywhere}
fieldset{border:0;margin:0;padding:0;min-width:0}
legend{padding:0}
.hint{display:block;color:#484949;margin:0 0 .5rem;white-space:pre-line;overflow-wrap:anywhere}
.optional{font-weight:400}
input[type=text],input[type=email],input[type=url],input[type=date],input[type=number],input[type=password],select,textarea{display:block;width:100%;max-width:100%;font:inherit;padding:.4rem;border:2px solid #0b0c0c;border-radius:0;background:#fff;color:inherit}
input[type=number]{max-width:12rem}
input[type=date]{max-width:14rem}
textarea{min-height:6rem;resize:vertical}
.option{display:flex;align-items:flex-start;gap:.5rem;margin:0 0 .5rem}
.option input{width:1.5rem;height:1.5rem;margin:.1rem 0 0;flex:none}
.option label{overflow-wrap:anywhere}
:focus{outline:3px solid #fd0;outline-offset:0;box-shadow:0 0 0 6px #0b0c0c}
.invalid{border-left:5px solid #d4351c;padding-left:.75rem}
.error-message{display:block;color:#d4351c;font-weight:700;margin:0 0 .5rem;overflow-wrap:anywhere}
[aria-invalid=true]{border-color:#d4351c}
.error-summary{border:5px solid #d4351c;padding:1rem;margin:0 0 2rem}
.error-summary ul{margin:0;padding:0 0 0 1.25rem}
.error-summary a{color:#d4351c;font-weight:700;overflow-wrap:anywhere}
.visually-hidden{position:absolute!important;width:1px!important;height:1px!important;margin:0!important;padding:0!important;overflow:hidden!important;clip:rect(0 0 0 0)!important;clip-path:inset(50%)!important;border:0!important;white-space:nowrap!important}
.buttons{display:flex;flex-wrap:wrap;gap:.75rem;margin:2rem 0 0}
button{font:inherit;font-weight:700;padding:.5rem 1rem;border:2px solid #0b0c0c;border-radius:0;background:#f3f2f1;color:#0b0c0c;cursor:pointer}
button[value=accept]{background:#00703c;border-color:#002d18;color:#fff}
@media (prefers-color-scheme:dark){html{color:#f3f2f1;background:#0b0c0c}.hint{color:#c8c8c8}input[type=text],input[type=email],input[type=url],input[type=date],input[type=number],input[type=password],select,textarea{background:#1d1d1d;border-color:#f3f2f1}button{background:#2b2b2b;color:#f3f2f1;border-color:#f3f2f1}.error-message,.error-summary a{color:#ff8f7a}}
";
