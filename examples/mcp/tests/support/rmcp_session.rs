//! A session between the example server and an rmcp client in one
//! process, over an in-memory stream.

use rmcp::model::{CallToolRequestParams, CallToolResult, JsonObject, ProtocolVersion};
use rmcp::service::{
    ClientLifecycleMode, ClientServiceExt, Peer, RoleClient, RoleServer, RunningService,
    ServerInitializeError,
};
use rmcp::{ClientHandler, ServerHandler, ServiceExt};
use serde_json::Value;
use tokio::task::JoinHandle;

use elicit_runtime::state::{Deployment, StateKey, StateKeys};

use elicit_mcp::ExampleServer;

type ServerStart<S> = JoinHandle<Result<RunningService<RoleServer, S>, ServerInitializeError>>;

/// The server side of a session: an `initialize` handshake starts it at
/// once; a 2026-07-28 server starts with the first request after
/// `server/discover`.
enum Server<S: ServerHandler> {
    Starting(ServerStart<S>),
    Running(RunningService<RoleServer, S>),
}

pub struct Session<C: ClientHandler, S: ServerHandler = ExampleServer> {
    pub client: RunningService<RoleClient, C>,
    server: Server<S>,
}

/// Connects `client` to the example server at `version`: with
/// `initialize` where the version has it, else by discovery (2026-07-28
/// has no `initialize`; every request carries its version and
/// capabilities).
pub async fn connect<C: ClientHandler>(client: C, version: &ProtocolVersion) -> Session<C> {
    let keys = StateKeys::new(
        StateKey::generate().expect("the system has randomness"),
        Deployment::SINGLE,
    );
    connect_to(ExampleServer::new(keys), client, version).await
}

/// Connects `client` to `server` at `version`, as [`connect`] does.
pub async fn connect_to<S: ServerHandler, C: ClientHandler>(
    server: S,
    client: C,
    version: &ProtocolVersion,
) -> Session<C, S> {
    let (server_side, client_side) = tokio::io::duplex(1 << 16);
    let server = tokio::spawn(async move { server.serve(server_side).await });
    let initialize = version.has_initialize();
    let lifecycle = if initialize {
        ClientLifecycleMode::Initialize
    } else {
        ClientLifecycleMode::Discover {
            preferred_versions: vec![version.clone()],
        }
    };
    let client = client
        .serve_with_lifecycle(client_side, lifecycle)
        .await
        .expect("the client connects");
    let mut session = Session {
        client,
        server: Server::Starting(server),
    };
    if initialize {
        // After `initialize`, the server is up.
        session.server_peer().await;
    }
    session
}

impl<C: ClientHandler, S: ServerHandler> Session<C, S> {
    /// The server's peer, once the server has started.
    pub async fn server_peer(&mut self) -> Peer<RoleServer> {
        if let Server::Starting(start) = &mut self.server {
            let running = start
                .await
                .expect("the server task runs")
                .expect("the server starts");
            self.server = Server::Running(running);
        }
        match &self.server {
            Server::Running(running) => running.peer().clone(),
            Server::Starting(_) => unreachable!("started above"),
        }
    }

    /// Calls `tool` with `arguments` (rmcp's client runs any input-required
    /// rounds).
    pub async fn call(&self, tool: &str, arguments: Value) -> CallToolResult {
        let arguments: JsonObject = serde_json::from_value(arguments).unwrap();
        self.client
            .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments))
            .await
            .expect("the tool call completes")
    }
}

/// The text blocks of a tool result, one per line.
pub fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|content| content.as_text().map(|text| text.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}
