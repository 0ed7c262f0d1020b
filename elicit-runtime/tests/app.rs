//! The forms as MCP Apps (feature `app`), read back with a browser-grade
//! HTML parser: the resource of each bench form and of the booking form
//! snapshotted (its metadata, and its HTML with the shared script named by
//! its file) in `tests/app-snapshots/`; the
//! document's own Content-Security-Policy, first in its head, which lets
//! only its one script and one stylesheet run, by digest, and stays in the
//! head where a host wraps what it takes for a fragment; the script's messages, the
//! validator's own; hostile text rendered inert, in the markup and in the
//! script's configuration; secret fields refused.
//!
//! After reading a diff, write new snapshots with
//! `ELICIT_UPDATE_SNAPSHOTS=1 cargo test -p elicit-runtime --features app,jiff --test app`.

#[path = "../../examples/forms/booking.rs"]
#[allow(dead_code)]
mod booking_form;

#[path = "../../tests/support/snapshot.rs"]
mod snapshot;

use std::path::PathBuf;

use base64::Engine as _;
use booking_form::Booking;
use elicit_runtime::app::{AppForm, AppFormError, MIME_TYPE, SCRIPT, apps_declared};
use elicit_runtime::client::FormView;
use elicit_runtime::fallback::{Route, Routes};
use elicit_runtime::schema::FormSchema;
use elicit_runtime::{Elicitable, Secret};
use scraper::{ElementRef, Html, Selector};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

// ---------------------------------------------------------------------------
// The bench forms' field kinds (benches/benches/common), as derived forms.

#[path = "support/bench_forms.rs"]
mod bench_forms;
use bench_forms::*;

/// Connect your account
#[derive(Debug, Elicitable)]
#[allow(dead_code)] // only its schema is read
struct Connect {
    account: String,
    #[elicit(secret)]
    api_key: Secret,
}

// ---------------------------------------------------------------------------
// Helpers.

fn select(selector: &str) -> Selector {
    Selector::parse(selector).expect("a valid selector")
}

fn all<'d>(doc: &'d Html, selector: &str) -> Vec<ElementRef<'d>> {
    doc.select(&select(selector)).collect()
}

fn one<'d>(doc: &'d Html, selector: &str) -> ElementRef<'d> {
    let found = all(doc, selector);
    assert_eq!(found.len(), 1, "one `{selector}`");
    found[0]
}

fn text_of(element: ElementRef<'_>) -> String {
    element.text().collect()
}

/// The script's configuration, read back from its JSON element.
fn config(doc: &Html) -> Value {
    serde_json::from_str(&text_of(one(doc, "script#elicit-app")))
        .expect("the configuration is JSON")
}

/// The document's tags in order, with their attribute names, and what
/// attribute values say about structure (ids, types, names of the app's
/// own elements), not the form's text: what an injection would change.
fn skeleton(doc: &Html) -> Vec<String> {
    doc.root_element()
        .descendants()
        .filter_map(ElementRef::wrap)
        .map(|element| {
            let mut attributes: Vec<&str> = element.value().attrs().map(|(name, _)| name).collect();
            attributes.sort_unstable();
            format!("{} {}", element.value().name(), attributes.join(" "))
        })
        .collect()
}

fn digest(text: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(Sha256::digest(text.as_bytes()))
}

