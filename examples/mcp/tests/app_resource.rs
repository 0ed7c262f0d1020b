//! The booking form's app through rmcp, in one process: `book_table`
//! declares it (`_meta.ui.resourceUri` and the ChatGPT Apps SDK's keys),
//! `resources/list` lists it and `resources/read` serves it with the
//! extension's MIME type and CSP metadata; a client of the apps extension
//! without elicitation gets the app, on every revision; the app's call
//! (the form as arguments) is read by the validator, a broken one refused
//! field by field in `structuredContent`, a valid one booked; and the order
//! of the paths on a server with a page router mounted (`WebPageRoute`):
//! elicitation, then the app, then the web page.

#[path = "support/rmcp_session.rs"]
mod rmcp_session;

use std::collections::BTreeMap;

use elicit_rmcp::capability_to_rmcp;
use elicit_runtime::app::MIME_TYPE;
use elicit_runtime::protocol::ElicitationCapability;
use rmcp::ClientHandler;
use rmcp::model::{
    ClientCapabilities, ClientConfig, Implementation, ProtocolVersion, ReadResourceRequestParams,
    ResourceContents,
};
use serde_json::{Value, json};

use rmcp_session::text;

/// A host that renders MCP Apps, with or without elicitation.
#[derive(Clone)]
struct AppHost {
    version: ProtocolVersion,
    apps: bool,
    elicitation: bool,
}

impl ClientHandler for AppHost {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        if self.apps {
            let mut extensions = BTreeMap::new();
            extensions.insert(
                "io.modelcontextprotocol/ui".to_owned(),
                json!({ "mimeTypes": [MIME_TYPE] })
                    .as_object()
                    .unwrap()
                    .clone(),
            );
            capabilities.extensions = Some(extensions);
        }
        if self.elicitation {
            capabilities.elicitation =
                Some(capability_to_rmcp(&ElicitationCapability::form_only()));
        }
        ClientConfig::new(capabilities, Implementation::new("app-host", "1.0.0"))
            .with_protocol_version(self.version.clone())
    }
}

const REVISIONS: [ProtocolVersion; 3] = [
    ProtocolVersion::V_2025_06_18,
    ProtocolVersion::V_2025_11_25,
    ProtocolVersion::V_2026_07_28,
];

async fn host(version: ProtocolVersion, apps: bool) -> rmcp_session::Session<AppHost> {
    let client = AppHost {
        version: version.clone(),
        apps,
        elicitation: false,
    };
    rmcp_session::connect(client, &version).await
}

fn booking() -> Value {
    json!({
        "date": "2027-02-14", "partySize": 2, "seating": "terrace",
        "contactEmail": "ada@example.com", "dietary": ["vegan"], "newsletter": true
    })
}

#[tokio::test]
async fn the_tool_declares_the_app_and_the_server_serves_it() {
    let session = host(ProtocolVersion::V_2025_11_25, true).await;
    let tools = session.client.list_all_tools().await.unwrap();
    let book = tools.iter().find(|tool| tool.name == "book_table").unwrap();
    let meta = &book.meta.as_ref().expect("the tool's `_meta`").0;
    assert_eq!(meta["ui"]["resourceUri"], "ui://elicit/forms/book_table");
    assert_eq!(
        meta["openai/outputTemplate"],
        "ui://elicit/forms/book_table"
    );
    assert_eq!(meta["openai/widgetAccessible"], true);
    assert_eq!(book.input_schema["properties"]["partySize"]["maximum"], 12);
    assert!(book.input_schema.get("required").is_none());
    // No other tool declares an app.
    assert!(
        tools
            .iter()
            .filter(|tool| tool.name != "book_table")
            .all(|tool| tool.meta.is_none())
    );

    let resources = session.client.list_all_resources().await.unwrap();
    assert_eq!(resources.len(), 1);
    assert_eq!(resources[0].uri, "ui://elicit/forms/book_table");
    assert_eq!(resources[0].mime_type.as_deref(), Some(MIME_TYPE));

    let read = session
        .client
        .read_resource(ReadResourceRequestParams::new(
            "ui://elicit/forms/book_table",
        ))
        .await
        .unwrap();
    let [
        ResourceContents::TextResourceContents {
            uri,
            mime_type,
            text,
            meta,
        },
    ] = &read.contents[..]
    else {
        panic!("one text resource: {read:?}");
    };
    assert_eq!(uri, "ui://elicit/forms/book_table");
    assert_eq!(mime_type.as_deref(), Some(MIME_TYPE));
    assert!(text.starts_with("<!doctype html>"));
    assert!(text.contains("<h1>Please tell us about your reservation</h1>"));
    let meta = &meta.as_ref().expect("the contents' `_meta`").0;
    assert_eq!(
        meta["ui"]["csp"],
        json!({ "connectDomains": [], "resourceDomains": [] })
    );

    let missing = session
        .client
        .read_resource(ReadResourceRequestParams::new("ui://elicit/forms/nothing"))
        .await
        .unwrap_err();
    assert!(
        missing
            .to_string()
            .contains("there is no resource `ui://elicit/forms/nothing`"),
        "{missing}"
    );
}

