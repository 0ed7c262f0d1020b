use elicit_runtime::Elicitable;
use serde_json::json;
use url::Url;

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    #[elicit(default = "https://example.com/")]
    home: Option<Url>,
    #[elicit(max_length = 200)]
    feed: Url,
}

fn main() {
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "home": { "type": "string", "format": "uri", "default": "https://example.com/" },
                "feed": { "type": "string", "maxLength": 200, "format": "uri" }
            },
            "required": ["feed"]
        })
    );
    let content = json!({ "feed": "HTTPS://Example.COM:443/a/./b/../feed.xml" });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(form.home.unwrap().as_str(), "https://example.com/");
    // `url` normalises what it reads.
    assert_eq!(form.feed.as_str(), "https://example.com/a/feed.xml");

    // Not an absolute URI; an absolute URI that `url` refuses.
    let content = json!({ "home": "example.com", "feed": "http://999.1.1.1/feed" });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(failed, [("home", "format"), ("feed", "fit")]);
    assert_eq!(
        errors.iter().nth(1).unwrap().to_string(),
        "`feed` is a valid `uri` but `url::Url` cannot hold it (invalid IPv4 address): send a URL a web browser accepts, such as `https://example.com/` (received \"http://999.1.1.1/feed\")"
    );
}
