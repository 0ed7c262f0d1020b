//! The example server as a server that speaks only 2026-07-28 would be:
//! `initialize` is answered `-32601` (method not found); its tools are the
//! example server's; served over Streamable HTTP on loopback.

use std::borrow::Cow;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use elicit_mcp::ExampleServer;
use elicit_runtime::state::{Deployment, StateKey, StateKeys};
use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ErrorCode, ErrorData, InitializeRequestParams,
    InitializeResult, ListToolsResult, PaginatedRequestParams, ProtocolVersion, ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

/// The example server, without `initialize`; counts the `initialize`
/// requests it refused.
#[derive(Clone)]
pub struct NoInitialize {
    inner: ExampleServer,
    refused: Arc<AtomicUsize>,
}

// What `plan_trip` needs of the example server (its tools), and
// `initialize` refused; discovery is rmcp's, from `get_info`.
impl ServerHandler for NoInitialize {
    fn get_info(&self) -> ServerConfig {
        self.inner.get_info()
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Cow::Owned(vec![ProtocolVersion::V_2026_07_28])
    }

    async fn initialize(
        &self,
        _request: InitializeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        self.refused.fetch_add(1, Ordering::SeqCst);
        Err(ErrorData::new(
            ErrorCode::METHOD_NOT_FOUND,
            "Method not found: initialize",
            None,
        ))
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        self.inner.list_tools(request, context).await
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.inner.call_tool(request, context).await
    }
}

/// A running server without `initialize`: its URL, and how many
/// `initialize` requests it refused so far.
pub struct Running {
    pub url: String,
    pub refused: Arc<AtomicUsize>,
}

/// Serves the example server without `initialize` on a free loopback
/// port, on a thread of its own, until the test process ends.
pub fn start() -> Running {
    let keys = StateKeys::new(
        StateKey::generate().expect("the system has randomness"),
        Deployment::SINGLE,
    );
    let server = NoInitialize {
        inner: ExampleServer::new(keys),
        refused: Arc::new(AtomicUsize::new(0)),
    };
    let refused = server.refused.clone();
    let (address_tx, address_rx) = std::sync::mpsc::channel::<SocketAddr>();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        runtime.block_on(async move {
            let service = StreamableHttpService::new(
                move || Ok(server.clone()),
                LocalSessionManager::default().into(),
                StreamableHttpServerConfig::default(),
            );
            let router = axum::Router::new().nest_service("/mcp", service);
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("a loopback port");
            address_tx
                .send(listener.local_addr().expect("the bound address"))
                .expect("the test waits for the address");
            axum::serve(listener, router)
                .await
                .expect("the server runs");
        });
    });
    let address = address_rx.recv().expect("the server starts");
    Running {
        url: format!("http://{address}/mcp"),
        refused,
    }
}
