//! `plan_trip`: a two-step tool. It asks where, then when (the question
//! names the city), and quotes a price once, on the way. On 2026-07-28
//! every round may reach another replica: the answers and the quote travel
//! in the sealed `requestState`, so replicas sharing `ELICIT_STATE_KEYS`
//! continue each other's rounds.

use elicit_rmcp::{Ask, Halt};
use elicit_runtime::Elicitation;
use rmcp::{tool, tool_router};

use super::handler::ExampleServer;
use super::trip_forms::{Dates, Destination};

#[tool_router(router = trip_tools, vis = "pub(crate)")]
impl ExampleServer {
    #[tool(description = "Plans a trip: asks where, then when, and quotes a price")]
    async fn plan_trip(&self, mut ask: Ask) -> Result<String, Halt> {
        let Elicitation::Accept(to) = ask
            .form_as::<Destination>("destination", "Where to?")
            .await?
        else {
            return Ok("no trip planned".to_owned());
        };
        // Worked out once, in the round that first gets here, then carried.
        let quote: u32 = ask.remember("quote", || nightly_price(&to.city))?;
        let question = format!("When would you like to go to {}?", to.city);
        let Elicitation::Accept(dates) = ask.form_as::<Dates>("dates", question).await? else {
            return Ok("no trip planned".to_owned());
        };
        let total = quote * u32::from(dates.nights);
        Ok(format!(
            "{} nights in {} from {}: {total} EUR",
            dates.nights, to.city, dates.arrival
        ))
    }
}

/// A made-up price per night, the same for the same city.
fn nightly_price(city: &str) -> u32 {
    80 + city.bytes().map(u32::from).sum::<u32>() % 70
}
