//! The official JSON-Schema-Test-Suite format cases (draft 2020-12,
//! `optional/format`) for the four formats of a `requestedSchema`, vendored
//! in `tests/json-schema-test-suite/`: every string case gets the suite's
//! verdict from `Format::check`.

use elicit_runtime::format::Format;
use serde_json::Value;

fn run(format: Format, file: &str) -> (usize, Vec<String>) {
    let groups: Value = serde_json::from_str(file).expect("the vendored file is JSON");
    let mut checked = 0;
    let mut wrong = Vec::new();
    for group in groups.as_array().expect("a list of groups") {
        assert_eq!(group["schema"]["format"], format.as_str());
        for case in group["tests"].as_array().expect("a list of cases") {
            // A format applies to strings only; other values are the type
            // rule's business, which a `requestedSchema` always states.
            let Value::String(data) = &case["data"] else {
                continue;
            };
            checked += 1;
            let expected = case["valid"].as_bool().expect("a verdict");
            let got = format.check(data).is_ok();
            if got != expected {
                wrong.push(format!(
                    "{}: {data:?} ({}): expected {expected}, got {got}",
                    format.as_str(),
                    case["description"]
                ));
            }
        }
    }
    (checked, wrong)
}

#[test]
fn every_suite_case_gets_the_suites_verdict() {
    let files = [
        (
            Format::Email,
            include_str!("json-schema-test-suite/email.json"),
        ),
        (Format::Uri, include_str!("json-schema-test-suite/uri.json")),
        (
            Format::Date,
            include_str!("json-schema-test-suite/date.json"),
        ),
        (
            Format::DateTime,
            include_str!("json-schema-test-suite/date-time.json"),
        ),
    ];
    let mut wrong = Vec::new();
    for (format, file) in files {
        let (checked, mut errors) = run(format, file);
        assert!(
            checked >= 20,
            "{}: only {checked} string cases",
            format.as_str()
        );
        wrong.append(&mut errors);
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