#[tokio::test]
async fn a_host_of_apps_gets_the_app_and_books_through_its_call() {
    for version in REVISIONS {
        let session = host(version.clone(), true).await;
        let shown = session.call("book_table", json!({})).await;
        assert_eq!(shown.is_error, Some(false), "{version}: {}", text(&shown));
        let structured = shown.structured_content.clone().expect("structured");
        assert_eq!(structured["status"], "shown_in_app", "{version}");
        assert_eq!(structured["resourceUri"], "ui://elicit/forms/book_table");
        assert!(text(&shown).contains("is shown to the user in the app"));

        // The result's `_meta` gives the app its token, and the model sees
        // it nowhere.
        let token = shown.meta.as_ref().expect("the result's `_meta`").0["io.github.elicit-rs/app"]
            ["token"]
            .as_str()
            .expect("the app's token")
            .to_owned();
        assert!(!text(&shown).contains(&token) && !structured.to_string().contains(&token));
        // Without it, the answers are the app's to confirm: shown again.
        let unconfirmed = session.call("book_table", booking()).await;
        let again = unconfirmed.structured_content.clone().expect("structured");
        assert_eq!(again["status"], "shown_in_app", "{version}");

        // The app's call: the form as arguments with the token, broken, then fixed.
        let mut arguments = booking();
        arguments["partySize"] = json!(40);
        arguments["contactEmail"] = json!("ada@");
        arguments["elicit_app"] = json!(token);
        let refused = session.call("book_table", arguments).await;
        assert_eq!(refused.is_error, Some(true), "{version}");
        let invalid = refused
            .structured_content
            .clone()
            .expect("the refusal, field by field");
        assert_eq!(invalid["tool"], "book_table");
        let fields: Vec<&str> = invalid["invalidFields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|field| field["field"].as_str().unwrap())
            .collect();
        assert_eq!(fields, ["partySize", "contactEmail"], "{version}");
        assert_eq!(
            invalid["invalidFields"][0]["violation"],
            "must be at most 12"
        );
        assert!(text(&refused).contains("`partySize` must be at most 12 (received 40)"));

        let mut answers = booking();
        answers["elicit_app"] = json!(token);
        let booked = session.call("book_table", answers).await;
        assert_eq!(booked.is_error, Some(false), "{version}: {}", text(&booked));
        assert_eq!(
            text(&booked),
            "booked 2 seats (Terrace) on 2027-02-14 for ada@example.com, dietary needs: Vegan, subscribed"
        );
    }
}

#[tokio::test]
async fn a_host_without_apps_gets_the_instructions_and_one_with_elicitation_the_form() {
    let plain = host(ProtocolVersion::V_2025_11_25, false).await;
    let result = plain.call("book_table", json!({})).await;
    assert_eq!(result.structured_content.unwrap()["status"], "input_needed");

    // Elicitation comes first: this host gets the form (rmcp's default
    // client handler declines it), not the app.
    let both = AppHost {
        version: ProtocolVersion::V_2025_11_25,
        apps: true,
        elicitation: true,
    };
    let session = rmcp_session::connect(both, &ProtocolVersion::V_2025_11_25).await;
    let result = session.call("book_table", json!({})).await;
    assert_eq!(text(&result), "action=decline: the user said no");
    assert!(result.structured_content.is_none());
}

// ---- the order of the paths, with a page router mounted -----------------

mod routed {
    use std::future::Future;
    use std::pin::Pin;

    use elicit_mcp::booking_form::Booking;
    use elicit_rmcp::{ServerFlow, StopExt, WebPageForm, WebPageRoute};
    use elicit_runtime::app::AppForm;
    use elicit_runtime::fallback::Instructions;
    use elicit_runtime::flow::Stop;
    use elicit_runtime::state::{Deployment, Principal, StateKey, StateKeys};
    use elicit_runtime::{Elicitable, Elicitation};
    use rmcp::model::{
        CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ServerCapabilities,
        ServerConfig,
    };
    use rmcp::service::{RequestContext, RoleServer};
    use rmcp::{ErrorData, ServerHandler};

    /// A page router's hook that answers with instructions naming the page
    /// it would open, so the test sees that it was asked and with what.
    pub struct Pages;

    impl WebPageRoute for Pages {
        fn route<'f>(
            &'f self,
            form: WebPageForm<'f>,
        ) -> Pin<Box<dyn Future<Output = Stop> + Send + 'f>> {
            let fields = form.schema.properties.len();
            let message = format!(
                "open the page of `{}` ({fields} fields, key `{}`): {}",
                form.request.name, form.key, form.message
            );
            Box::pin(async move { Instructions::for_form::<Booking>("book_table", message).into() })
        }
    }

    /// `book_table` with the booking app and a page router.
    #[derive(Clone)]
    pub struct RoutedServer {
        pub keys: StateKeys,
        pub app: AppForm,
    }

    impl RoutedServer {
        pub fn new() -> RoutedServer {
            RoutedServer {
                keys: StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE),
                app: AppForm::of::<Booking>("book_table"),
            }
        }

        async fn book(
            &self,
            request: &CallToolRequestParams,
            context: &RequestContext<RoleServer>,
        ) -> Result<CallToolResponse, Stop> {
            let flow = ServerFlow::open(context, &self.keys, request, &Principal::UNBOUND)?;
            let mut flow = flow.with_app(&self.app).with_web_pages(&Pages);
            let text = match flow
                .form_or_arguments::<Booking>("booking", Booking::MESSAGE, request)
                .await?
            {
                Elicitation::Accept(booking) => booking.summary(),
                _ => "no booking".to_owned(),
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
        }
    }

    impl ServerHandler for RoutedServer {
        fn get_info(&self) -> ServerConfig {
            ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
        }

        async fn call_tool(
            &self,
            request: CallToolRequestParams,
            context: RequestContext<RoleServer>,
        ) -> Result<CallToolResponse, ErrorData> {
            self.book(&request, &context)
                .await
                .or_else(Stop::into_tool_response)
        }
    }
}

