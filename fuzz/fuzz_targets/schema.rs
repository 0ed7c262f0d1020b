//! Client-side form parsing: any server's `requestedSchema`. Reading ends
//! in a schema or a typed error; a schema that reads writes back, for
//! 2025-11-25 and 2026-07-28, as a schema that reads back equal, and every
//! default it holds passes its own property.
#![no_main]

use elicit_runtime::Limits;
use elicit_runtime::protocol::Revision;
use elicit_runtime::schema::FormSchema;
use elicit_runtime::rules;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(value) = Limits::DEFAULT.read_json(text) else {
        return;
    };
    let Ok(parsed) = FormSchema::parse(&value) else {
        return;
    };
    let schema = parsed.schema;
    for revision in [Revision::V2025_11_25, Revision::V2026_07_28] {
        let written = schema
            .render(revision)
            .expect("every model renders from 2025-11-25")
            .to_json();
        let back = FormSchema::parse(&written)
            .unwrap_or_else(|e| panic!("written schema does not read back: {e}\n{written}"));
        assert_eq!(back.schema, schema, "{written}");
    }
    let _ = schema.render(Revision::V2025_06_18);
    for property in schema.properties.iter() {
        if let Some(default) = property.schema.default_value() {
            assert!(
                rules::value(&property.schema, &default).is_ok(),
                "the default of `{}` breaks its rules",
                property.name
            );
        }
    }
});
