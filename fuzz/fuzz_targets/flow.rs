//! The open path of a 2026-07-28 flow: `Flow::open` with any retry params
//! (any `requestState` text, any `inputResponses`), and, behind the
//! authentication, any carried state the server could have sealed, run
//! through a two-step tool. Every input ends in an answer, a round or a
//! typed refusal; none panics.
#![no_main]

use elicit_runtime::flow::{ClientSupport, Flow, Stop};
use elicit_runtime::protocol::{ElicitationCapability, RetryParams, Revision};
use elicit_runtime::state::{Binding, Deployment, Principal, StateKey, StateKeys};
use elicit_runtime::{Elicitable, Elicitation, Limits};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

#[derive(Debug, Elicitable)]
struct Payee {
    #[elicit(min_length = 1, max_length = 64)]
    name: String,
}

#[derive(Debug, Elicitable)]
struct Confirm {
    ok: bool,
}

fn keys() -> &'static StateKeys {
    static KEYS: OnceLock<StateKeys> = OnceLock::new();
    KEYS.get_or_init(|| {
        StateKeys::new(
            StateKey::generate().expect("random numbers"),
            Deployment::SINGLE,
        )
    })
}

/// The tool: whom to pay, then a confirmation naming the payee.
fn pay(flow: &mut Flow) -> Result<String, Stop> {
    let Elicitation::Accept(payee) = flow.form::<Payee>("payee", "Pay whom?")? else {
        return Ok("no".into());
    };
    let _ = flow.carried::<u32>("quote");
    let question = format!("Pay {}?", payee.name);
    let confirmed = matches!(
        flow.form::<Confirm>("confirm", question)?,
        Elicitation::Accept(Confirm { ok: true })
    );
    let _consent = flow.url("bank", "Connect", "https://bank.example/{visit}")?;
    Ok(if confirmed {
        "paid".into()
    } else {
        "not paid".into()
    })
}

fn run(retry: &RetryParams, user: &Principal) {
    let support = ClientSupport::elicitation(ElicitationCapability::form_and_url());
    let binding = Binding::tool("pay", None);
    match Flow::open(keys(), binding, user, Revision::V2026_07_28, support, retry) {
        Ok(flow) => {
            let mut lenient = flow.with_unprompted_first_round();
            let _ = pay(&mut lenient);
            let _ = lenient.token_id();
        }
        Err(error) => {
            assert_eq!(error.to_jsonrpc(1)["error"]["code"], -32602);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(value) = Limits::DEFAULT.read_json(text) else {
        return;
    };
    let user = if mode & 1 == 0 {
        Principal::UNBOUND
    } else {
        Principal::user("alice")
    };
    if mode & 2 == 0 {
        // The whole retry from the client: `requestState` is whatever it sent.
        if let Ok(retry) = RetryParams::from_params(&value) {
            run(&retry, &user);
        }
    } else {
        // An authentic state with any content, and no responses: what the
        // flow makes of a carried state it did not write.
        let binding = Binding::tool("pay", None).bound_to(&user);
        let round = u32::from(mode >> 2).wrapping_mul(0x0101_0101);
        if let Ok(token) =
            elicit_runtime::flow::seal_flow_for_fuzzing(keys(), &binding, round, &value)
        {
            let retry = RetryParams::new(Default::default(), Some(token));
            run(&retry, &user);
        }
    }
});
