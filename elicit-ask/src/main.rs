//! `elicit-ask`: answers one `elicitation/create` in the terminal, as a
//! client would. `elicit-ask --help` prints the manual ([`MANUAL`]).

#![forbid(unsafe_code)]

use std::process::ExitCode;

use elicit_runtime::client::Ask;
use elicit_runtime::protocol::RequestId;
use serde_json::Value;

/// The manual `--help` prints.
const MANUAL: &str = "\
NAME
    elicit-ask - answer an MCP elicitation request in the terminal

SYNOPSIS
    elicit-ask [--server NAME] REQUEST.json
    elicit-ask REQUEST.json [NAME]
    elicit-ask --sample
    elicit-ask --help | --version

DESCRIPTION
    Reads one MCP `elicitation/create` request from REQUEST.json, shows it
    in the terminal as a client would, and prints the answer the client
    sends back.

    A form-mode request is asked field by field, with each field's
    constraints and default; a bad entry is asked again with the reason.
    When every field is answered, the answers are shown for review: edit
    any of them, then send, decline or cancel. A URL-mode request shows
    the server, its message, the host and the full URL, and asks consent;
    the page is never opened by this program, and only an http or https
    URL is offered at all.

    The prompts are drawn on standard error; standard output holds only
    the answer, so it can be redirected or piped.

OPTIONS
    -s, --server NAME   the name of the server that asks, shown with its
                        message (default: server); also the second
                        argument
    --sample            print a sample request (a booking form) and exit
    -h, --help          print this manual and exit
    -V, --version       print the version and exit

