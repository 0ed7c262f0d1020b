//! Length bounds count code points whatever the byte length of the
//! characters, at and around each bound.

use elicit_runtime::Elicitable;
use elicit_runtime::rules::{Rule, Violation};
use serde_json::json;

#[derive(Debug, Elicitable)]
struct Bounded {
    #[elicit(min_length = 3, max_length = 5)]
    text: String,
}

#[test]
fn every_length_around_the_bounds_is_judged_by_code_points() {
    // One, two, three and four UTF-8 bytes.
    for c in ['a', 'é', '€', '😀'] {
        for count in 0..=8 {
            let text: String = std::iter::repeat_n(c, count).collect();
            let content = json!({ "text": text });
            let read = Bounded::from_content(content.as_object().unwrap());
            match count {
                3..=5 => assert_eq!(read.unwrap().text, text),
                _ => {
                    let errors = read.unwrap_err();
                    let error = errors.iter().next().unwrap();
                    let (rule, violation) = if count < 3 {
                        (
                            Rule::MinLength,
                            Violation::MinLength {
                                min: 3,
                                actual: count as u64,
                            },
                        )
                    } else {
                        (
                            Rule::MaxLength,
                            Violation::MaxLength {
                                max: 5,
                                actual: count as u64,
                            },
                        )
                    };
                    assert_eq!(
                        (error.rule(), error.violation()),
                        (rule, &violation),
                        "{text:?}"
                    );
                    assert_eq!(errors.len(), 1);
                }
            }
        }
    }
}

#[test]
fn mixed_widths_count_each_character_once() {
    // 3 code points in 1 + 4 + 2 = 7 bytes; 6 code points in 13 bytes.
    let short = json!({ "text": "a😀é" });
    assert!(Bounded::from_content(short.as_object().unwrap()).is_ok());
    let long = json!({ "text": "a😀éa😀é" });
    let errors = Bounded::from_content(long.as_object().unwrap()).unwrap_err();
    assert_eq!(
        errors.iter().next().unwrap().violation(),
        &Violation::MaxLength { max: 5, actual: 6 }
    );
}
