//! Wire parsing of what a client sends: `ElicitResult` as text, as a JSON
//! value, inside a JSON-RPC response, for a form and for URL mode, and the
//! 2026-07-28 retry params with their input responses. The typed and the JSON
//! readers agree on every input.
#![no_main]

use elicit_runtime::protocol::{ElicitResult, RetryParams};
use elicit_runtime::{Elicitable, Elicitation, Limits, UrlConsent};
use libfuzzer_sys::fuzz_target;

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Plan {
    Free,
    Pro,
}

#[derive(Debug, PartialEq, Elicitable)]
struct Contact {
    #[elicit(min_length = 1, max_length = 64)]
    name: String,
    #[elicit(format = "email")]
    email: String,
    age: Option<u8>,
    plan: Option<Plan>,
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let from_text = Elicitation::<Contact>::from_json_str(text);
    let _ = UrlConsent::from_json_str(text);
    let Ok(value) = Limits::DEFAULT.read_json(text) else {
        assert!(from_text.is_err(), "text that does not read was accepted");
        return;
    };
    let from_value = Elicitation::<Contact>::from_json(&value);
    assert_eq!(from_text, from_value);
    // The typed reader says the same as the JSON reader.
    match ElicitResult::from_value(value.clone()) {
        Ok(typed) => {
            let from_typed = Elicitation::<Contact>::from_result(&typed);
            assert_eq!(from_typed, from_value);
            let written = serde_json::to_value(&typed).expect("a result serializes");
            assert_eq!(ElicitResult::from_value(written).as_ref(), Ok(&typed));
        }
        Err(_) => assert!(from_value.is_err()),
    }
    let _ = ElicitResult::from_jsonrpc(&value);
    if let Ok(retry) = RetryParams::from_params(&value) {
        let _ = retry.client_capability();
        let keys: Vec<String> = retry.input_responses.keys().map(str::to_owned).collect();
        for key in keys {
            let typed = retry.input_responses.elicit_result(&key);
            let form = retry.input_responses.elicitation::<Contact>(&key);
            let url = retry.input_responses.url_consent(&key);
            if typed.is_err() {
                assert!(form.is_err() && url.is_err(), "{key}");
            }
        }
    }
});
