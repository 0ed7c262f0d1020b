//! Wire parsing of `elicitation/create`: params text and whole JSON-RPC
//! messages. Whatever the input, reading ends in a value or a typed error;
//! params that read write back, for every revision that can express them,
//! as params that read back the same (less the `elicitationId` that
//! 2026-07-28 no longer writes).
#![no_main]

use elicit_runtime::Limits;
use elicit_runtime::protocol::{ElicitRequestParams, Revision};
use libfuzzer_sys::fuzz_target;

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
    if let Ok(message) = Limits::DEFAULT.read_json(text) {
        if let Ok((_, params)) = ElicitRequestParams::from_jsonrpc(&message) {
            let _ = params.to_jsonrpc(1, Revision::V2025_11_25);
        }
    }
});
