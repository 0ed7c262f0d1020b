//! The command line of the example client.

use std::path::PathBuf;

use rmcp::model::ProtocolVersion;

pub const USAGE: &str = "usage: client [--call TOOL] [--accept-defaults] \
                         [--protocol-version VERSION] [--connect URL]";

/// How the client answers forms.
pub enum Answering {
    /// The interactive terminal form.
    Terminal,
    /// Each form accepted with its defaults, without asking.
    Defaults,
}

/// The server to talk to.
pub enum Server {
    /// A Streamable HTTP endpoint.
    Http(String),
    /// A program started as a child, over its stdio.
    Child(ServerCommand),
}

/// How to start the example server.
pub enum ServerCommand {
    /// The `server` example built beside this program.
    Built(PathBuf),
    /// `cargo run -p elicit-mcp --example server`, which builds it first.
    Cargo,
}

impl ServerCommand {
    /// The example server, built beside this program, or through cargo.
    fn find() -> ServerCommand {
        let beside = std::env::current_exe().ok().and_then(|exe| {
            Some(
                exe.parent()?
                    .join(format!("server{}", std::env::consts::EXE_SUFFIX)),
            )
        });
        match beside {
            Some(path) if path.is_file() => ServerCommand::Built(path),
            _ => ServerCommand::Cargo,
        }
    }

    pub fn build(&self) -> tokio::process::Command {
        match self {
            ServerCommand::Built(path) => tokio::process::Command::new(path),
            ServerCommand::Cargo => {
                let mut command = tokio::process::Command::new("cargo");
                command.args(["run", "--quiet", "-p", "elicit-mcp", "--example", "server"]);
                command
            }
        }
    }
}

/// What the client does once connected.
pub enum Task {
    /// Calls one tool, answering every round.
    Call(String),
    /// Runs a client scenario of the conformance suite
    /// (`MCP_CONFORMANCE_SCENARIO`).
    Scenario(String),
}

pub struct Options {
    pub task: Task,
    pub answering: Answering,
    /// The one protocol version spoken, or `None`: discovery at
    /// 2026-07-28, `initialize` for older servers.
    pub protocol_version: Option<ProtocolVersion>,
    pub server: Server,
}

impl Options {
    /// Reads the command line; `scenario` is `MCP_CONFORMANCE_SCENARIO`,
    /// run when no `--call` is given.
    pub fn parse(
        mut args: impl Iterator<Item = String>,
        scenario: Option<String>,
    ) -> Result<Options, String> {
        let mut options = Options {
            task: match scenario {
                Some(scenario) => Task::Scenario(scenario),
                None => Task::Call("book_table".to_owned()),
            },
            answering: Answering::Terminal,
            protocol_version: None,
            server: Server::Child(ServerCommand::find()),
        };
        while let Some(flag) = args.next() {
            let mut value = |name: &str| {
                args.next()
                    .ok_or_else(|| format!("`{name}` needs a value: {USAGE}"))
            };
            match flag.as_str() {
                "--call" => options.task = Task::Call(value("--call")?),
                "--accept-defaults" => options.answering = Answering::Defaults,
                "--protocol-version" => {
                    let version = value("--protocol-version")?;
                    let known = ProtocolVersion::KNOWN_VERSIONS
                        .iter()
                        .find(|known| known.as_str() == version)
                        .ok_or_else(|| {
                            format!("`{version}` is not a protocol version such as `2026-07-28`")
                        })?;
                    options.protocol_version = Some(known.clone());
                }
                "--connect" => options.server = Server::Http(value("--connect")?),
                other => return Err(format!("unknown argument `{other}`: {USAGE}")),
            }
        }
        Ok(options)
    }
}
