//! A 32-field form: eight rounds of a text, a number, a choice and a flag.

use elicit_runtime::Elicitable;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::Reach;

/// Please fill in the survey
#[derive(Debug, Clone, PartialEq, Elicitable, Deserialize, schemars::JsonSchema)]
pub struct Wide {
    /// Email 0
    #[elicit(format = "email")]
    #[schemars(email)]
    pub email_0: String,
    /// Count 0
    #[elicit(minimum = 1, maximum = 1000)]
    #[schemars(range(min = 1, max = 1000))]
    pub count_0: u32,
    /// Choice 0
    pub choice_0: Reach,
    /// Flag 0
    pub flag_0: bool,
    /// Email 1
    #[elicit(format = "email")]
    #[schemars(email)]
    pub email_1: String,
    /// Count 1
    #[elicit(minimum = 1, maximum = 1000)]
    #[schemars(range(min = 1, max = 1000))]
    pub count_1: u32,
    /// Choice 1
    pub choice_1: Reach,
    /// Note 1
    pub note_1: Option<String>,
    /// Text 2
    #[elicit(max_length = 200)]
    #[schemars(length(max = 200))]
    pub text_2: String,
    /// Count 2
    #[elicit(minimum = 1, maximum = 1000)]
    #[schemars(range(min = 1, max = 1000))]
    pub count_2: u32,
    /// Choice 2
    pub choice_2: Reach,
    /// Flag 2
    pub flag_2: bool,
    /// Text 3
    #[elicit(max_length = 200)]
    #[schemars(length(max = 200))]
    pub text_3: String,
    /// Count 3
    #[elicit(minimum = 1, maximum = 1000)]
    #[schemars(range(min = 1, max = 1000))]
    pub count_3: u32,
    /// Choice 3
    pub choice_3: Reach,
    /// Note 3
    pub note_3: Option<String>,
    /// Text 4
    #[elicit(max_length = 200)]
    #[schemars(length(max = 200))]
    pub text_4: String,
    /// Count 4
    #[elicit(minimum = 1, maximum = 1000)]
    #[schemars(range(min = 1, max = 1000))]
    pub count_4: u32,
    /// Choice 4
    pub choice_4: Reach,
    /// Flag 4
    pub flag_4: bool,
    /// Text 5
    #[elicit(max_length = 200)]
    #[schemars(length(max = 200))]
    pub text_5: String,
    /// Count 5
    #[elicit(minimum = 1, maximum = 1000)]
    #[schemars(range(min = 1, max = 1000))]
    pub count_5: u32,
    /// Choice 5
    pub choice_5: Reach,
    /// Note 5
    pub note_5: Option<String>,
    /// Text 6
    #[elicit(max_length = 200)]
    #[schemars(length(max = 200))]
    pub text_6: String,
    /// Count 6
    #[elicit(minimum = 1, maximum = 1000)]
    #[schemars(range(min = 1, max = 1000))]
    pub count_6: u32,
    /// Choice 6
    pub choice_6: Reach,
    /// Flag 6
    pub flag_6: bool,
    /// Text 7
    #[elicit(max_length = 200)]
    #[schemars(length(max = 200))]
    pub text_7: String,
    /// Count 7
    #[elicit(minimum = 1, maximum = 1000)]
    #[schemars(range(min = 1, max = 1000))]
    pub count_7: u32,
    /// Choice 7
    pub choice_7: Reach,
    /// Note 7
    pub note_7: Option<String>,
}

/// The content of an accepted 32-field form.
pub fn wide_content() -> Value {
    let mut map = Map::new();
    map.insert("email_0".into(), json!("user0@example.com"));
    map.insert("count_0".into(), json!(10));
    map.insert("choice_0".into(), json!("phone"));
    map.insert("flag_0".into(), json!(true));
    map.insert("email_1".into(), json!("user1@example.com"));
    map.insert("count_1".into(), json!(11));
    map.insert("choice_1".into(), json!("phone"));
    map.insert("note_1".into(), json!("note 1"));
    map.insert("text_2".into(), json!("some answer number 2"));
    map.insert("count_2".into(), json!(12));
    map.insert("choice_2".into(), json!("phone"));
    map.insert("flag_2".into(), json!(true));
    map.insert("text_3".into(), json!("some answer number 3"));
    map.insert("count_3".into(), json!(13));
    map.insert("choice_3".into(), json!("phone"));
    map.insert("note_3".into(), json!("note 3"));
    map.insert("text_4".into(), json!("some answer number 4"));
    map.insert("count_4".into(), json!(14));
    map.insert("choice_4".into(), json!("phone"));
    map.insert("flag_4".into(), json!(true));
    map.insert("text_5".into(), json!("some answer number 5"));
    map.insert("count_5".into(), json!(15));
    map.insert("choice_5".into(), json!("phone"));
    map.insert("note_5".into(), json!("note 5"));
    map.insert("text_6".into(), json!("some answer number 6"));
    map.insert("count_6".into(), json!(16));
    map.insert("choice_6".into(), json!("phone"));
    map.insert("flag_6".into(), json!(true));
    map.insert("text_7".into(), json!("some answer number 7"));
    map.insert("count_7".into(), json!(17));
    map.insert("choice_7".into(), json!("phone"));
    map.insert("note_7".into(), json!("note 7"));
    Value::Object(map)
}
