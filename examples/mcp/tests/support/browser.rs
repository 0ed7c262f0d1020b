//! A headless Chromium driven over WebDriver: Debian's `chromium` and its
//! `chromedriver` started on a free loopback port, a session through
//! fantoccini, keys pressed one by one as a keyboard would, axe-core run in
//! the page, and screenshots kept under
//! `target/browser-artifacts/<test>/<page>.png`.
//!
//! `ELICIT_BROWSER=0` skips the browser tests, loudly; otherwise a missing
//! browser fails the test with the command that installs it.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

/// The normal window, in CSS pixels.
pub const NORMAL: (u32, u32) = (1024, 900);

/// The narrowest phone the pages must work on, in CSS pixels.
pub const NARROW: (u32, u32) = (320, 800);

/// The WebDriver code of the Tab key.
pub const TAB: char = '\u{e004}';
/// The WebDriver code of the Enter key.
pub const ENTER: char = '\u{e007}';
/// The WebDriver code of the Space key.
pub const SPACE: char = ' ';
/// The WebDriver code of the Backspace key.
pub const BACKSPACE: char = '\u{e003}';
/// The WebDriver code of the Down arrow key.
pub const DOWN: char = '\u{e015}';
/// The WebDriver code of the End key.
pub const END: char = '\u{e010}';

/// How many times a wait looks, and how long it sleeps between two looks.
const WAITS: u32 = 400;
const WAIT: std::time::Duration = std::time::Duration::from_millis(50);

/// Whether the browser tests run: false only when `ELICIT_BROWSER=0`, and
/// then it says so on stderr.
pub fn enabled(test: &str) -> bool {
    if std::env::var("ELICIT_BROWSER").as_deref() == Ok("0") {
        // Straight to the process's stderr, which the test harness does
        // not capture, so the skip shows even when the test passes.
        let _ = writeln!(
            std::io::stderr(),
            "\n!!!! SKIPPED {test}: ELICIT_BROWSER=0 is set, no browser test ran !!!!\n\
             !!!! unset it to drive headless Chromium over WebDriver              !!!!\n"
        );
        return false;
    }
    true
}

/// A headless Chromium session; chromedriver is stopped when dropped.
pub struct Browser {
    /// The WebDriver session.
    pub client: Client,
    driver: Child,
    artifacts: PathBuf,
}

/// The path of `program` on `PATH`.
fn which(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

/// Whether this process runs as root (Chromium's sandbox refuses root).
fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|line| line.strip_prefix("Uid:"))
                .and_then(|uids| uids.split_whitespace().next().map(|uid| uid == "0"))
        })
        .unwrap_or(false)
}

/// The workspace's `target` directory.
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if Path::new(&dir).is_absolute() => PathBuf::from(dir),
        Some(dir) => workspace().join(dir),
        None => workspace().join("target"),
    }
}

/// The workspace's root directory.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

impl Browser {
    /// Starts chromedriver and a headless Chromium at `size`; screenshots
    /// of `test` go to `target/browser-artifacts/<test>/`.
    pub async fn start(test: &str, size: (u32, u32)) -> Browser {
        Browser::start_with(test, size, &[]).await
    }

    /// As [`Browser::start`], with `extra` added to Chromium's command line.
    pub async fn start_with(test: &str, size: (u32, u32), extra: &[&str]) -> Browser {
        let install = "apt-get update && apt-get install -y chromium chromium-driver \
                       (or set ELICIT_BROWSER=0 to skip the browser tests)";
        let chromium = which("chromium")
            .unwrap_or_else(|| panic!("`chromium` is not on PATH: install it with `{install}`"));
        let chromedriver = which("chromedriver").unwrap_or_else(|| {
            panic!("`chromedriver` is not on PATH: install it with `{install}`")
        });
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free loopback port")
            .port();
        // In a process group of its own, with the browser it starts, so
        // that both stop together even when a failing test drops them.
        let mut driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .process_group(0)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        // chromedriver says when it listens, on its first lines.
        let mut stdout = BufReader::new(driver.stdout.take().unwrap());
        let mut line = String::new();
        loop {
            line.clear();
            let read = stdout.read_line(&mut line).expect("chromedriver's output");
            assert!(read > 0, "chromedriver exited before it listened");
            if line.contains("started successfully") {
                break;
            }
        }
        // Keep reading its output so it never blocks on a full pipe.
        std::thread::spawn(move || for _ in stdout.lines().map_while(Result::ok) {});

        let mut args = vec![
            "--headless=new".to_owned(),
            "--disable-gpu".to_owned(),
            "--disable-dev-shm-usage".to_owned(),
            "--lang=en-US".to_owned(),
            "--hide-scrollbars".to_owned(),
            format!("--window-size={},{}", size.0, size.1),
        ];
        if is_root() {
            args.push("--no-sandbox".to_owned());
        }
        args.extend(extra.iter().map(|arg| (*arg).to_owned()));
        let capabilities = json!({
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": chromium, "args": args }
        });
        let capabilities = match capabilities {
            Value::Object(map) => map,
            _ => unreachable!(),
        };
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("a WebDriver session in headless Chromium");
        let artifacts = target_dir().join("browser-artifacts").join(test);
        std::fs::create_dir_all(&artifacts).expect("the artifacts directory");
        let browser = Browser {
            client,
            driver,
            artifacts,
        };
        browser.resize(size).await;
        browser
    }

