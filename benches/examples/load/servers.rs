//! The processes the load drives: example-server replicas and the
//! round-robin proxy, each on a free loopback port, killed when dropped.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A child process serving HTTP on loopback, killed when dropped.
pub struct Served {
    child: Child,
    /// Its URL, `http://127.0.0.1:PORT/mcp`.
    pub url: String,
    /// Where its standard error goes, read for panics afterwards.
    pub log: std::path::PathBuf,
}

impl Served {
    /// Starts `program` with `args` and waits for its first line,
    /// `listening on URL`.
    pub fn start(program: &Path, args: &[&str], keys: &str, log: std::path::PathBuf) -> Served {
        let stderr = std::fs::File::create(&log).expect("the log file can be written");
        let mut child = Command::new(program)
            .args(args)
            .env("ELICIT_STATE_KEYS", keys)
            .env("ELICIT_STATE_CONTEXT", "load-bench")
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .unwrap_or_else(|error| panic!("{} starts: {error}", program.display()));
        let mut line = String::new();
        let stdout = child.stdout.take().expect("stdout is piped");
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("it prints where it listens");
        let url = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_owned();
        Served { child, url, log }
    }

    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Kills it now (the fault of the fault phase).
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Whether its log shows a panic.
    pub fn panicked(&self) -> bool {
        std::fs::read_to_string(&self.log).is_ok_and(|log| log.contains("panicked"))
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        self.kill();
    }
}
