//! What one phase of the load measured: round times, flows, errors, and the
//! CPU and memory of the processes involved.

use std::time::Duration;

/// Round times of one phase, in microseconds.
#[derive(Default)]
pub struct Rounds(Vec<u32>);

impl Rounds {
    /// Records one round.
    pub fn push(&mut self, took: Duration) {
        self.0
            .push(u32::try_from(took.as_micros()).unwrap_or(u32::MAX));
    }

    /// Takes in another client's rounds.
    pub fn extend(&mut self, other: Rounds) {
        self.0.extend(other.0);
    }

    /// How many rounds.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The 50th and 99th percentiles and the maximum, in milliseconds.
    pub fn percentiles(&mut self) -> (f64, f64, f64) {
        if self.0.is_empty() {
            return (0.0, 0.0, 0.0);
        }
        self.0.sort_unstable();
        let at = |q: f64| {
            let i = ((self.0.len() - 1) as f64 * q).round() as usize;
            f64::from(self.0[i]) / 1000.0
        };
        (at(0.5), at(0.99), at(1.0))
    }
}

/// CPU time and memory of one process, read from `/proc`.
pub struct Usage {
    /// User and system CPU time so far.
    pub cpu: Duration,
    /// Resident set now, KiB.
    pub rss_kib: u64,
    /// Peak resident set since the last reset, KiB.
    pub peak_kib: u64,
}

/// The usage of process `pid`, `None` once it has gone.
pub fn usage(pid: u32) -> Option<Usage> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name, which is in parentheses.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kib = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    Some(Usage {
        cpu: Duration::from_millis(ticks * 1000 / clock_ticks()),
        rss_kib: kib("VmRSS:"),
        peak_kib: kib("VmHWM:"),
    })
}

/// Resets the peak resident set of `pid` to its current one (Linux's
/// `clear_refs` 5), so each phase reports its own peak.
pub fn reset_peak(pid: u32) {
    let _ = std::fs::write(format!("/proc/{pid}/clear_refs"), "5");
}

/// CPU time of this process (the clients), user and system.
pub fn own_cpu() -> Duration {
    usage(std::process::id()).map_or(Duration::ZERO, |u| u.cpu)
}

/// Clock ticks a second, as `/proc/*/stat` counts (100 on Linux).
fn clock_ticks() -> u64 {
    100
}