    /// Sets the viewport (the page's `window.innerWidth` and `innerHeight`)
    /// to `size` exactly, whatever the window's frame takes.
    pub async fn resize(&self, size: (u32, u32)) {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": size.0, "height": size.1, "deviceScaleFactor": 1, "mobile": false }),
        )
        .await;
        let inner = self
            .script("return [window.innerWidth, window.innerHeight];")
            .await;
        assert_eq!(inner, json!([size.0, size.1]), "the viewport is {size:?}");
    }

    /// Sends the Chrome DevTools command `method` with `params` through
    /// chromedriver.
    async fn cdp(&self, method: &str, params: Value) -> Value {
        self.client
            .issue_cmd(Cdp {
                method: method.to_owned(),
                params,
            })
            .await
            .unwrap_or_else(|e| panic!("`{method}` through chromedriver: {e}"))
    }

    /// Opens `url`.
    pub async fn open(&self, url: &str) {
        self.client.goto(url).await.expect("the page opens");
    }

    /// Runs `script` (a function body) in the page and returns its value.
    pub async fn script(&self, script: &str) -> Value {
        self.client
            .execute(script, Vec::new())
            .await
            .unwrap_or_else(|e| panic!("the script ran: {e}\n{script}"))
    }

    /// Presses each key of `keys` in turn (down, then up), into whatever
    /// has the focus: the keyboard alone, no pointer.
    pub async fn keys(&self, keys: &str) {
        let mut actions = KeyActions::new("keyboard".to_owned());
        for key in keys.chars() {
            actions = actions
                .then(KeyAction::Down { value: key })
                .then(KeyAction::Up { value: key });
        }
        self.client
            .perform_actions(actions)
            .await
            .expect("the keys are pressed");
    }

    /// Presses `keys` (such as Enter in a form) and waits until they
    /// have loaded another page, for at most 30 seconds.
    pub async fn keys_to_next_page(&self, keys: &str) {
        self.script("window.elicitPageBefore = true;").await;
        self.keys(keys).await;
        for _ in 0..600 {
            let loaded = self
                .script(
                    "return window.elicitPageBefore !== true && document.readyState === 'complete';",
                )
                .await;
            if loaded == json!(true) {
                return;
            }
            tokio::time::sleep(WAIT).await;
        }
        panic!("pressing {keys:?} loaded no other page within 30 s");
    }

    /// Presses Tab until the focus is on the element with `id`, at most
    /// `max` times, and fails naming where the focus went otherwise.
    pub async fn tab_to(&self, id: &str, max: usize) {
        let mut visited = Vec::new();
        for _ in 0..max {
            self.keys(&TAB.to_string()).await;
            let focused = self.focused().await;
            if focused == id {
                return;
            }
            visited.push(focused);
        }
        panic!("Tab never reached `#{id}`; the focus went to {visited:?}");
    }

    /// The `id` (else the tag and name) of the element that has the focus.
    pub async fn focused(&self) -> String {
        self.script(
            "const e = document.activeElement; \
             return e ? (e.id || (e.tagName.toLowerCase() + '[name=' + e.getAttribute('name') + ']' \
             + (e.value !== undefined ? '=' + e.value : ''))) : '';",
        )
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned()
    }

    /// Finds the element matched by the CSS `selector`.
    pub async fn find(&self, selector: &str) -> fantoccini::elements::Element {
        self.client
            .find(Locator::Css(selector))
            .await
            .unwrap_or_else(|e| panic!("`{selector}` is on the page: {e}"))
    }

    /// Every element matched by the CSS `selector`, in the current frame.
    pub async fn find_all(&self, selector: &str) -> Vec<fantoccini::elements::Element> {
        self.client
            .find_all(Locator::Css(selector))
            .await
            .unwrap_or_else(|e| panic!("looking for `{selector}`: {e}"))
    }

    /// Waits, for at most 20 seconds, until `selector` matches, and returns
    /// the first match.
    pub async fn wait_for(&self, selector: &str) -> fantoccini::elements::Element {
        for _ in 0..WAITS {
            if let Some(first) = self.find_all(selector).await.into_iter().next() {
                return first;
            }
            tokio::time::sleep(WAIT).await;
        }
        panic!("nothing matched `{selector}` within 20 s")
    }

    /// Waits, for at most 20 seconds, until the text of the first match of
    /// `selector` is `expected`, and returns it.
    pub async fn wait_for_text(&self, selector: &str, expected: impl Fn(&str) -> bool) -> String {
        let mut last = String::new();
        for _ in 0..WAITS {
            if let Some(first) = self.find_all(selector).await.into_iter().next() {
                last = first.text().await.expect("the element's text");
                if expected(&last) {
                    return last;
                }
            }
            tokio::time::sleep(WAIT).await;
        }
        panic!("the text of `{selector}` stayed {last:?} for 20 s")
    }

    /// Enters the frame of the first match of the CSS `selector`.
    pub async fn enter_frame(&self, selector: &str) {
        self.find(selector)
            .await
            .enter_frame()
            .await
            .unwrap_or_else(|e| panic!("entering the frame `{selector}`: {e}"));
    }

    /// Leaves the current frame for its parent.
    pub async fn leave_frame(&self) {
        self.client
            .enter_parent_frame()
            .await
            .expect("the parent frame");
    }

    /// Saves a screenshot of the viewport as `<page>.png` and returns its
    /// path.
    pub async fn screenshot(&self, page: &str) -> PathBuf {
        let png = self.client.screenshot().await.expect("a screenshot");
        assert!(png.starts_with(b"\x89PNG"), "the screenshot is a PNG");
        let path = self.artifacts.join(format!("{page}.png"));
        std::fs::write(&path, png).expect("the screenshot is written");
        path
    }

    /// Saves a screenshot of the whole page, as tall as its content, as
    /// `<page>.png` and returns its path; the viewport is `size` again
    /// after.
    pub async fn full_screenshot(&self, page: &str, size: (u32, u32)) -> PathBuf {
        let height = self
            .script("return document.documentElement.scrollHeight;")
            .await
            .as_u64()
            .expect("the page's height");
        let height = u32::try_from(height).expect("a page height").max(size.1);
        self.resize((size.0, height)).await;
        let path = self.screenshot(page).await;
        self.resize(size).await;
        path
    }

    /// Runs axe-core (installed by `tests/browser/install`) in the page at
    /// its default rules and returns its violations.
    pub async fn violations(&self) -> Vec<Value> {
        let source = std::fs::read_to_string(axe()).expect("axe.min.js is readable");
        self.script(&source).await;
        let result = self
            .client
            .execute_async(
                "const done = arguments[arguments.length - 1]; \
                 axe.run(document).then( \
                   r => done({ violations: r.violations, passes: r.passes.length }), \
                   e => done({ error: String(e) }));",
                Vec::new(),
            )
            .await
            .expect("axe-core ran");
        assert!(
            result.get("error").is_none(),
            "axe-core failed: {}",
            result["error"]
        );
        assert!(
            result["passes"].as_u64().unwrap_or(0) > 0,
            "axe-core checked nothing: {result}"
        );
        result["violations"]
            .as_array()
            .expect("axe's violations")
            .clone()
    }

    /// Runs axe-core in the page at its default rules and fails listing
    /// each violation, its rule, its impact and the elements it found,
    /// unless there is none.
    pub async fn assert_accessible(&self, page: &str) {
        let violations = self.violations().await;
        if !violations.is_empty() {
            let mut report = String::new();
            for violation in &violations {
                report.push_str(&format!(
                    "\n- {} ({}): {}\n  {}\n",
                    violation["id"].as_str().unwrap_or("?"),
                    violation["impact"].as_str().unwrap_or("?"),
                    violation["help"].as_str().unwrap_or("?"),
                    violation["helpUrl"].as_str().unwrap_or("?"),
                ));
                for node in violation["nodes"].as_array().into_iter().flatten() {
                    report.push_str(&format!(
                        "    at {}: {}\n",
                        node["target"],
                        node["failureSummary"]
                            .as_str()
                            .unwrap_or("")
                            .replace('\n', " ")
                    ));
                }
            }
            panic!(
                "axe-core found {} violation(s) on the {page} page:{report}",
                violations.len()
            );
        }
    }

    /// The checks of every page: what axe-core says, and nothing wider than
    /// the viewport.
    pub async fn check_page(&self, page: &str, size: (u32, u32)) {
        self.assert_accessible(page).await;
        let widths = self
            .script(
                "return [document.documentElement.scrollWidth, document.body.scrollWidth, \
                 window.innerWidth];",
            )
            .await;
        let widths: Vec<u64> = serde_json::from_value(widths).unwrap();
        assert_eq!(widths[2], u64::from(size.0), "the viewport's width");
        assert!(
            widths[0] <= u64::from(size.0) && widths[1] <= u64::from(size.0),
            "the {page} page scrolls sideways at {} px: it is {} px wide",
            size.0,
            widths[0].max(widths[1])
        );
        let shot = self.full_screenshot(page, size).await;
        eprintln!("screenshot of the {page} page: {}", shot.display());
    }

    /// Asserts that each field of `schema` posts from a control with a visible
    /// label naming it, and returns the controls.
    pub async fn assert_labelled(&self, schema: &elicit_runtime::schema::FormSchema) -> Value {
        let controls = self.script(LABELS).await;
        let rows = controls.as_array().unwrap();
        for row in rows {
            assert!(
                row["visible"] == json!(true) && row["labels"].as_u64() >= Some(1),
                "the control {row} has no visible label"
            );
            assert!(
                !row["label"].as_str().unwrap_or("").is_empty(),
                "the label of {row} is empty"
            );
        }
        for property in schema.properties.iter() {
            let named: Vec<&Value> = rows
                .iter()
                .filter(|row| row["name"] == json!(property.name.as_ref()))
                .collect();
            assert!(
                !named.is_empty(),
                "the field `{}` has no control on the page",
                property.name
            );
            let title = property
                .schema
                .title
                .as_deref()
                .unwrap_or(property.name.as_ref());
            let shown = named.iter().any(|row| {
                row["label"].as_str().unwrap().starts_with(title)
                    || row["group"].as_str().is_some_and(|g| g.starts_with(title))
            });
            assert!(
                shown,
                "no label or legend of `{}` says {title:?}: {named:?}",
                property.name
            );
        }
        controls
    }

    /// Deletes everything in the focused text control, from its end.
    pub async fn clear(&self) {
        self.keys(&END.to_string()).await;
        let length = self
            .script("return document.activeElement.value.length;")
            .await
            .as_u64()
            .unwrap();
        self.keys(&BACKSPACE.to_string().repeat(length as usize))
            .await;
        let left = self.script("return document.activeElement.value;").await;
        assert_eq!(left, json!(""), "the field was emptied");
    }

    /// Closes the session (the browser quits) and stops chromedriver.
    pub async fn close(self) {
        let _ = self.client.clone().close().await;
    }
}