INPUT
    REQUEST.json holds either a whole JSON-RPC request
    ({\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"elicitation/create\",
    \"params\": {...}}) or its params alone. The schema is checked before
    anything is shown: a request outside the protocol's subset is refused.

OUTPUT
    For a JSON-RPC request, the JSON-RPC response with the same id: the
    result ({\"action\": \"accept\", \"content\": {...}}, \"decline\" or
    \"cancel\"), or the -32602 error a client sends for a request it
    refuses. For bare params, the result or the error alone.

KEYS
    Enter       confirm an entry or a choice
    Esc, Ctrl-C cancel the request, at any step
    /decline    typed in a text entry, decline the request (type
                //decline to enter the text /decline itself)
    Space       toggle an option of a multi-select

EXIT STATUS
    0   answered: accepted, declined or cancelled
    1   the terminal could not be used (standard input is not a terminal)
    2   the request was refused; the error is on standard output
    64  wrong usage
    66  REQUEST.json could not be read or is not JSON

EXAMPLES
    elicit-ask --sample > request.json
    elicit-ask --server weather request.json > answer.json
";

/// A request to try the program with: `--sample` prints it.
const SAMPLE: &str = include_str!("../examples/request.json");

/// What the command line asks for.
#[derive(Debug, PartialEq)]
enum Command {
    /// Answer the request in `path`, shown as sent by `server`.
    Answer { path: String, server: String },
    /// Print the manual.
    Help,
    /// Print the version.
    Version,
    /// Print the sample request.
    Sample,
}

/// Reads the command line's arguments (without the program's name).
fn parse(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut args = args.into_iter();
    let mut positional = Vec::new();
    let mut server = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "-V" | "--version" => return Ok(Command::Version),
            "--sample" => return Ok(Command::Sample),
            "-s" | "--server" => match args.next() {
                Some(name) => server = Some(name),
                None => {
                    return Err(format!(
                        "`{arg}` needs a server name, such as `{arg} weather`"
                    ));
                }
            },
            "--" => positional.extend(args.by_ref()),
            _ if arg.starts_with("--server=") => {
                server = Some(arg["--server=".len()..].to_owned());
            }
            _ if arg.starts_with('-') && arg.len() > 1 => {
                return Err(format!("unknown option `{arg}`: see `elicit-ask --help`"));
            }
            _ => positional.push(arg),
        }
    }
    let mut positional = positional.into_iter();
    let Some(path) = positional.next() else {
        return Err(
            "no request file: give one, such as `elicit-ask request.json` \
                    (`elicit-ask --sample > request.json` writes one)"
                .to_owned(),
        );
    };
    let named = positional.next();
    if let Some(extra) = positional.next() {
        return Err(format!(
            "unexpected argument `{extra}`: give a request file and at most a server name"
        ));
    }
    if server.is_some() && named.is_some() {
        return Err(
            "the server is named twice: give `--server NAME` or a second argument, \
                    not both"
                .to_owned(),
        );
    }
    let server = server.or(named).unwrap_or_else(|| "server".to_owned());
    Ok(Command::Answer { path, server })
}

fn main() -> ExitCode {
    match parse(std::env::args().skip(1)) {
        Ok(Command::Help) => {
            print!("{MANUAL}");
            ExitCode::SUCCESS
        }
        Ok(Command::Version) => {
            println!("elicit-ask {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Ok(Command::Sample) => {
            print!("{SAMPLE}");
            ExitCode::SUCCESS
        }
        Ok(Command::Answer { path, server }) => answer(&path, &server),
        Err(error) => {
            eprintln!("error: {error}");
            eprintln!("usage: elicit-ask [--server NAME] REQUEST.json (see `elicit-ask --help`)");
            ExitCode::from(64)
        }
    }
}

/// Answers the request in the file `path`, sent by `server`.
fn answer(path: &str, server: &str) -> ExitCode {
    let message = match std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str::<Value>(&text).map_err(|e| e.to_string()))
    {
        Ok(message) => message,
        Err(error) => {
            eprintln!("error: cannot read `{path}`: {error}");
            return ExitCode::from(66);
        }
    };
    let (id, params) = match message.get("method") {
        Some(_) => (
            message
                .get("id")
                .and_then(|id| serde_json::from_value::<RequestId>(id.clone()).ok()),
            message.get("params").cloned().unwrap_or(Value::Null),
        ),
        None => (None, message),
    };
    let ask = match Ask::from_params(&params) {
        Ok(ask) => ask,
        Err(error) => {
            eprintln!("{error}");
            let answer = match id {
                Some(id) => error.to_jsonrpc(id),
                None => error.to_error(),
            };
            println!("{answer}");
            return ExitCode::from(2);
        }
    };
    match elicit_ask::respond(&ask, server) {
        Ok(result) => {
            let answer = match id {
                Some(id) => result.to_jsonrpc(id),
                None => serde_json::to_value(&result).unwrap_or(Value::Null),
            };
            println!("{answer}");
            ExitCode::SUCCESS
        }
        // The library's message offers its `Answer` builder, which is no
        // way out for the program's user.
        Err(elicit_ask::TerminalError::NotATerminal) => {
            eprintln!(
                "standard input is not a terminal, so the form cannot be shown: run `elicit-ask` \
                 in a terminal, with its input not piped or redirected (the request is read from \
                 REQUEST.json)"
            );
            ExitCode::FAILURE
        }
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Command, parse};

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    fn answer(path: &str, server: &str) -> Command {
        Command::Answer {
            path: path.to_owned(),
            server: server.to_owned(),
        }
    }

    #[test]
    fn a_file_and_a_server_name_in_every_spelling() {
        assert_eq!(parse(args("r.json")), Ok(answer("r.json", "server")));
        assert_eq!(
            parse(args("r.json weather")),
            Ok(answer("r.json", "weather"))
        );
        assert_eq!(
            parse(args("-s weather r.json")),
            Ok(answer("r.json", "weather"))
        );
        assert_eq!(
            parse(args("r.json --server weather")),
            Ok(answer("r.json", "weather"))
        );
        assert_eq!(
            parse(args("--server=weather r.json")),
            Ok(answer("r.json", "weather"))
        );
        assert_eq!(
            parse(args("-- -odd.json")),
            Ok(answer("-odd.json", "server"))
        );
    }

    #[test]
    fn help_version_and_sample_win_over_the_rest() {
        assert_eq!(parse(args("r.json --help")), Ok(Command::Help));
        assert_eq!(parse(args("-h")), Ok(Command::Help));
        assert_eq!(parse(args("-V")), Ok(Command::Version));
        assert_eq!(parse(args("--sample")), Ok(Command::Sample));
    }

    #[test]
    fn a_wrong_line_says_how_to_write_it() {
        let error = |line: &str| parse(args(line)).unwrap_err();
        assert_eq!(
            error("--bogus r.json"),
            "unknown option `--bogus`: see `elicit-ask --help`"
        );
        assert!(error("").starts_with("no request file: give one"));
        assert!(error("--server").contains("needs a server name"));
        assert!(error("a.json b c").starts_with("unexpected argument `c`"));
        assert!(error("-s x r.json y").starts_with("the server is named twice"));
    }
}
