//! A real `redis-server` on a free loopback port, stopped on drop. With
//! `ELICIT_REDIS=0` the tests that need it are skipped, loudly; otherwise a
//! missing `redis-server` fails them, saying how to install it.

use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `redis-server`.
pub struct RedisServer {
    child: Child,
    dir: PathBuf,
    port: u16,
}

impl RedisServer {
    /// A new server, or `None` (after saying so) when `ELICIT_REDIS=0`.
    pub fn start() -> Option<RedisServer> {
        if std::env::var("ELICIT_REDIS").is_ok_and(|value| value == "0") {
            eprintln!(
                "\n*** SKIPPED: a test of replicas sharing Redis, because ELICIT_REDIS=0 is set; \
                 unset it to run it against a real redis-server ***\n"
            );
            return None;
        }
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let dir =
            std::env::temp_dir().join(format!("elicit-mcp-redis-{}-{port}", std::process::id()));
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
