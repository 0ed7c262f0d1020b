//! `Elicitable::schema_json`: the rendered schema, written once per form and
//! revision, always the same text as rendering afresh.
#![allow(dead_code)]

use std::sync::Arc;

use elicit_runtime::protocol::Revision;
use elicit_runtime::{ElicitField, Elicitable};

#[derive(Elicitable)]
enum Tag {
    #[elicit(title = "Red")]
    Red,
    Blue,
}

#[derive(Elicitable)]
struct Tagged {
    name: String,
    tags: Vec<Tag>,
}

#[derive(Elicitable)]
struct Plain {
    #[elicit(min_length = 2)]
    name: String,
    tag: Tag,
}

#[derive(Elicitable)]
struct Wrapper<T: ElicitField> {
    value: T,
}

const REVISIONS: [Revision; 3] = [
    Revision::V2025_06_18,
    Revision::V2025_11_25,
    Revision::V2026_07_28,
];

#[test]
fn the_cached_text_is_the_rendered_schema_of_each_revision() {
    for revision in REVISIONS {
        let schema = Plain::SCHEMA;
        let fresh = schema.render(revision).unwrap().to_json_string();
        let cached = Plain::schema_json(revision).unwrap();
        assert_eq!(&*cached, fresh, "{revision}");
        assert!(Arc::ptr_eq(&cached, &Plain::schema_json(revision).unwrap()));
    }
    // The revisions differ for a titled enum, so each has its own entry.
    assert_ne!(
        Plain::schema_json(Revision::V2025_06_18).unwrap(),
        Plain::schema_json(Revision::V2025_11_25).unwrap()
    );
}

#[test]
fn a_revision_that_cannot_express_the_form_is_an_error_every_time() {
    for _ in 0..2 {
        let error = Tagged::schema_json(Revision::V2025_06_18).unwrap_err();
        assert_eq!(error.field(), "tags");
        assert_eq!(error.revision(), Revision::V2025_06_18);
    }
    let schema = Tagged::SCHEMA;
    assert_eq!(
        &*Tagged::schema_json(Revision::V2025_11_25).unwrap(),
        schema
            .render(Revision::V2025_11_25)
            .unwrap()
            .to_json_string()
    );
}

#[test]
fn each_instance_of_a_generic_form_has_its_own_schema() {
    let text = Wrapper::<String>::schema_json(Revision::LATEST).unwrap();
    let number = Wrapper::<u8>::schema_json(Revision::LATEST).unwrap();
    assert!(text.contains(r#""type":"string""#), "{text}");
    assert!(number.contains(r#""type":"integer""#), "{number}");
}