/// Asserts what every app document is: one inline script, the project's,
/// allowed by its digest; one stylesheet, allowed by its digest; no
/// element that loads anything; nothing posted anywhere.
fn assert_sound_app(html: &str) -> Html {
    let doc = Html::parse_document(html);
    let scripts = all(&doc, "script");
    assert_eq!(scripts.len(), 2, "the configuration and the script");
    assert_eq!(scripts[0].value().attr("type"), Some("application/json"));
    assert_eq!(scripts[1].value().attrs().count(), 0, "an inline script");
    assert_eq!(
        text_of(scripts[1]),
        SCRIPT,
        "the project's script, as written"
    );
    let style = text_of(one(&doc, "style"));
    let csp = one(&doc, "meta[http-equiv=Content-Security-Policy]");
    let head = one(&doc, "head");
    assert_eq!(
        head.children().find_map(ElementRef::wrap),
        Some(csp),
        "the policy is the first element of the head: it covers only what follows it"
    );
    assert_eq!(doc.root_element().value().attr("lang"), Some("en"));
    let csp = csp.value().attr("content").unwrap();
    assert_eq!(
        csp,
        format!(
            "default-src 'none'; script-src 'sha256-{}'; style-src 'sha256-{}'; img-src data:; \
             form-action 'none'; base-uri 'none'",
            digest(SCRIPT),
            digest(&style)
        )
    );
    for loads in [
        "link",
        "img",
        "iframe",
        "object",
        "embed",
        "base",
        "[src]",
        "[href^=http]",
        "[style]",
    ] {
        assert!(all(&doc, loads).is_empty(), "no `{loads}`");
    }
    for attribute in ["onclick", "onerror", "onload", "action", "formaction"] {
        assert!(
            all(&doc, &format!("[{attribute}]")).is_empty(),
            "no `{attribute}`"
        );
    }
    let form = one(&doc, "form");
    assert_eq!(form.value().attr("novalidate"), Some(""));
    assert!(
        all(&doc, "input[type=hidden]").is_empty(),
        "no anti-forgery token in an app"
    );
    assert!(
        all(&doc, "input[type=password]").is_empty(),
        "no secret in an app"
    );
    let buttons: Vec<_> = all(&doc, "button")
        .iter()
        .map(|b| (b.value().attr("value").unwrap().to_owned(), text_of(*b)))
        .collect();
    assert_eq!(
        buttons,
        [
            ("accept", "Submit"),
            ("decline", "Decline"),
            ("cancel", "Cancel")
        ]
        .map(|(v, t)| (v.to_owned(), t.to_owned()))
    );
    one(&doc, "#elicit-status[role=status]");
    doc
}

/// The resource's metadata and the tool's, for the snapshot.
fn metadata(app: &AppForm) -> String {
    let mut contents = app.contents();
    contents["text"] = json!(format!("<{} bytes of HTML>", app.html().len()));
    serde_json::to_string_pretty(&json!({
        "resource": app.resource(),
        "contents": contents,
        "toolMeta": app.tool_meta(),
    }))
    .unwrap()
}

fn apps() -> Vec<(&'static str, AppForm)> {
    vec![
        ("contact", AppForm::of::<Contact>("save_contact")),
        ("event", AppForm::of::<Event>("create_event")),
        ("survey", AppForm::of::<Survey>("send_survey")),
        ("emails", AppForm::of::<Emails>("copy_emails")),
        ("birth", AppForm::of::<Birth>("note_birth")),
        ("booking", AppForm::of::<Booking>("book_table")),
    ]
}

// ---------------------------------------------------------------------------
// The resource.

#[test]
fn the_resources_are_snapshotted() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/app-snapshots");
    for (name, app) in apps() {
        let html = app.html();
        assert_sound_app(&html);
        // The script is the same in every app and is its own file
        // (`src/app/script.js`): each snapshot holds the form's page around it.
        assert_eq!(html.matches(SCRIPT).count(), 1, "{name}: the script, once");
        let page = html.replace(SCRIPT, "/* src/app/script.js */");
        snapshot::assert_snapshot(&dir, &format!("{name}.html"), page.trim_end());
        snapshot::assert_snapshot(&dir, &format!("{name}.json"), &metadata(&app));
    }
}

/// What MCPJam Inspector 1.0.24 does with an app's document before it
/// frames it (`dist/server/index.js`): its own script goes into the
/// `<head>` of a document with a literal `<html>` and `<head>`; any other
/// document is taken for a fragment and put in the `<body>` of a page of
/// its own.
fn framed_as_mcpjam_does(html: &str) -> String {
    let script = "<base href=\"/\"><script>window.openai = {};</script>";
    if html.contains("<html>") && html.contains("<head>") {
        html.replacen("<head>", &format!("<head>{script}"), 1)
    } else {
        format!(
            "<!DOCTYPE html>\n<html>\n<head>\n{script}\n</head>\n<body>\n{html}\n</body>\n</html>"
        )
    }
}

