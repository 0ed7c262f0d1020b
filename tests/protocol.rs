//! The typed protocol: reading leniently, writing exactly per revision, and
//! refusing what the client did not declare.

use std::collections::HashSet;

use elicit_runtime::protocol::{
    Action, CLIENT_CAPABILITIES_META_KEY, ElicitRequestParams, ElicitResult, ElicitationCapability,
    ElicitationCompleteNotification, ElicitationId, Elicitor, FormRequest, InputRequest,
    InputRequiredResult, InputResponses, MessageError, Mode, RequestError, RetryParams, Revision,
    UrlElicitationRequired, UrlPolicy, UrlRequest,
};
use elicit_runtime::{ElicitError, Elicitable, Elicitation, InputResponseError, UrlConsent};
use serde_json::{Map, Value, json};

/// Please provide your GitHub username
#[derive(Debug, PartialEq, Elicitable)]
struct GitHub {
    name: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Topping {
    Cheese,
    Olives,
}

/// Pick your toppings
#[derive(Debug, PartialEq, Elicitable)]
struct Pizza {
    toppings: Vec<Topping>,
}

const CONNECT: &str = "https://mcp.example.com/connect";

fn elicitor(revision: Revision, capability: ElicitationCapability) -> Elicitor {
    Elicitor::new(revision, capability)
}

/// Error text is lowercase, has no trailing period, names things in
/// backticks and says how to fix the problem after a colon.
fn assert_style(error: &dyn std::error::Error) {
    let text = error.to_string();
    let first = text.chars().next().unwrap();
    assert!(!first.is_uppercase(), "starts in uppercase: {text}");
    assert!(!text.ends_with('.'), "ends with a period: {text}");
    assert!(text.contains('`'), "names nothing in backticks: {text}");
    assert!(text.contains(": "), "gives no fix: {text}");
}

// ---------------------------------------------------------------------------
// Results and capabilities.

#[test]
fn results_parse_leniently_and_keep_meta() {
    let typed: ElicitResult = serde_json::from_value(json!({
        "action": "accept",
        "content": {},
        "_meta": { "trace": 1 },
        "somethingNew": true
    }))
    .unwrap();
    assert_eq!(typed.action, Action::Accept);
    assert_eq!(typed.content, Some(Map::new()));
    assert_eq!(
        serde_json::to_value(&typed).unwrap(),
        json!({ "action": "accept", "content": {}, "_meta": { "trace": 1 } })
    );
    let unknown: Result<ElicitResult, _> = serde_json::from_value(json!({ "action": "maybe" }));
    assert!(unknown.is_err());
}

#[test]
fn results_are_built_for_each_action() {
    let mut content = Map::new();
    content.insert("name".into(), json!("octocat"));
    assert_eq!(
        serde_json::to_value(ElicitResult::accept(content)).unwrap(),
        json!({ "action": "accept", "content": { "name": "octocat" } })
    );
    assert_eq!(
        serde_json::to_value(ElicitResult::accept_url()).unwrap(),
        json!({ "action": "accept" })
    );
    assert_eq!(
        serde_json::to_value(ElicitResult::decline()).unwrap(),
        json!({ "action": "decline" })
    );
    assert_eq!(
        serde_json::to_value(ElicitResult::cancel()).unwrap(),
        json!({ "action": "cancel" })
    );
}

#[test]
fn url_outcomes_ignore_content_and_round_trip() {
    for outcome in [
        UrlConsent::Consented { visit: None },
        UrlConsent::Declined,
        UrlConsent::Cancelled,
    ] {
        let value = serde_json::to_value(&outcome).unwrap();
        assert_eq!(value, json!({ "action": outcome.action().as_str() }));
        assert_eq!(UrlConsent::from_json(&value).unwrap(), outcome);
        assert_eq!(UrlConsent::from_result(&outcome.to_result()), outcome);
    }
    let with_content = json!({ "action": "accept", "content": { "x": 1 } });
    assert_eq!(
        UrlConsent::from_json(&with_content).unwrap(),
        UrlConsent::Consented { visit: None }
    );
    assert!(UrlConsent::from_json(&json!({})).is_err());
    assert!(UrlConsent::from_json_str("[").is_err());
}

#[test]
fn results_read_from_jsonrpc_responses() {
    let response = json!({ "jsonrpc": "2.0", "id": "a", "result": { "action": "cancel" } });
    let (id, result) = ElicitResult::from_jsonrpc(&response).unwrap();
    assert_eq!(id, "a".into());
    assert_eq!(result, ElicitResult::cancel());
    let not_jsonrpc = json!({ "id": 1, "result": { "action": "cancel" } });
    assert_eq!(
        ElicitResult::from_jsonrpc(&not_jsonrpc),
        Err(MessageError::NotJsonRpc)
    );
    let no_result = json!({ "jsonrpc": "2.0", "id": 1 });
    assert_eq!(
        ElicitResult::from_jsonrpc(&no_result),
        Err(MessageError::Missing { member: "result" })
    );
    let bad = json!({ "jsonrpc": "2.0", "id": 1, "result": { "action": 3 } });
    assert!(matches!(
        ElicitResult::from_jsonrpc(&bad),
        Err(MessageError::Invalid {
            member: "result",
            ..
        })
    ));
    let error = ElicitResult::from_jsonrpc(&json!([])).unwrap_err();
    assert_eq!(
        error.to_string(),
        "a JSON-RPC message must be an object, received an array of 0 items"
    );
}

#[test]
fn the_capability_is_read_from_client_capabilities() {
    let declared = json!({ "elicitation": {}, "roots": { "listChanged": true } });
    let capability = ElicitationCapability::from_client_capabilities(&declared).unwrap();
    assert_eq!(serde_json::to_value(&capability).unwrap(), json!({}));
    assert!(ElicitationCapability::from_client_capabilities(&json!({ "roots": {} })).is_none());
    assert!(
        ElicitationCapability::from_client_capabilities(&json!({ "elicitation": true })).is_none()
    );
    assert!(
        ElicitationCapability::from_client_capabilities(
            &json!({ "elicitation": { "form": true } })
        )
        .is_none()
    );
    let initialize = json!({ "capabilities": { "elicitation": capability } });
    assert_eq!(initialize, json!({ "capabilities": { "elicitation": {} } }));
}

#[test]
fn capabilities_keep_unknown_keys_and_read_modes() {
    let declared = json!({ "form": { "x-preview": true }, "x-vendor": 1 });
    let capability: ElicitationCapability = serde_json::from_value(declared.clone()).unwrap();
    assert_eq!(serde_json::to_value(&capability).unwrap(), declared);
    assert!(capability.supports(Mode::Form));
    assert!(!capability.supports(Mode::Url));

    let cases = [
        (ElicitationCapability::legacy(), true, false),
        (ElicitationCapability::form_only(), true, false),
        (ElicitationCapability::url_only(), false, true),
        (ElicitationCapability::form_and_url(), true, true),
    ];
    for (capability, form, url) in cases {
        assert_eq!(capability.supports(Mode::Form), form, "{capability:?}");
        assert_eq!(capability.supports(Mode::Url), url, "{capability:?}");
        for revision in [Revision::V2025_11_25, Revision::V2026_07_28] {
            assert_eq!(capability.supports_in(Mode::Form, revision), form);
            assert_eq!(capability.supports_in(Mode::Url, revision), url);
        }
        // 2025-06-18 has no modes: any capability is form mode.
        assert!(capability.supports_in(Mode::Form, Revision::V2025_06_18));
        assert!(!capability.supports_in(Mode::Url, Revision::V2025_06_18));
    }
}

#[test]
fn the_capability_travels_in_request_meta() {
    let mut meta = Map::new();
    meta.insert(
        CLIENT_CAPABILITIES_META_KEY.into(),
        json!({ "roots": {}, "elicitation": { "form": {} } }),
    );
    meta.insert(
        "io.modelcontextprotocol/protocolVersion".into(),
        json!("2026-07-28"),
    );
    assert_eq!(
        ElicitationCapability::from_request_meta(&meta),
        Some(ElicitationCapability::form_only())
    );
    ElicitationCapability::form_and_url().write_to_request_meta(&mut meta);
    assert_eq!(
        Value::Object(meta.clone()),
        json!({
            "io.modelcontextprotocol/clientCapabilities": {
                "roots": {},
                "elicitation": { "form": {}, "url": {} }
            },
            "io.modelcontextprotocol/protocolVersion": "2026-07-28"
        })
    );
    let mut broken = Map::new();
    broken.insert(CLIENT_CAPABILITIES_META_KEY.into(), json!("none"));
    assert_eq!(ElicitationCapability::from_request_meta(&broken), None);
    ElicitationCapability::legacy().write_to_request_meta(&mut broken);
    assert_eq!(
        Value::Object(broken),
        json!({ "io.modelcontextprotocol/clientCapabilities": { "elicitation": {} } })
    );
    assert_eq!(
        ElicitationCapability::from_request_params(&json!({ "name": "x" })),
        None
    );
}

// ---------------------------------------------------------------------------
// Requests: reading by mode, writing per revision.

fn form_params() -> Value {
    json!({
        "message": "Please provide your GitHub username",
        "requestedSchema": {
            "type": "object",
            "properties": { "name": { "type": "string" } },
            "required": ["name"]
        }
    })
}

#[test]
fn params_are_read_by_mode() {
    let absent: ElicitRequestParams = serde_json::from_value(form_params()).unwrap();
    assert_eq!(absent.mode(), Mode::Form);
    let mut explicit = form_params();
    explicit["mode"] = json!("form");
    let explicit: ElicitRequestParams = serde_json::from_value(explicit).unwrap();
    assert_eq!(explicit, absent);
    let mut null = form_params();
    null["mode"] = Value::Null;
    assert_eq!(
        serde_json::from_value::<ElicitRequestParams>(null).unwrap(),
        absent
    );

    let mut unknown = form_params();
    unknown["mode"] = json!("voice");
    let error = serde_json::from_value::<ElicitRequestParams>(unknown).unwrap_err();
    assert_eq!(
        error.to_string(),
        "unknown elicitation `mode` `voice`: expected `form` or `url`"
    );
    let mut number = form_params();
    number["mode"] = json!(1);
    let error = serde_json::from_value::<ElicitRequestParams>(number).unwrap_err();
    assert_eq!(
        error.to_string(),
        "`mode` must be the string `form` or `url`, received 1"
    );
    assert!(serde_json::from_value::<ElicitRequestParams>(json!("form")).is_err());
}

#[test]
fn unknown_keys_are_ignored_when_reading() {
    let mut params = form_params();
    params["task"] = json!({ "ttl": 1000 });
    params["x-vendor"] = json!(true);
    let typed: ElicitRequestParams = serde_json::from_value(params).unwrap();
    assert_eq!(
        typed.render(Revision::V2025_06_18).unwrap().to_json(),
        form_params()
    );
    let url: ElicitRequestParams = serde_json::from_value(json!({
        "mode": "url",
        "url": CONNECT,
        "message": "Connect",
        "somethingNew": [1, 2]
    }))
    .unwrap();
    assert_eq!(
        url.render(Revision::V2026_07_28).unwrap().to_json(),
        json!({ "mode": "url", "url": CONNECT, "message": "Connect" })
    );
}

#[test]
fn form_and_url_readers_refuse_the_other_mode() {
    let url = json!({ "mode": "url", "url": CONNECT, "message": "Connect", "elicitationId": "e" });
    let error = serde_json::from_value::<FormRequest>(url).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("read it as `ElicitRequestParams`")
    );
    let mut form = form_params();
    form["mode"] = json!("form");
    form["url"] = json!(CONNECT);
    assert!(serde_json::from_value::<UrlRequest>(form).is_err());
    let no_mode = json!({ "url": CONNECT, "message": "Connect" });
    let error = serde_json::from_value::<UrlRequest>(no_mode).unwrap_err();
    assert!(error.to_string().starts_with("missing `mode`"), "{error}");
}

