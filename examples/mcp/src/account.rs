//! `connect_account`: a form with a secret (an API key), which form mode
//! cannot carry, asked on the server's own page (URL mode) through
//! `Ask::web_form`; a client without URL mode gets the page's link in the
//! result and calls again with its token. The key goes from the browser to
//! this server only: never through the client, nor the model.

use elicit_rmcp::{Ask, Halt, visit_arguments};
use elicit_runtime::{Elicitable, Elicitation, Secret};
use rmcp::{tool, tool_router};

use super::handler::ExampleServer;

/// The key `ConnectAccount` is registered under in the server's `WebForms`.
pub const FORM_KEY: &str = "connect_account";

/// Connect your weather-service account
#[derive(Debug, Elicitable)]
pub struct ConnectAccount {
    /// The account's name at the weather service
    #[elicit(title = "Account", min_length = 3, max_length = 40)]
    pub account: String,
    /// The API key from the service's settings page
    #[elicit(secret, title = "API key", min_length = 16, max_length = 128)]
    pub api_key: Secret,
}

#[tool_router(router = account_tools, vis = "pub(crate)")]
impl ExampleServer {
    /// No arguments of its own; the token of the page's link, given back by
    /// a client that cannot open URLs itself.
    #[tool(
        description = "Connects the user's weather-service account: asks for its API key on a page \
                       of this server",
        input_schema = visit_arguments()
    )]
    async fn connect_account(&self, mut ask: Ask) -> Result<String, Halt> {
        if self.web().is_none() {
            return Ok(
                "this server serves no form pages: start it over HTTP (`--listen`) to \
                       connect an account"
                    .to_owned(),
            );
        }
        let message = "Connect your weather-service account";
        let answer = ask.web_form_as::<ConnectAccount>(FORM_KEY, message).await?;
        let Elicitation::Accept(connect) = answer else {
            return Ok("no account connected".to_owned());
        };
        // A real server would store the key with the user's account; the
        // demo says only how long it was.
        Ok(format!(
            "connected the account {} with a key of {} characters",
            connect.account,
            connect.api_key.expose().chars().count()
        ))
    }
}
