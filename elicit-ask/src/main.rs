//! Answers one `elicitation/create` in the terminal, as a client would.
//!
//! ```sh
//! cargo run -p elicit-ask -- request.json [server-name]
//! ```
//!
//! `request.json` holds a whole JSON-RPC request or just its params. The
//! form (or the URL consent screen) is drawn on standard error; the answer
//! is printed on standard output: the JSON-RPC response when the file held
//! a request, the bare `ElicitResult` otherwise. A request that cannot be
//! shown is answered with the `-32602` error a client sends, and the exit
//! status is 2.

#![forbid(unsafe_code)]

use std::process::ExitCode;

use elicit_runtime::client::Ask;
use elicit_runtime::protocol::RequestId;
use serde_json::Value;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(path), server) = (args.next(), args.next()) else {
        eprintln!("usage: elicit-ask REQUEST.json [SERVER-NAME]");
        return ExitCode::from(64);
    };
    let server = server.unwrap_or_else(|| "server".to_owned());
    let message = match std::fs::read_to_string(&path)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str::<Value>(&text).map_err(|e| e.to_string()))
    {
        Ok(message) => message,
        Err(error) => {
            eprintln!("cannot read `{path}`: {error}");
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
    match elicit_ask::respond(&ask, &server) {
        Ok(result) => {
            let answer = match id {
                Some(id) => result.to_jsonrpc(id),
                None => serde_json::to_value(&result).unwrap_or(Value::Null),
            };
            println!("{answer}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}