#[test]
fn url_requests_need_an_absolute_uri() {
    for bad in [
        "",
        "example.com/connect",
        "/connect",
        "https://exa mple.com",
    ] {
        let error = UrlRequest::new("Connect", bad).unwrap_err();
        assert!(matches!(error, RequestError::InvalidUrl { .. }), "{bad}");
        assert_style(&error);
        let wire = json!({ "mode": "url", "url": bad, "message": "Connect" });
        assert!(
            serde_json::from_value::<ElicitRequestParams>(wire).is_err(),
            "{bad}"
        );
    }
    assert!(UrlRequest::new("Connect", CONNECT).is_ok());
    // Read from the wire, any absolute URI is a URL request: the client
    // decides what it opens.
    for read in ["http://localhost:8080/x?y=1#z", "urn:example:connect"] {
        let wire = json!({ "mode": "url", "url": read, "message": "Connect" });
        let request: UrlRequest = serde_json::from_value(wire).unwrap();
        assert_eq!(request.url, read);
    }
    // A URL changed after the check is checked again when written.
    let mut request = UrlRequest::new("Connect", CONNECT).unwrap();
    request.url = "nope".into();
    assert!(matches!(
        request.render(Revision::V2026_07_28),
        Err(RequestError::InvalidUrl { .. })
    ));
}

