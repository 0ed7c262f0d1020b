//! One simulated client: stateless 2026-07-28 `tools/call` requests over
//! Streamable HTTP on one keep-alive connection, flow after flow until the
//! phase ends.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::stats::Rounds;

/// What a client runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tool {
    /// `plan_trip`: three requests, two of them input-required rounds.
    PlanTrip,
    /// `test_logging_tool`: one request that asks nothing.
    Plain,
}

impl Tool {
    /// The name in the figures.
    pub fn name(self) -> &'static str {
        match self {
            Tool::PlanTrip => "plan_trip",
            Tool::Plain => "plain",
        }
    }
}

/// What a client is told to do besides running flows.
#[derive(Clone, Default)]
pub struct Extras {
    /// Where to resend a request whose replica died (the fault phase).
    pub survivor: Option<String>,
    /// Tamper with and replay the states of every `n`th flow.
    pub tamper_every: Option<u64>,
}

/// What one client saw.
#[derive(Default)]
pub struct Report {
    /// Every successful request's time.
    pub rounds: Rounds,
    /// Flows run to their answer.
    pub flows: u64,
    /// Unexpected responses and transport failures, with what they were.
    pub errors: Vec<String>,
    /// Requests that failed because their replica died, each resent to the
    /// survivor.
    pub in_flight_lost: u64,
    /// Of those, the resends that the survivor answered as expected.
    pub resent_ok: u64,
    /// Tampered or misplaced states sent, and those refused with -32602.
    pub tampered: u64,
    pub refused: u64,
    /// Replays of a genuine state that ran as the first time.
    pub replayed_ok: u64,
}

