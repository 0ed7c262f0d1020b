//! A program under a pseudo-terminal, driven with keystrokes as a person
//! would type them (shared by the terminal tests of the workspace).

#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;

use rexpect::reader::Options;
use rexpect::session::{PtySession, spawn_with_options};

pub const ENTER: &str = "\r";
pub const ESC: &str = "\x1b";
pub const DOWN: &str = "\x1b[B";
pub const BACKSPACE: &str = "\x7f";
pub const SPACE: &str = " ";

/// `program` with `args` in a 120×40 terminal, its standard output going
/// to `stdout` when given (the screen shows only the prompts then).
pub fn command<A: AsRef<OsStr>>(
    program: impl AsRef<OsStr>,
    args: impl IntoIterator<Item = A>,
    stdout: Option<&Path>,
) -> Command {
    let script = if stdout.is_some() {
        r#"stty cols 120 rows 40 && exec "$0" "$@" > "$STDOUT""#
    } else {
        r#"stty cols 120 rows 40 && exec "$0" "$@""#
    };
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(script)
        .arg(program)
        .args(args)
        .env("TERM", "xterm");
    if let Some(path) = stdout {
        command.env("STDOUT", path);
    }
    command
}

/// A running program and its screen.
pub struct Terminal {
    pub session: PtySession,
}

impl Terminal {
    /// Starts `command`; every wait gives up after `timeout_ms`.
    pub fn start(command: Command, timeout_ms: u64) -> Terminal {
        let options = Options::new()
            .timeout_ms(Some(timeout_ms))
            .strip_ansi_escape_codes(true);
        Terminal {
            session: spawn_with_options(command, options).unwrap(),
        }
    }

    /// Waits until the screen shows `text`.
    pub fn expect(&mut self, text: &str) -> &mut Terminal {
        if let Err(error) = self.session.exp_string(text) {
            panic!("waiting for {text:?}: {error}");
        }
        self
    }

    /// Types `keys`.
    pub fn keys(&mut self, keys: &str) -> &mut Terminal {
        self.session.send(keys).unwrap();
        self.session.flush().unwrap();
        self
    }
}