/// URLs a hostile or careless server might send in URL mode: each runs
/// code, reads local files or travels in clear where the client opens it.
const DANGEROUS_URLS: [(&str, &str); 7] = [
    ("javascript:alert(1)", "javascript"),
    (
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "data",
    ),
    ("data:text/html,%3Cscript%3Ealert(1)%3C%2Fscript%3E", "data"),
    ("file:///etc/passwd", "file"),
    ("vbscript:msgbox", "vbscript"),
    ("ms-msdt:/id", "ms-msdt"),
    ("http://evil.example/", "http"),
];

/// Loopback URLs over `http`: sent only when the server chose
/// [`UrlPolicy::HttpsOrLoopbackHttp`].
const LOOPBACK_HTTP: [&str; 3] = [
    "http://127.0.0.1:8080/x",
    "http://localhost/x",
    "http://[::1]/x",
];

fn assert_scheme_refused(error: &RequestError, url: &str, scheme: &str) {
    assert!(
        matches!(error, RequestError::UrlSchemeRefused { scheme: s, .. } if s == scheme),
        "{url}: {error:?}"
    );
    let text = error.to_string();
    assert!(text.contains(&format!("`{scheme}`")), "{url}: {text}");
    assert!(
        text.contains("serve the page over `https`"),
        "{url}: {text}"
    );
    assert_style(error);
}

#[test]
fn a_server_cannot_send_a_url_that_is_no_https_page() {
    let elicitor = elicitor(Revision::V2025_11_25, ElicitationCapability::form_and_url());
    let latest = Elicitor::new(Revision::V2026_07_28, ElicitationCapability::form_and_url());
    for policy in [UrlPolicy::Https, UrlPolicy::HttpsOrLoopbackHttp] {
        let elicitor = elicitor.clone().with_url_policy(policy);
        let latest = latest.clone().with_url_policy(policy);
        for (url, scheme) in DANGEROUS_URLS {
            let refused = |result: Result<_, RequestError>| match result {
                Ok(_) => panic!("{url} was accepted under {policy:?}"),
                Err(error) => assert_scheme_refused(&error, url, scheme),
            };
            refused(UrlRequest::new_with_policy("Connect", url, policy).map(drop));
            refused(elicitor.url("Connect", url).map(drop));
            refused(
                elicitor
                    .url_with_id("Connect", url, ElicitationId::new("e"))
                    .map(drop),
            );
            let builder = InputRequiredResult::builder(&latest).unwrap();
            refused(builder.url("k", "Connect", url).map(drop));

            // Built for a good URL, then changed: checked again where sent.
            let mut changed = UrlRequest::new("Connect", CONNECT)
                .unwrap()
                .with_elicitation_id(ElicitationId::new("e"));
            changed.url = url.to_owned();
            refused(elicitor.check(changed.clone()).map(drop));
            refused(
                UrlElicitationRequired::new_with_policy("Connect first", vec![changed], policy)
                    .map(drop),
            );
        }
        if policy == UrlPolicy::Https {
            for (url, scheme) in DANGEROUS_URLS {
                let error = UrlRequest::new("Connect", url).unwrap_err();
                assert_scheme_refused(&error, url, scheme);
            }
        }
    }
    // Unencoded, the `data:` page is not even an absolute URI.
    let raw = "data:text/html,<script>alert(1)</script>";
    assert!(matches!(
        UrlRequest::new("Connect", raw),
        Err(RequestError::InvalidUrl { .. })
    ));
    // A client still reads every one of them: it decides what to open.
    for (url, _) in DANGEROUS_URLS {
        let wire = json!({ "mode": "url", "url": url, "message": "Connect" });
        assert!(serde_json::from_value::<UrlRequest>(wire).is_ok(), "{url}");
    }
}

