//! A small WebDriver client for the app's browser test: starts
//! `chromedriver` on a free loopback port, opens one headless Chromium
//! session, and speaks the W3C WebDriver protocol over HTTP.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

/// The key of an element reference in WebDriver's JSON.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// How many times a wait looks before it gives up, and how long between.
const LOOKS: u32 = 400;
const BETWEEN: Duration = Duration::from_millis(50);

pub struct Browser {
    driver: Child,
    base: String,
    http: reqwest::Client,
}

/// An element of the current frame.
#[derive(Debug, Clone)]
pub struct Element(String);

impl Browser {
    /// Starts `chromedriver` (or `ELICIT_CHROMEDRIVER`) and a headless
    /// Chromium session with `args` added to its command line.
    pub async fn start(args: &[&str]) -> Browser {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free loopback port")
            .port();
        let program =
            std::env::var("ELICIT_CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into());
        let driver = Command::new(&program)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|error| {
                panic!(
                    "cannot start `{program}`: {error}: install Debian's `chromium` and \
                     `chromium-driver` (or set ELICIT_CHROMEDRIVER), or set ELICIT_BROWSER=0 to skip"
                )
            });
        let mut browser = Browser {
            driver,
            base: format!("http://127.0.0.1:{port}"),
            http: reqwest::Client::new(),
        };
        let mut ready = false;
        for _ in 0..LOOKS {
            if let Ok(response) = browser
                .http
                .get(format!("{}/status", browser.base))
                .send()
                .await
                && let Ok(status) = response.json::<Value>().await
                && status["value"]["ready"] == true
            {
                ready = true;
                break;
            }
            tokio::time::sleep(BETWEEN).await;
        }
        assert!(ready, "chromedriver did not become ready");
        let mut arguments = vec![
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--window-size=900,1600",
            "--lang=en-US",
        ];
        arguments.extend_from_slice(args);
        let mut options = json!({ "args": arguments });
        if let Ok(binary) = std::env::var("ELICIT_CHROMIUM") {
            options["binary"] = json!(binary);
        } else if std::path::Path::new("/usr/bin/chromium").exists() {
            options["binary"] = json!("/usr/bin/chromium");
        }
        let created = browser
            .command(
                "POST",
                "/session",
                json!({ "capabilities": { "alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": options
                } } }),
            )
            .await;
        let session = created["sessionId"]
            .as_str()
            .expect("a session id")
            .to_owned();
        browser.base = format!("{}/session/{session}", browser.base);
        browser
    }

    async fn command(&self, method: &str, path: &str, body: Value) -> Value {
        let url = format!("{}{path}", self.base);
        let request = match method {
            "GET" => self.http.get(&url),
            "DELETE" => self.http.delete(&url),
            _ => self.http.post(&url).json(&body),
        };
        let response = request.send().await.expect("chromedriver answers");
        let answer: Value = response.json().await.expect("chromedriver answers JSON");
        let value = answer["value"].clone();
        if let Some(error) = value.get("error") {
            panic!(
                "WebDriver `{method} {path}` failed: {error}: {}",
                value["message"]
            );
        }
        value
    }

    pub async fn goto(&self, url: &str) {
        self.command("POST", "/url", json!({ "url": url })).await;
    }

    pub async fn find_all(&self, css: &str) -> Vec<Element> {
        let found = self
            .command(
                "POST",
                "/elements",
                json!({ "using": "css selector", "value": css }),
            )
            .await;
        found
            .as_array()
            .unwrap()
            .iter()
            .map(|element| Element(element[ELEMENT].as_str().unwrap().to_owned()))
            .collect()
    }

    pub async fn find(&self, css: &str) -> Element {
        let mut found = self.find_all(css).await;
        assert_eq!(found.len(), 1, "one `{css}`");
        found.remove(0)
    }

    /// Waits until `css` matches, and returns the first match.
    pub async fn wait_for(&self, css: &str) -> Element {
        for _ in 0..LOOKS {
            if let Some(first) = self.find_all(css).await.into_iter().next() {
                return first;
            }
            tokio::time::sleep(BETWEEN).await;
        }
        panic!("nothing matched `{css}`")
    }

    /// Waits until the text of `css` is `expected`.
    pub async fn wait_for_text(&self, css: &str, expected: impl Fn(&str) -> bool) -> String {
        let mut last = String::new();
        for _ in 0..LOOKS {
            if let Some(first) = self.find_all(css).await.into_iter().next() {
                last = self.text(&first).await;
                if expected(&last) {
                    return last;
                }
            }
            tokio::time::sleep(BETWEEN).await;
        }
        panic!("the text of `{css}` stayed {last:?}")
    }

    pub async fn click(&self, element: &Element) {
        self.command("POST", &format!("/element/{}/click", element.0), json!({}))
            .await;
    }

    pub async fn clear(&self, element: &Element) {
        self.command("POST", &format!("/element/{}/clear", element.0), json!({}))
            .await;
    }

    pub async fn type_in(&self, element: &Element, text: &str) {
        self.command(
            "POST",
            &format!("/element/{}/value", element.0),
            json!({ "text": text }),
        )
        .await;
    }

    pub async fn text(&self, element: &Element) -> String {
        let text = self
            .command("GET", &format!("/element/{}/text", element.0), json!({}))
            .await;
        text.as_str().unwrap_or_default().to_owned()
    }

    pub async fn attribute(&self, element: &Element, name: &str) -> Option<String> {
        let value = self
            .command(
                "GET",
                &format!("/element/{}/attribute/{name}", element.0),
                json!({}),
            )
            .await;
        value.as_str().map(str::to_owned)
    }

    /// Runs `script` (a function body; `arguments` are `args`, elements as
    /// references) in the current frame.
    pub async fn execute(&self, script: &str, args: Vec<Value>) -> Value {
        self.command(
            "POST",
            "/execute/sync",
            json!({ "script": script, "args": args }),
        )
        .await
    }

    /// As [`Browser::execute`], for a script that calls its last argument
    /// with its result.
    pub async fn execute_async(&self, script: &str, args: Vec<Value>) -> Value {
        self.command("POST", "/timeouts", json!({ "script": 60_000 }))
            .await;
        self.command(
            "POST",
            "/execute/async",
            json!({ "script": script, "args": args }),
        )
        .await
    }

    /// An element as a script argument.
    pub fn arg(element: &Element) -> Value {
        json!({ ELEMENT: element.0 })
    }

    pub async fn enter_frame(&self, frame: &Element) {
        self.command("POST", "/frame", json!({ "id": Browser::arg(frame) }))
            .await;
    }

    pub async fn leave_frame(&self) {
        self.command("POST", "/frame/parent", json!({})).await;
    }

    /// A PNG of `element`.
    pub async fn element_screenshot(&self, element: &Element) -> String {
        let png = self
            .command(
                "GET",
                &format!("/element/{}/screenshot", element.0),
                json!({}),
            )
            .await;
        png.as_str().unwrap().to_owned()
    }

    pub async fn quit(mut self) {
        let _ = self.http.delete(&self.base).send().await;
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