#[test]
fn a_host_that_wraps_fragments_leaves_the_document_whole_its_policy_in_its_head() {
    for (name, app) in apps() {
        let framed = Html::parse_document(&framed_as_mcpjam_does(&app.html()));
        assert_eq!(
            all(&framed, "head > meta[http-equiv=Content-Security-Policy]").len(),
            1,
            "{name}: the policy stays in the head, where a browser takes it"
        );
        assert!(all(&framed, "body meta").is_empty(), "{name}");
        assert_eq!(framed.root_element().value().attr("lang"), Some("en"));
        assert_eq!(all(&framed, "main#main h1").len(), 1, "{name}");
    }
}

#[test]
fn the_metadata_declares_the_app_and_allows_no_network() {
    let app = AppForm::of::<Booking>("book_table");
    assert_eq!(app.uri(), "ui://elicit/forms/book_table");
    let resource = app.resource();
    assert_eq!(resource["mimeType"], MIME_TYPE);
    assert_eq!(MIME_TYPE, "text/html;profile=mcp-app");
    assert_eq!(resource["name"], "book_table");
    assert_eq!(resource["title"], Booking::MESSAGE);
    let contents = app.contents();
    assert_eq!(contents["uri"], app.uri());
    assert_eq!(contents["mimeType"], MIME_TYPE);
    assert_eq!(contents["text"], app.html());
    for meta in [&resource["_meta"], &contents["_meta"]] {
        assert_eq!(
            meta["ui"]["csp"],
            json!({ "connectDomains": [], "resourceDomains": [] })
        );
        assert_eq!(
            meta["openai/widgetCSP"],
            json!({ "connect_domains": [], "resource_domains": [] })
        );
        assert!(meta["ui"].get("domain").is_none());
        assert!(meta["ui"].get("permissions").is_none());
    }
    let tool = app.tool_meta();
    assert_eq!(
        tool["ui"],
        json!({ "resourceUri": "ui://elicit/forms/book_table" })
    );
    assert_eq!(
        tool["openai/outputTemplate"],
        "ui://elicit/forms/book_table"
    );
    assert_eq!(tool["openai/widgetAccessible"], true);
}

#[test]
fn uris_and_names_are_the_authors() {
    let app = AppForm::of::<Contact>("save contact/x")
        .with_name("Contact form")
        .with_uri("ui://crm/contact")
        .unwrap();
    assert_eq!(app.uri(), "ui://crm/contact");
    assert_eq!(app.resource()["name"], "Contact form");
    assert_eq!(app.tool_meta()["ui"]["resourceUri"], "ui://crm/contact");
    // The default URI keeps a tool name's other bytes percent-encoded.
    assert_eq!(
        AppForm::of::<Contact>("save contact/x").uri(),
        "ui://elicit/forms/save%20contact%2Fx"
    );
    for bad in [
        "https://example.com/app",
        "ui:/x",
        "ui://",
        "javascript:alert(1)",
    ] {
        let error = AppForm::of::<Contact>("c").with_uri(bad).unwrap_err();
        assert_eq!(error, AppFormError::NotUi { uri: bad.into() });
        assert!(
            error
                .to_string()
                .contains("give one that starts with `ui://`")
        );
    }
}

#[test]
fn the_app_of_a_form_with_a_secret_is_refused() {
    // `AppForm::of::<Connect>` does not compile (a doc test shows it); a
    // form read at run time is refused by name.
    let error = AppForm::new(Connect::MESSAGE, &Connect::SCHEMA, "connect").unwrap_err();
    assert_eq!(
        error,
        AppFormError::Secret {
            field: "api_key".into()
        }
    );
    assert_eq!(
        error.to_string(),
        "the form has the secret field `api_key`: a secret is never asked in an app, ask this \
         form on a hosted web page instead"
    );
    assert!(AppForm::new(Contact::MESSAGE, &Contact::SCHEMA, "save").is_ok());
}