#[test]
fn the_refusal_says_which_scheme_and_what_to_do() {
    assert_eq!(
        UrlRequest::new("Connect", "file:///etc/passwd")
            .unwrap_err()
            .to_string(),
        "elicitation `url` `file:///etc/passwd` uses the scheme `file`, which is no web page a \
         client may open: serve the page over `https`"
    );
    assert_eq!(
        UrlRequest::new("Connect", "http://evil.example/")
            .unwrap_err()
            .to_string(),
        "elicitation `url` `http://evil.example/` uses `http`: serve the page over `https` \
         (`http` is allowed only to a loopback host, under `UrlPolicy::HttpsOrLoopbackHttp`)"
    );
    let policy = UrlPolicy::HttpsOrLoopbackHttp;
    assert_eq!(
        UrlRequest::new_with_policy("Connect", "http://evil.example/", policy)
            .unwrap_err()
            .to_string(),
        "elicitation `url` `http://evil.example/` uses `http` to a host that is not loopback: \
         serve the page over `https` (`http` is allowed only to `localhost`, `127.0.0.0/8` and \
         `[::1]`)"
    );
    let error = UrlRequest::new("Connect", "https:connect").unwrap_err();
    assert!(matches!(error, RequestError::UrlWithoutHost { .. }));
    assert_style(&error);
}

#[test]
fn loopback_http_is_sent_only_when_chosen() {
    let elicitor = elicitor(Revision::V2025_11_25, ElicitationCapability::form_and_url());
    let chosen = elicitor
        .clone()
        .with_url_policy(UrlPolicy::HttpsOrLoopbackHttp);
    assert_eq!(elicitor.url_policy(), UrlPolicy::Https);
    for url in LOOPBACK_HTTP {
        // Not chosen: refused everywhere a server builds a request.
        assert_scheme_refused(&UrlRequest::new("Connect", url).unwrap_err(), url, "http");
        assert_scheme_refused(&elicitor.url("Connect", url).unwrap_err(), url, "http");
        assert_scheme_refused(
            &elicitor
                .url_with_id("Connect", url, ElicitationId::new("e"))
                .unwrap_err(),
            url,
            "http",
        );
        let request = UrlRequest::new_with_policy("Connect", url, UrlPolicy::HttpsOrLoopbackHttp)
            .unwrap()
            .with_elicitation_id(ElicitationId::new("e"));
        assert_scheme_refused(
            &UrlElicitationRequired::new("Connect first", vec![request.clone()]).unwrap_err(),
            url,
            "http",
        );
        assert_scheme_refused(&elicitor.check(request.clone()).unwrap_err(), url, "http");

        // Chosen: sent as given.
        assert_eq!(request.url, url);
        let sent = chosen.url("Connect", url).unwrap();
        assert_eq!(sent.to_json()["url"], url);
        let sent = chosen
            .url_with_id("Connect", url, ElicitationId::new("e"))
            .unwrap();
        assert_eq!(sent.to_json()["url"], url);
        assert!(chosen.check(request.clone()).is_ok());
        let error = UrlElicitationRequired::new_with_policy(
            "Connect first",
            vec![request],
            UrlPolicy::HttpsOrLoopbackHttp,
        )
        .unwrap();
        assert_eq!(error.to_error()["data"]["elicitations"][0]["url"], url);
    }
}

#[test]
fn form_params_are_written_per_revision() {
    let request = GitHub::default_request();
    let old = request.render(Revision::V2025_06_18).unwrap().to_json();
    assert_eq!(old, form_params());
    for revision in [Revision::V2025_11_25, Revision::V2026_07_28] {
        let mut expected = json!({ "mode": "form" });
        for (key, value) in form_params().as_object().unwrap() {
            expected[key] = value.clone();
        }
        let rendered = request.render(revision).unwrap();
        assert_eq!(rendered.revision(), revision);
        assert_eq!(rendered.to_json(), expected);
        // `mode` comes first, as on the spec's pages.
        let text = serde_json::to_string(&rendered).unwrap();
        assert!(text.starts_with(r#"{"mode":"form","message""#), "{text}");
    }
    // The plain `Serialize` stays revision-neutral: no `mode`.
    assert_eq!(serde_json::to_value(&request).unwrap(), form_params());

    let mut meta = Map::new();
    meta.insert("trace".into(), json!("t-1"));
    let with_meta = request.with_meta(meta);
    assert_eq!(
        with_meta.render(Revision::V2025_11_25).unwrap().to_json()["_meta"],
        json!({ "trace": "t-1" })
    );
}

#[test]
fn url_params_are_written_per_revision() {
    let id = ElicitationId::new("e-1");
    let request = UrlRequest::new("Connect", CONNECT)
        .unwrap()
        .with_elicitation_id(id.clone());
    assert_eq!(
        request.render(Revision::V2025_06_18).unwrap_err(),
        RequestError::ModeNotInRevision {
            mode: Mode::Url,
            revision: Revision::V2025_06_18
        }
    );
    let text = serde_json::to_string(&request.render(Revision::V2025_11_25).unwrap()).unwrap();
    assert_eq!(
        text,
        r#"{"mode":"url","elicitationId":"e-1","url":"https://mcp.example.com/connect","message":"Connect"}"#
    );
    let text = serde_json::to_string(&request.render(Revision::V2026_07_28).unwrap()).unwrap();
    assert_eq!(
        text,
        r#"{"mode":"url","url":"https://mcp.example.com/connect","message":"Connect"}"#
    );
    let without_id = UrlRequest::new("Connect", CONNECT).unwrap();
    assert_eq!(
        without_id.render(Revision::V2025_11_25).unwrap_err(),
        RequestError::MissingElicitationId
    );
    let generated = without_id.with_generated_id().unwrap();
    assert!(generated.render(Revision::V2025_11_25).is_ok());
}

#[test]
fn requests_round_trip_through_jsonrpc() {
    let elicitor = elicitor(Revision::V2025_11_25, ElicitationCapability::form_and_url());
    for request in [
        elicitor.form_default::<GitHub>().unwrap(),
        elicitor.url("Connect", CONNECT).unwrap(),
    ] {
        let message = request.to_jsonrpc("req-1").unwrap();
        let (id, params) = ElicitRequestParams::from_jsonrpc(&message).unwrap();
        assert_eq!(id, "req-1".into());
        assert_eq!(&params, request.params());
        assert_eq!(
            params.to_jsonrpc(id, Revision::V2025_11_25).unwrap(),
            message
        );
    }
    let wrong = json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {} });
    assert!(matches!(
        ElicitRequestParams::from_jsonrpc(&wrong),
        Err(MessageError::WrongMethod { .. })
    ));
    let no_id =
        json!({ "jsonrpc": "2.0", "method": "elicitation/create", "params": form_params() });
    assert_eq!(
        ElicitRequestParams::from_jsonrpc(&no_id),
        Err(MessageError::Missing { member: "id" })
    );
    let float_id = json!({ "jsonrpc": "2.0", "id": 1.5, "method": "elicitation/create", "params": form_params() });
    assert!(matches!(
        ElicitRequestParams::from_jsonrpc(&float_id),
        Err(MessageError::Invalid { member: "id", .. })
    ));
}