/// Runs flows of `tool` against `url` until `deadline` or `max_flows`.
pub async fn run(
    index: u64,
    url: String,
    tool: Tool,
    deadline: Instant,
    max_flows: u64,
    extras: Extras,
) -> Report {
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .expect("an HTTP client builds");
    let mut client = Client { http, url, extras };
    let mut report = Report::default();
    while report.flows < max_flows && Instant::now() < deadline {
        let outcome = match tool {
            Tool::Plain => client.plain(&mut report).await,
            Tool::PlanTrip => {
                let sample = client
                    .extras
                    .tamper_every
                    .is_some_and(|n| (index + report.flows).is_multiple_of(n));
                client.plan_trip(&mut report, index, sample).await
            }
        };
        match outcome {
            Ok(()) => report.flows += 1,
            Err(error) => {
                report.errors.push(error);
                // A client that keeps failing would only spin.
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
    report
}

struct Client {
    http: reqwest::Client,
    url: String,
    extras: Extras,
}

impl Client {
    async fn plain(&mut self, report: &mut Report) -> Result<(), String> {
        let body = self.body("test_logging_tool", json!({}));
        let message = self.round(report, &body).await?;
        text(&message).map(|_| ())
    }

    async fn plan_trip(
        &mut self,
        report: &mut Report,
        index: u64,
        sample: bool,
    ) -> Result<(), String> {
        let first = self
            .round(report, &self.body("plan_trip", json!({})))
            .await?;
        let state1 = input_required(&first, "destination")?;
        let city = ["Lisbon", "Porto", "Kyoto", "Oslo"][(index % 4) as usize];
        let second_params = json!({
            "inputResponses": { "destination": { "action": "accept", "content": { "city": city } } },
            "requestState": state1,
        });
        if sample {
            self.tamper_and_replay(report, &second_params).await?;
        }
        let second = self
            .round(report, &self.body("plan_trip", second_params))
            .await?;
        let state2 = input_required(&second, "dates")?;
        let third = self
            .round(report, &self.body("plan_trip", json!({
                "inputResponses": { "dates": { "action": "accept", "content": { "arrival": "2026-09-14", "nights": 3 } } },
                "requestState": state2,
            })))
            .await?;
        let answer = text(&third)?;
        if answer.contains(&format!("3 nights in {city}")) {
            Ok(())
        } else {
            Err(format!("a wrong answer for {city}: {answer}"))
        }
    }

    /// Sends round 2 with its state changed, then with its state sent to
    /// another tool (each must be refused with -32602), then twice as it
    /// is (each must run as usual: a state is not single-use).
    async fn tamper_and_replay(
        &mut self,
        report: &mut Report,
        params: &Value,
    ) -> Result<(), String> {
        let state = params["requestState"].as_str().unwrap_or_default();
        let mut bytes = state.as_bytes().to_vec();
        let middle = bytes.len() / 2;
        bytes[middle] = if bytes[middle] == b'A' { b'B' } else { b'A' };
        let mut tampered = params.clone();
        tampered["requestState"] = Value::String(String::from_utf8(bytes).unwrap_or_default());
        let wrong_tool = self.body("test_streaming_elicitation", params.clone());
        for body in [self.body("plan_trip", tampered), wrong_tool] {
            report.tampered += 1;
            let message = self.send(&body).await?;
            if message["error"]["code"] == -32602 {
                report.refused += 1;
            } else {
                return Err(format!(
                    "a changed state was not refused with -32602: {message}"
                ));
            }
        }
        for _ in 0..2 {
            let message = self.send(&self.body("plan_trip", params.clone())).await?;
            input_required(&message, "dates")?;
            report.replayed_ok += 1;
        }
        Ok(())
    }

    /// One timed request; a request its replica dropped is resent once to
    /// the survivor, when there is one.
    async fn round(&mut self, report: &mut Report, body: &Value) -> Result<Value, String> {
        let started = Instant::now();
        match self.post(&self.url, body).await {
            Ok(message) => {
                report.rounds.push(started.elapsed());
                Ok(message)
            }
            Err(error) => {
                let Some(survivor) = self.extras.survivor.clone() else {
                    return Err(error);
                };
                report.in_flight_lost += 1;
                let message = self.post(&survivor, body).await?;
                report.resent_ok += 1;
                // From now on, straight to the survivor.
                self.url = survivor;
                Ok(message)
            }
        }
    }

    async fn send(&mut self, body: &Value) -> Result<Value, String> {
        let url = self.url.clone();
        self.post(&url, body).await
    }

    /// A stateless `tools/call` request of `name` with `extra` params.
    fn body(&self, name: &str, extra: Value) -> Value {
        let mut params = json!({
            "name": name,
            "arguments": {},
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientInfo": { "name": "load", "version": "1.0.0" },
                "io.modelcontextprotocol/clientCapabilities": { "elicitation": { "form": {} } }
            }
        });
        if let Value::Object(extra) = extra {
            for (key, value) in extra {
                params[key] = value;
            }
        }
        json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params })
    }

    /// Posts `body` and reads the JSON-RPC response with its id.
    async fn post(&self, url: &str, body: &Value) -> Result<Value, String> {
        let name = body["params"]["name"].as_str().unwrap_or_default();
        let response = self
            .http
            .post(url)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("MCP-Protocol-Version", "2026-07-28")
            .header("Mcp-Method", "tools/call")
            .header("Mcp-Name", name)
            .body(body.to_string())
            .send()
            .await
            .map_err(|error| format!("{url} did not answer: {error}"))?;
        let status = response.status();
        let text = response
            .text()
            .await
            .map_err(|error| format!("{url} broke off its response: {error}"))?;
        if !status.is_success() {
            return Err(format!("{url} answered {status}: {text}"));
        }
        message(&text, &body["id"])
            .ok_or_else(|| format!("no response with the request's id in {text}"))
    }
}

/// The JSON-RPC message with `id` in a body of JSON or of server-sent events.
fn message(body: &str, id: &Value) -> Option<Value> {
    if let Ok(value) = serde_json::from_str::<Value>(body) {
        return Some(value);
    }
    body.lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
        .find(|message| &message["id"] == id)
}

/// The `requestState` of an input-required result asking for `key`.
fn input_required(message: &Value, key: &str) -> Result<String, String> {
    let result = &message["result"];
    if result["resultType"] != "input_required" || result["inputRequests"][key].is_null() {
        return Err(format!("expected a request for `{key}`: {message}"));
    }
    result["requestState"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("no requestState: {message}"))
}

/// The text of a complete tool result.
fn text(message: &Value) -> Result<String, String> {
    message["result"]["content"][0]["text"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("expected a tool result: {message}"))
}