impl Drop for Browser {
    /// Stops chromedriver and, were the session not closed, the browser
    /// it started: their process group.
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.driver.id())])
            .stderr(Stdio::null())
            .status();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// The path of `axe.min.js`, installed by `tests/browser/install` on the
/// first call.
fn axe() -> PathBuf {
    static INSTALLED: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    INSTALLED
        .get_or_init(|| {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
            let status = Command::new(dir.join("install"))
                .status()
                .expect("`examples/mcp/tests/browser/install` runs (it needs node and npm)");
            assert!(
                status.success(),
                "`examples/mcp/tests/browser/install` failed: run it by hand to see why"
            );
            dir.join("node_modules/axe-core/axe.min.js")
        })
        .clone()
}

/// A Chrome DevTools command sent through chromedriver's
/// `goog/cdp/execute` endpoint.
#[derive(Debug)]
struct Cdp {
    method: String,
    params: Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let body = json!({ "cmd": self.method, "params": self.params });
        (http::Method::POST, Some(body.to_string()))
    }
}

/// Every control of the form (what posts a field) and its label: `[id,
/// name, type, label text, label visible]`, and each group's legend.
const LABELS: &str = "
const rows = [];
for (const c of document.querySelectorAll('form input:not([type=hidden]), form select, form textarea')) {
  const label = c.id ? document.querySelector('label[for=\"' + c.id + '\"]') : null;
  const box = label ? label.getBoundingClientRect() : null;
  const style = label ? getComputedStyle(label) : null;
  rows.push({
    id: c.id, name: c.name, type: c.type,
    label: label ? label.innerText.trim() : null,
    visible: !!label && box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none',
    labels: c.labels ? c.labels.length : 0,
    group: c.closest('fieldset') ? c.closest('fieldset').querySelector('legend').innerText.trim() : null,
  });
}
return rows;";