// ---------------------------------------------------------------------------
// The elicitor: every refusal.

#[test]
fn the_elicitor_refuses_an_undeclared_capability() {
    let error = Elicitor::from_client_capabilities(Revision::V2025_06_18, &json!({ "roots": {} }))
        .unwrap_err();
    assert_eq!(error, RequestError::ElicitationNotDeclared);
    assert_style(&error);
    let error =
        Elicitor::from_request_params(Revision::V2026_07_28, &json!({ "name": "x" })).unwrap_err();
    assert_eq!(error, RequestError::ElicitationNotDeclared);
}

#[test]
fn the_elicitor_refuses_undeclared_modes() {
    let url_only = elicitor(Revision::V2025_11_25, ElicitationCapability::url_only());
    let error = url_only.form_default::<GitHub>().unwrap_err();
    assert_eq!(error, RequestError::ModeNotDeclared { mode: Mode::Form });
    assert_style(&error);

    for capability in [
        ElicitationCapability::legacy(),
        ElicitationCapability::form_only(),
    ] {
        for revision in [Revision::V2025_11_25, Revision::V2026_07_28] {
            let form_only = elicitor(revision, capability.clone());
            let error = form_only.url("Connect", CONNECT).unwrap_err();
            assert_eq!(error, RequestError::ModeNotDeclared { mode: Mode::Url });
            assert_style(&error);
            assert!(form_only.form::<GitHub>("Who?").is_ok());
        }
    }
}

#[test]
fn the_elicitor_refuses_modes_the_revision_lacks() {
    let old = elicitor(Revision::V2025_06_18, ElicitationCapability::form_and_url());
    let error = old.url("Connect", CONNECT).unwrap_err();
    assert_eq!(
        error,
        RequestError::ModeNotInRevision {
            mode: Mode::Url,
            revision: Revision::V2025_06_18
        }
    );
    assert_eq!(
        error.to_string(),
        "revision `2025-06-18` has no `url` mode: negotiate `2025-11-25` or later, or ask in `form` mode"
    );
    assert!(!old.supports(Mode::Url));
}

#[test]
fn the_elicitor_refuses_invalid_urls() {
    let elicitor = elicitor(Revision::V2025_11_25, ElicitationCapability::form_and_url());
    let error = elicitor
        .url("Connect", "mcp.example.com/connect")
        .unwrap_err();
    assert!(
        matches!(error, RequestError::InvalidUrl { ref url, .. } if url == "mcp.example.com/connect")
    );
    assert_style(&error);
    let error = elicitor
        .url_with_id("Connect", "", ElicitationId::new("e"))
        .unwrap_err();
    assert!(matches!(error, RequestError::InvalidUrl { .. }));
}

#[test]
fn the_elicitor_sends_multi_selects_to_2025_06_18_as_booleans() {
    let old = elicitor(Revision::V2025_06_18, ElicitationCapability::legacy());
    let request = old.form_default::<Pizza>().unwrap();
    assert!(request.is_downlevelled());
    assert_eq!(request.groups()[0].field(), "toppings");
    assert_eq!(
        request.to_json(),
        json!({
            "message": "Pick your toppings",
            "requestedSchema": {
                "type": "object",
                "properties": {
                    "toppings_cheese": { "type": "boolean", "title": "toppings: cheese" },
                    "toppings_olives": { "type": "boolean", "title": "toppings: olives" }
                }
            }
        })
    );
    let answer = ElicitResult::accept(
        json!({ "toppings_cheese": true, "toppings_olives": true })
            .as_object()
            .unwrap()
            .clone(),
    );
    assert_eq!(
        request.read::<Pizza>(&answer).unwrap(),
        Elicitation::Accept(Pizza {
            toppings: vec![Topping::Cheese, Topping::Olives]
        })
    );

    // Params checked as they are, as a client checks what it receives, are
    // still refused: only the elicitor, which knows the form, down-levels.
    let error = old
        .check(FormRequest::new("Pick your toppings", Pizza::SCHEMA))
        .unwrap_err();
    let RequestError::SchemaNotRenderable(render) = &error else {
        panic!("{error:?}");
    };
    assert_eq!(render.field(), "toppings");
    assert_style(&error);

    // Later revisions get the multi-select as it is, and read it so.
    let new = elicitor(Revision::V2025_11_25, ElicitationCapability::legacy());
    let request = new.form_default::<Pizza>().unwrap();
    assert!(!request.is_downlevelled());
    assert_eq!(
        request.to_json()["requestedSchema"]["properties"]["toppings"]["type"],
        "array"
    );
    let answer = ElicitResult::accept(
        json!({ "toppings": ["olives"] })
            .as_object()
            .unwrap()
            .clone(),
    );
    assert_eq!(
        request.read::<Pizza>(&answer).unwrap(),
        Elicitation::Accept(Pizza {
            toppings: vec![Topping::Olives]
        })
    );
}

