//! A real `redis-server` for the tests that need one (the visit store's,
//! `elicit-web/tests/web_store`, and the replicas sharing it,
//! `examples/mcp/tests/web_forms.rs`): started on a free loopback port,
//! with no persistence, in a directory of its own, and stopped (and the
//! directory removed) when dropped.
//!
//! With `ELICIT_REDIS=0` the Redis tests are skipped, loudly. Otherwise a
//! missing `redis-server` fails them, saying how to install it.

use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A running `redis-server`, stopped on drop.
pub struct RedisServer {
    child: Child,
    dir: PathBuf,
    port: u16,
}

/// Tells the directories of the servers of one test process apart.
static STARTED: AtomicUsize = AtomicUsize::new(0);

impl RedisServer {
    /// A new server, or `None` (after saying so) when `ELICIT_REDIS=0`.
    pub fn start() -> Option<RedisServer> {
        if std::env::var("ELICIT_REDIS").is_ok_and(|value| value == "0") {
            eprintln!(
                "\n*** SKIPPED: a test that needs Redis, because ELICIT_REDIS=0 is set; \
                 unset it to run it against a real redis-server ***\n"
            );
            return None;
        }
        let port = free_port();
        let dir = std::env::temp_dir().join(format!(
            "elicit-redis-{}-{}",
            std::process::id(),
            STARTED.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let child = Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .arg("--dir")
            .arg(&dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|error| {
                panic!(
                    "cannot start `redis-server` ({error}): install it (`apt-get install -y \
                     redis-server`, as `.ci/run` does), or set ELICIT_REDIS=0 to skip the Redis \
                     tests"
                )
            });
        let server = RedisServer { child, dir, port };
        let deadline = Instant::now() + Duration::from_secs(10);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "`redis-server` did not listen on port {port} within 10 s"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        Some(server)
    }

    /// The server's URL.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/", self.port)
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A port free on the loopback interface now.
fn free_port() -> u16 {
    TcpListener::bind(("127.0.0.1", 0))
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}