#[tokio::test]
async fn the_app_comes_before_the_web_page_and_the_web_page_before_instructions() {
    for version in REVISIONS {
        // A host of apps gets the app, even with a page router mounted.
        let apps = AppHost {
            version: version.clone(),
            apps: true,
            elicitation: false,
        };
        let session = rmcp_session::connect_to(routed::RoutedServer::new(), apps, &version).await;
        let shown = session.call("book_table", json!({})).await;
        assert_eq!(
            shown.structured_content.unwrap()["status"],
            "shown_in_app",
            "{version}"
        );

        // A host without apps nor elicitation is sent to the web page.
        let plain = AppHost {
            version: version.clone(),
            apps: false,
            elicitation: false,
        };
        let session = rmcp_session::connect_to(routed::RoutedServer::new(), plain, &version).await;
        let paged = session.call("book_table", json!({})).await;
        let structured = paged.structured_content.clone().unwrap();
        assert_eq!(
            structured["message"],
            "open the page of `book_table` (7 fields, key `booking`): Please tell us about your \
             reservation",
            "{version}"
        );

        // Answers in the arguments are read first, whatever the client.
        let booked = session.call("book_table", booking()).await;
        assert!(
            text(&booked).starts_with("booked 2 seats (Terrace)"),
            "{}",
            text(&booked)
        );
    }
}
