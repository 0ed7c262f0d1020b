//! The two forms of the example server's `plan_trip` tool: where, then
//! when, asked in two rounds; shared by the server and the round benches.

use elicit_runtime::Elicitable;

/// Where would you like to go?
#[derive(Debug, Clone, PartialEq, Elicitable)]
pub struct Destination {
    /// The city you would like to visit
    #[elicit(title = "City", min_length = 2, max_length = 80)]
    pub city: String,
}

/// When would you like to go?
#[derive(Debug, Clone, PartialEq, Elicitable)]
pub struct Dates {
    /// The day you arrive
    #[elicit(title = "Arrival", format = "date")]
    pub arrival: String,
    /// How many nights you stay
    #[elicit(title = "Nights", minimum = 1, maximum = 30)]
    pub nights: u8,
}
