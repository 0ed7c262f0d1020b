//! `plan_trip`: a two-step tool. It asks where, then when (the question
//! names the city), and quotes a price once, on the way. On 2026-07-28
//! every round may reach another replica: the answers and the quote travel
//! in the sealed `requestState`, so replicas sharing `ELICIT_STATE_KEYS`
//! continue each other's rounds.

use elicit_runtime::Elicitation;
use elicit_runtime::flow::Stop;
use elicit_runtime::integrations::rmcp::ServerFlow;
use rmcp::ErrorData;
use rmcp::model::{CallToolRequestParams, CallToolResponse};
use rmcp::service::{RequestContext, RoleServer};

use super::handler::ExampleServer;
use super::tools::{ToolSpec, answer_if, no_arguments, text};
use super::trip_forms::{Dates, Destination};

pub const TOOLS: &[ToolSpec] = &[ToolSpec {
    name: "plan_trip",
    description: "Plans a trip: asks where, then when, and quotes a price",
    arguments: no_arguments,
}];

/// Answers the tools of this module; `None` for another name.
pub async fn call(
    server: &ExampleServer,
    name: &str,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Option<Result<CallToolResponse, ErrorData>> {
    answer_if(name, "plan_trip", || plan_trip(server, request, context)).await
}

async fn plan_trip(
    server: &ExampleServer,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Result<CallToolResponse, Stop> {
    let mut flow = ServerFlow::open(context, server.keys(), request, &server.principal(context))?;
    let Elicitation::Accept(to) = flow.form::<Destination>("destination", "Where to?").await?
    else {
        return Ok(text("no trip planned"));
    };
    // Worked out once, in the round that first gets here, then carried.
    let quote: u32 = flow.remember("quote", || nightly_price(&to.city))?;
    let question = format!("When would you like to go to {}?", to.city);
    let Elicitation::Accept(dates) = flow.form::<Dates>("dates", question).await? else {
        return Ok(text("no trip planned"));
    };
    let total = quote * u32::from(dates.nights);
    Ok(text(format!(
        "{} nights in {} from {}: {total} EUR",
        dates.nights, to.city, dates.arrival
    )))
}

/// A made-up price per night, the same for the same city.
fn nightly_price(city: &str) -> u32 {
    80 + city.bytes().map(u32::from).sum::<u32>() % 70
}