#[test]
fn the_script_is_configured_with_the_forms_fields_and_tool() {
    let app = AppForm::of::<Booking>("book_table");
    let doc = assert_sound_app(&app.html());
    let config = config(&doc);
    assert_eq!(config["tool"], "book_table");
    assert_eq!(config["message"], Booking::MESSAGE);
    assert_eq!(config["protocolVersion"], "2026-01-26");
    // How long the app waits for the host before it says so.
    assert_eq!(config["answerWithinMs"], 8000);
    assert_eq!(config["tokenMeta"], "io.github.elicit-rs/app");
    assert_eq!(config["tokenArgument"], "elicit_app");
    let fields = config["fields"].as_array().unwrap();
    let names: Vec<_> = fields.iter().map(|f| f["name"].as_str().unwrap()).collect();
    let schema_names: Vec<_> = Booking::SCHEMA
        .properties
        .iter()
        .map(|p| p.name.to_string())
        .collect();
    assert_eq!(names, schema_names);
    let kinds: Vec<_> = fields.iter().map(|f| f["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        [
            "string", "integer", "enum", "multi", "string", "string", "boolean"
        ]
    );
    let party = &fields[1];
    assert_eq!(
        (party["minimum"].clone(), party["maximum"].clone()),
        (json!(1), json!(12))
    );
    assert_eq!(party["required"], true);
    assert_eq!(fields[3]["maxItems"], 4);
    assert_eq!(fields[5]["maxLength"], 500);
    assert_eq!(fields[5]["required"], false);
    // Each field's control has the id the script finds it by.
    for index in 0..fields.len() {
        let controls = all(&doc, &format!("#field-{index}, [id^=field-{index}-]"));
        assert!(
            controls
                .iter()
                .any(|c| ["input", "select", "textarea"].contains(&c.value().name())),
            "field {index} has a control"
        );
    }
}

/// What the server's validator says of `content` for `field`, after the
/// field's label, as the app shows it.
fn server_says<T: Elicitable + std::fmt::Debug>(content: Value, field: &str) -> String {
    let errors = T::from_content(content.as_object().unwrap()).unwrap_err();
    let schema = T::SCHEMA;
    let property = schema.properties.iter().find(|p| p.name == field).unwrap();
    let label = property
        .schema
        .title
        .as_deref()
        .unwrap_or(&property.name)
        .to_owned();
    let error = errors.field(field).next().expect("an error of the field");
    format!("{label} {}", error.violation())
}

fn message(app: &AppForm, field: &str, key: &str) -> String {
    let doc = Html::parse_document(&app.html());
    let config = config(&doc);
    let field = config["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == field)
        .unwrap()
        .clone();
    field["messages"][key].as_str().unwrap().to_owned()
}

#[test]
fn the_scripts_messages_are_the_validators() {
    let app = AppForm::of::<Contact>("save_contact");
    let valid = json!({ "name": "Ada", "email": "ada@example.com", "age": 30, "reach": "email", "newsletter": false });
    let with = |field: &str, value: Value| {
        let mut content = valid.clone();
        match value {
            Value::Null => {
                content.as_object_mut().unwrap().remove(field);
            }
            value => content[field] = value,
        }
        content
    };
    assert_eq!(
        message(&app, "age", "high"),
        server_says::<Contact>(with("age", json!(200)), "age")
    );
    assert_eq!(
        message(&app, "age", "low"),
        server_says::<Contact>(with("age", json!(3)), "age")
    );
    assert_eq!(
        message(&app, "age", "integer"),
        server_says::<Contact>(with("age", json!(30.5)), "age")
    );
    assert_eq!(
        message(&app, "name", "missing"),
        server_says::<Contact>(with("name", Value::Null), "name")
    );
    // A count the script fills in, where the validator writes it.
    let long = "x".repeat(101);
    assert_eq!(
        message(&app, "name", "long").replace("{n}", "101"),
        server_says::<Contact>(with("name", json!(long)), "name")
    );
    assert_eq!(
        message(&app, "name", "short").replace("{n}", "0"),
        server_says::<Contact>(with("name", json!("")), "name")
    );
    let survey = AppForm::of::<Survey>("send_survey");
    let content =
        json!({ "handle": "ada", "toppings": [], "rating": 4.5, "age": 30, "contact": true });
    assert_eq!(
        message(&survey, "toppings", "few").replace("{n}", "0"),
        server_says::<Survey>(content, "toppings")
    );
}

// ---------------------------------------------------------------------------
// Hostile text.

const HOSTILE: [&str; 7] = [
    "<script>alert(1)</script>",
    "</script><script>alert(1)</script>",
    "<!--<script>",
    "\"><img src=x onerror=alert(1)>",
    "'><a href='javascript:alert(1)'>x</a>",
    "\u{2028}\u{2029}</style><style>*{}",
    "abc\u{202e}txt.exe\u{2066}",
];

/// A server's form with `text` in every place text goes.
fn hostile_form(text: &str) -> FormView {
    FormView::from_request(&json!({
        "message": text,
        "requestedSchema": { "type": "object", "properties": {
            "name": { "type": "string", "title": text, "description": text, "default": text, "maxLength": 200 },
            "pick": { "type": "string", "title": text, "description": text, "oneOf": [
                { "const": "a", "title": text }, { "const": "b", "title": text }
            ] },
            "many": { "type": "array", "title": text, "items": { "anyOf": [
                { "const": "a", "title": text }, { "const": "b", "title": text }
            ] } },
            "ok": { "type": "boolean", "title": text, "description": text }
        }, "required": ["name"] }
    }))
    .expect("a valid form")
}

#[test]
fn hostile_titles_descriptions_and_messages_render_inert() {
    let benign_form = hostile_form("plain");
    let benign_app = AppForm::new(benign_form.message(), benign_form.schema(), "plain").unwrap();
    let benign = Html::parse_document(&benign_app.html());
    for text in HOSTILE {
        let form = hostile_form(text);
        let app = AppForm::new(form.message(), form.schema(), "hostile").unwrap();
        let html = app.html();
        let doc = assert_sound_app(&html);
        assert_eq!(
            skeleton(&doc),
            skeleton(&benign),
            "nothing injected by {text:?}"
        );
        // The configuration reads back as the text itself.
        let config = config(&doc);
        assert_eq!(config["message"], text);
        assert_eq!(config["fields"][0]["label"], text);
        assert!(
            config["fields"][0]["messages"]["long"]
                .as_str()
                .unwrap()
                .starts_with(text)
        );
        let raw = text_of(one(&doc, "script#elicit-app"));
        for closing in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            assert!(
                !raw.contains(closing),
                "{closing:?} escaped in the configuration"
            );
        }
        // The resource's metadata carries the text as data.
        assert_eq!(app.resource()["title"], text);
        assert_eq!(
            serde_json::from_str::<Value>(&app.resource().to_string()).unwrap()["title"],
            text
        );
    }
}

