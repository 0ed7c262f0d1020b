//! Wire parsing of what a server sends: `elicitation/create` params text
//! and whole JSON-RPC requests, 2026-07-28 input-required results, the
//! URL-mode completion notification and the `-32042` error. Whatever the input, reading ends in a value or a typed error;
//! params that read write back, for every revision that can express them,
//! as params that read back the same (less the `elicitationId` that
//! 2026-07-28 no longer writes).
#![no_main]

use elicit_runtime::Limits;
use elicit_runtime::protocol::{
    ElicitRequestParams, ElicitationCapability, ElicitationCompleteNotification,
    InputRequiredResult, Revision, UrlElicitationRequired,
};
use libfuzzer_sys::fuzz_target;
use serde::Deserialize;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(params) = ElicitRequestParams::from_json_str(text) {
        for revision in [Revision::V2025_11_25, Revision::V2026_07_28] {
            if let Ok(rendered) = params.render(revision) {
                let written = rendered.to_json().to_string();
                let back = ElicitRequestParams::from_json_str(&written)
                    .unwrap_or_else(|e| panic!("written params do not read back: {e}\n{written}"));
                let mut expected = params.clone();
                if let ElicitRequestParams::Url(url) = &mut expected
                    && revision == Revision::V2026_07_28
                {
                    url.elicitation_id = None;
                }
                assert_eq!(back, expected, "{written}");
            }
        }
    }
    let Ok(message) = Limits::DEFAULT.read_json(text) else {
        return;
    };
    if let Ok((_, params)) = ElicitRequestParams::from_jsonrpc(&message) {
        let _ = params.to_jsonrpc(1, Revision::V2025_11_25);
    }
    if let Ok(result) = InputRequiredResult::deserialize(&message) {
        let written = serde_json::to_value(&result).expect("a result serializes");
        let back = InputRequiredResult::deserialize(&written)
            .unwrap_or_else(|e| panic!("written result does not read back: {e}\n{written}"));
        assert_eq!(back, result, "{written}");
    }
    let _ = InputRequiredResult::from_jsonrpc(&message);
    let _ = ElicitationCompleteNotification::from_jsonrpc(&message);
    let _ = UrlElicitationRequired::from_jsonrpc(&message);
    let _ = UrlElicitationRequired::from_error(&message);
    if let Some(meta) = message.as_object() {
        let _ = ElicitationCapability::from_request_meta(meta);
    }
    let _ = serde_json::from_value::<ElicitationCapability>(message);
});
