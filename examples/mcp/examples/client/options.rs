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

pub struct Options {
    pub tool: String,
    pub answering: Answering,
    pub protocol_version: ProtocolVersion,
    pub server: Server,
}

impl Options {
    pub fn parse(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
        let mut options = Options {
            tool: "book_table".to_owned(),
            answering: Answering::Terminal,
            protocol_version: ProtocolVersion::V_2025_11_25,
            server: Server::Child(ServerCommand::find()),
        };
        while let Some(flag) = args.next() {
            let mut value = |name: &str| {
                args.next()
                    .ok_or_else(|| format!("`{name}` needs a value: {USAGE}"))
            };
            match flag.as_str() {
                "--call" => options.tool = value("--call")?,
                "--accept-defaults" => options.answering = Answering::Defaults,
                "--protocol-version" => {
                    let version = value("--protocol-version")?;
                    options.protocol_version = serde_json::from_value(version.clone().into())
                        .map_err(|_| {
                            format!("`{version}` is not a protocol version such as `2025-11-25`")
                        })?;
                }
                "--connect" => options.server = Server::Http(value("--connect")?),
                other => return Err(format!("unknown argument `{other}`: {USAGE}")),
            }
        }
        Ok(options)
    }
}