// ---------------------------------------------------------------------------
// Capabilities and routes.

#[test]
fn the_apps_extension_is_read_from_the_clients_capabilities() {
    let declared = json!({ "extensions": { "io.modelcontextprotocol/ui": {
        "mimeTypes": ["text/html;profile=mcp-app"]
    } } });
    assert!(apps_declared(&declared));
    for not in [
        json!({}),
        json!({ "extensions": {} }),
        json!({ "extensions": { "io.modelcontextprotocol/ui": {} } }),
        json!({ "extensions": { "io.modelcontextprotocol/ui": { "mimeTypes": "text/html;profile=mcp-app" } } }),
        json!({ "experimental": { "io.modelcontextprotocol/ui": { "mimeTypes": ["text/html;profile=mcp-app"] } } }),
    ] {
        assert!(!apps_declared(&not), "{not}");
    }
}

#[test]
fn each_client_gets_its_route_in_order() {
    for elicitation in [false, true] {
        for apps in [false, true] {
            for has_app in [false, true] {
                for web in [false, true] {
                    let expected = if elicitation {
                        Route::Elicitation
                    } else if apps && has_app {
                        Route::App
                    } else if web {
                        Route::WebPage
                    } else {
                        Route::Instructions
                    };
                    assert_eq!(Route::choose(elicitation, apps, has_app, web), expected);
                }
            }
        }
    }
    assert_eq!(
        Routes::new(true, true).to_string(),
        "a client that declares `elicitation` (form mode): the host's elicitation form\n\
         a client that declares `io.modelcontextprotocol/ui`: the form's app (`ui://`) in the host's frame\n\
         a client that declares neither: a hosted web page"
    );
    // A form with a secret has no app: its apps clients go to the page.
    let routes: Vec<_> = Routes::new(false, true)
        .iter()
        .map(|(_, route)| route)
        .collect();
    assert_eq!(routes, [Route::Elicitation, Route::WebPage, Route::WebPage]);
}

#[test]
fn a_form_read_from_a_server_is_an_app_too() {
    let schema = FormSchema::parse(&Contact::SCHEMA.to_json())
        .unwrap()
        .schema;
    let read = AppForm::new(Contact::MESSAGE, &schema, "save_contact").unwrap();
    assert_eq!(read.html(), AppForm::of::<Contact>("save_contact").html());
}