#[test]
fn the_elicitor_writes_what_it_checked() {
    let revision = Revision::V2025_11_25;
    let elicitor = elicitor(revision, ElicitationCapability::form_and_url());
    let request = elicitor.url("Connect", CONNECT).unwrap();
    assert_eq!(request.mode(), Mode::Url);
    let id = request.elicitation_id().unwrap().clone();
    let message = request.to_jsonrpc(3).unwrap();
    assert_eq!(message["params"]["elicitationId"], id.as_str());
    assert_eq!(message["params"]["url"], CONNECT);

    let given = elicitor
        .url_with_id("Connect", CONNECT, ElicitationId::new("mine"))
        .unwrap();
    assert_eq!(given.elicitation_id().unwrap(), "mine");

    // 2026-07-28 has no ids and no server-to-client request.
    let latest = Elicitor::new(Revision::V2026_07_28, ElicitationCapability::form_and_url());
    let request = latest.url("Connect", CONNECT).unwrap();
    assert_eq!(request.elicitation_id(), None);
    assert!(request.to_json().get("elicitationId").is_none());
    let error = request.to_jsonrpc(1).unwrap_err();
    assert_eq!(
        error,
        RequestError::NoServerRequest {
            revision: Revision::V2026_07_28
        }
    );
    assert_style(&error);
    let form = latest.form_default::<GitHub>().unwrap();
    assert!(matches!(
        form.params().to_jsonrpc(1, Revision::V2026_07_28),
        Err(RequestError::NoServerRequest { .. })
    ));
    assert_eq!(
        serde_json::to_value(form.to_input_request()).unwrap()["method"],
        "elicitation/create"
    );
}

#[test]
fn a_client_checks_incoming_requests() {
    let client = elicitor(Revision::V2025_11_25, ElicitationCapability::form_only());
    let incoming: ElicitRequestParams = serde_json::from_value(json!({
        "mode": "url",
        "elicitationId": "e-1",
        "url": CONNECT,
        "message": "Connect"
    }))
    .unwrap();
    assert_eq!(
        client.check(incoming.clone()).unwrap_err(),
        RequestError::ModeNotDeclared { mode: Mode::Url }
    );
    assert_eq!(RequestError::INVALID_PARAMS, -32602);
    let both = elicitor(Revision::V2025_11_25, ElicitationCapability::form_and_url());
    assert!(both.check(incoming).is_ok());
    let no_id: ElicitRequestParams =
        serde_json::from_value(json!({ "mode": "url", "url": CONNECT, "message": "Connect" }))
            .unwrap();
    let error = both.check(no_id).unwrap_err();
    assert_eq!(error, RequestError::MissingElicitationId);
    assert_style(&error);
}

// ---------------------------------------------------------------------------
// Elicitation ids.

#[test]
fn generated_ids_are_uuid_v4() {
    for _ in 0..100 {
        let id = ElicitationId::generate().unwrap();
        let text = id.as_str();
        assert_eq!(text.len(), 36, "{text}");
        for (i, c) in text.char_indices() {
            if matches!(i, 8 | 13 | 18 | 23) {
                assert_eq!(c, '-', "{text}");
            } else {
                assert!(matches!(c, '0'..='9' | 'a'..='f'), "{text}");
            }
        }
        assert_eq!(&text[14..15], "4", "version: {text}");
        assert!(
            matches!(&text[19..20], "8" | "9" | "a" | "b"),
            "variant: {text}"
        );
    }
}

#[test]
fn generated_ids_are_unique() {
    let ids: HashSet<ElicitationId> = (0..10_000)
        .map(|_| ElicitationId::generate().unwrap())
        .collect();
    assert_eq!(ids.len(), 10_000);
    // Every random nibble takes many values: no stuck bits.
    let mut seen = [[false; 16]; 36];
    for id in &ids {
        for (i, c) in id.as_str().char_indices() {
            if let Some(digit) = c.to_digit(16) {
                seen[i][digit as usize] = true;
            }
        }
    }
    for (i, values) in seen.iter().enumerate() {
        let count = values.iter().filter(|v| **v).count();
        let expected = match i {
            8 | 13 | 18 | 23 => 0,
            14 => 1,
            19 => 4,
            _ => 16,
        };
        assert_eq!(count, expected, "position {i}");
    }
}

#[test]
fn ids_are_opaque_text() {
    let id = ElicitationId::from("any text, even with spaces");
    assert_eq!(id.to_string(), "any text, even with spaces");
    assert_eq!(
        serde_json::from_value::<ElicitationId>(json!("x")).unwrap(),
        "x"
    );
    assert_eq!(id.clone().into_string(), id.as_str());
}

// ---------------------------------------------------------------------------
// 2025-11-25: completion notification and the -32042 error.

#[test]
fn completion_notifications_round_trip_and_reject_other_messages() {
    let done = ElicitationCompleteNotification::new(ElicitationId::new("e-1"));
    let message = done.to_jsonrpc();
    assert_eq!(
        message,
        json!({
            "jsonrpc": "2.0",
            "method": "notifications/elicitation/complete",
            "params": { "elicitationId": "e-1" }
        })
    );
    assert_eq!(
        ElicitationCompleteNotification::from_jsonrpc(&message).unwrap(),
        done
    );
    let other = json!({ "jsonrpc": "2.0", "method": "notifications/progress", "params": {} });
    assert!(matches!(
        ElicitationCompleteNotification::from_jsonrpc(&other),
        Err(MessageError::WrongMethod { .. })
    ));
    let no_params = json!({ "jsonrpc": "2.0", "method": "notifications/elicitation/complete" });
    assert_eq!(
        ElicitationCompleteNotification::from_jsonrpc(&no_params),
        Err(MessageError::Missing { member: "params" })
    );
    let no_id = json!({
        "jsonrpc": "2.0",
        "method": "notifications/elicitation/complete",
        "params": { "_meta": {} }
    });
    assert!(matches!(
        ElicitationCompleteNotification::from_jsonrpc(&no_id),
        Err(MessageError::Invalid {
            member: "params",
            ..
        })
    ));
}

#[test]
fn url_elicitation_required_errors_round_trip() {
    let first = UrlRequest::new("Connect", CONNECT)
        .unwrap()
        .with_generated_id()
        .unwrap();
    let second = UrlRequest::new("Pay", "https://pay.example.com/checkout")
        .unwrap()
        .with_elicitation_id(ElicitationId::new("pay-1"));
    let error = UrlElicitationRequired::new(
        "This request requires more information.",
        vec![first.clone(), second.clone()],
    )
    .unwrap();
    assert_eq!(UrlElicitationRequired::CODE, -32042);
    let message = error.to_jsonrpc(9);
    assert_eq!(message["id"], 9);
    assert_eq!(message["error"]["code"], -32042);
    assert_eq!(
        message["error"]["data"]["elicitations"][1],
        json!({
            "mode": "url",
            "elicitationId": "pay-1",
            "url": "https://pay.example.com/checkout",
            "message": "Pay"
        })
    );
    let (id, back) = UrlElicitationRequired::from_jsonrpc(&message).unwrap();
    assert_eq!(id, Some(9.into()));
    assert_eq!(back.elicitations(), [first, second]);
    assert_eq!(back, error);
}

#[test]
fn url_elicitation_required_errors_need_ids() {
    let without = UrlRequest::new("Connect", CONNECT).unwrap();
    assert_eq!(
        UrlElicitationRequired::new("More needed.", vec![without]).unwrap_err(),
        RequestError::MissingElicitationId
    );
    let no_id = json!({
        "code": -32042,
        "message": "More needed.",
        "data": { "elicitations": [{ "mode": "url", "url": CONNECT, "message": "Connect" }] }
    });
    let error = UrlElicitationRequired::from_error(&no_id).unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid `elicitations`: entry 0 has no `elicitationId`, which every entry needs"
    );
    let form = json!({
        "code": -32042,
        "message": "More needed.",
        "data": { "elicitations": [form_params()] }
    });
    assert!(UrlElicitationRequired::from_error(&form).is_err());
    let other_code = json!({ "code": -32602, "message": "Invalid params" });
    assert_eq!(
        UrlElicitationRequired::from_error(&other_code).unwrap_err(),
        MessageError::WrongCode {
            expected: -32042,
            found: "-32602".into()
        }
    );
    let no_data = json!({ "code": -32042, "message": "More needed." });
    assert_eq!(
        UrlElicitationRequired::from_error(&no_data).unwrap_err(),
        MessageError::Missing { member: "data" }
    );
    let no_id_response = json!({ "jsonrpc": "2.0", "error": { "code": -32042, "message": "m", "data": { "elicitations": [] } } });
    let (id, _) = UrlElicitationRequired::from_jsonrpc(&no_id_response).unwrap();
    assert_eq!(id, None);
}

// ---------------------------------------------------------------------------
// 2026-07-28: input-required results and retries.

#[test]
fn input_required_results_keep_key_order_and_other_requests() {
    let value = json!({
        "resultType": "input_required",
        "inputRequests": {
            "zeta": { "method": "sampling/createMessage", "params": { "maxTokens": 10, "messages": [] } },
            "alpha": { "method": "roots/list" },
            "mid": { "method": "elicitation/create", "params": form_params() }
        },
        "requestState": "opaque",
        "_meta": { "x": 1 },
        "somethingNew": true
    });
    let result: InputRequiredResult = serde_json::from_value(value.clone()).unwrap();
    assert_eq!(
        result.input_requests.keys().collect::<Vec<_>>(),
        ["zeta", "alpha", "mid"]
    );
    assert!(matches!(
        result.input_requests.get("alpha"),
        Some(InputRequest::Other { method, params: None }) if method == "roots/list"
    ));
    assert_eq!(result.input_requests.elicitations().count(), 1);
    let mut expected = value.clone();
    expected.as_object_mut().unwrap().remove("somethingNew");
    // Form params are written for 2026-07-28, with `mode`.
    expected["inputRequests"]["mid"]["params"]["mode"] = json!("form");
    let written = serde_json::to_value(&result).unwrap();
    assert_eq!(written, expected);
    let text = serde_json::to_string(&result).unwrap();
    assert!(text.find("zeta").unwrap() < text.find("alpha").unwrap());
    assert!(text.find("alpha").unwrap() < text.find("mid").unwrap());
    assert!(InputRequiredResult::is_input_required(&written));
}

#[test]
fn input_required_results_are_told_apart() {
    for (value, hint) in [
        (
            json!({ "resultType": "complete", "content": [] }),
            "`resultType` is `complete`",
        ),
        (json!({ "content": [] }), "no `resultType`"),
    ] {
        let error = serde_json::from_value::<InputRequiredResult>(value).unwrap_err();
        assert!(error.to_string().contains(hint), "{error}");
    }
    let bad_entry = json!({
        "resultType": "input_required",
        "inputRequests": { "k": { "method": "elicitation/create", "params": { "mode": "voice" } } }
    });
    let error = serde_json::from_value::<InputRequiredResult>(bad_entry).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("input request `k`: unknown elicitation `mode`"),
        "{error}"
    );
}

#[test]
fn the_input_required_builder_checks_every_request() {
    let old = elicitor(Revision::V2025_11_25, ElicitationCapability::form_and_url());
    let error = InputRequiredResult::builder(&old).unwrap_err();
    assert_eq!(
        error,
        RequestError::NoInputRequired {
            revision: Revision::V2025_11_25
        }
    );
    assert_style(&error);

    let form_only = elicitor(Revision::V2026_07_28, ElicitationCapability::form_only());
    let builder = InputRequiredResult::builder(&form_only).unwrap();
    assert_eq!(
        builder.clone().url("k", "Connect", CONNECT).unwrap_err(),
        RequestError::ModeNotDeclared { mode: Mode::Url }
    );
    let error = builder
        .clone()
        .form::<GitHub>("k", "Who?")
        .unwrap()
        .form::<GitHub>("k", "Who again?")
        .unwrap_err();
    assert_eq!(error, RequestError::DuplicateKey { key: "k".into() });
    assert_style(&error);
    let error = builder.clone().build().unwrap_err();
    assert_eq!(error, RequestError::NothingRequired);
    assert_style(&error);

    // A state alone is a valid result: the client retries at once.
    let state_only = builder.clone().request_state("poll-1").build().unwrap();
    assert_eq!(
        serde_json::to_value(&state_only).unwrap(),
        json!({ "resultType": "input_required", "requestState": "poll-1" })
    );

    // Many keys keep the order they were added in.
    let keys = ["z", "b", "y", "a", "x"];
    let mut builder = builder;
    for key in keys {
        builder = builder.form::<GitHub>(key, "Who?").unwrap();
    }
    let result = builder.build().unwrap();
    assert_eq!(result.input_requests.keys().collect::<Vec<_>>(), keys);
    let written = serde_json::to_value(&result).unwrap();
    let written_keys: Vec<&String> = written["inputRequests"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(written_keys, keys);

    let with_meta = InputRequiredResult::builder(&form_only)
        .unwrap()
        .request("raw", FormRequest::new("Who?", GitHub::SCHEMA))
        .unwrap()
        .meta(Map::new())
        .build()
        .unwrap();
    assert_eq!(
        serde_json::to_value(&with_meta).unwrap()["_meta"],
        json!({})
    );
}

#[test]
fn input_responses_report_missing_and_invalid_answers() {
    let responses: InputResponses = serde_json::from_value(json!({
        "ok": { "action": "accept", "content": { "name": "octocat" } },
        "declined": { "action": "decline" },
        "bad": { "action": "accept", "content": { "name": 7 } },
        "garbled": { "act": "accept" },
        "roots": { "roots": [] }
    }))
    .unwrap();
    assert_eq!(responses.len(), 5);
    assert_eq!(
        responses.elicitation::<GitHub>("ok").unwrap(),
        Elicitation::Accept(GitHub {
            name: "octocat".into()
        })
    );
    assert_eq!(
        responses.elicitation::<GitHub>("declined").unwrap(),
        Elicitation::Decline
    );
    assert_eq!(
        responses.elicit_result("declined").unwrap(),
        ElicitResult::decline()
    );

    let missing = responses.elicitation::<GitHub>("absent").unwrap_err();
    assert_eq!(
        missing,
        InputResponseError::Missing {
            key: "absent".into()
        }
    );
    assert_style(&missing);

    let invalid = responses.elicitation::<GitHub>("bad").unwrap_err();
    let InputResponseError::Invalid { key, error } = &invalid else {
        panic!("{invalid:?}");
    };
    assert_eq!(key, "bad");
    assert!(error.validation_errors().is_some());
    assert!(std::error::Error::source(&invalid).is_some());

    for key in ["garbled", "roots"] {
        assert!(matches!(
            responses.elicitation::<GitHub>(key),
            Err(InputResponseError::Invalid {
                error: ElicitError::MalformedResult(_),
                ..
            })
        ));
        assert!(responses.url_consent(key).is_err());
        assert!(responses.elicit_result(key).is_err());
    }
    assert_eq!(responses.get("roots"), Some(&json!({ "roots": [] })));
}

#[test]
fn retries_are_read_from_any_request() {
    let plain = RetryParams::from_params(&json!({ "name": "tool", "arguments": {} })).unwrap();
    assert!(!plain.is_retry());
    assert_eq!(serde_json::to_value(&plain).unwrap(), json!({}));
    let state_only = RetryParams::from_params(&json!({ "requestState": "s" })).unwrap();
    assert!(state_only.is_retry());
    for bad in [
        json!({ "inputResponses": [] }),
        json!({ "requestState": 1 }),
        json!({ "_meta": "x" }),
        json!("params"),
    ] {
        assert!(
            matches!(
                RetryParams::from_params(&bad),
                Err(MessageError::Invalid {
                    member: "params",
                    ..
                })
            ),
            "{bad}"
        );
    }
    let mut meta = Map::new();
    ElicitationCapability::form_only().write_to_request_meta(&mut meta);
    let retry = RetryParams::new(
        InputResponses::new().with("k", &ElicitResult::cancel()),
        Some("s".into()),
    )
    .with_meta(meta);
    assert_eq!(
        retry.client_capability(),
        Some(ElicitationCapability::form_only())
    );
    let value = serde_json::to_value(&retry).unwrap();
    assert_eq!(RetryParams::from_params(&value).unwrap(), retry);
    assert_eq!(
        retry.input_responses.elicitation::<GitHub>("k").unwrap(),
        Elicitation::Cancel
    );
}
