//! Load on the example server over Streamable HTTP at 2026-07-28, on
//! loopback only: N = 1, 16, 256 and 1024 concurrent clients, each running
//! `plan_trip` (two input-required rounds, three requests) to completion,
//! flow after flow, against the same server's `test_logging_tool`, which
//! asks nothing; on one replica, then on two sharing `ELICIT_STATE_KEYS`
//! behind a round-robin proxy. Then the faults: one of two replicas killed
//! halfway through a phase, and a sample of states tampered with and
//! replayed during one.
//!
//! ```text
//! benches/load/run                   # builds the server and this, in release, and runs it
//! target/release/examples/load SERVER [SECONDS]
//! ```
//!
//! Every phase stops by itself after SECONDS (default 3) or 2 000 flows a
//! client; every process it starts is killed when it ends. Figures are
//! printed as Markdown tables.

mod client;
mod proxy;
mod servers;
mod stats;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use client::{Extras, Report, Tool};
use servers::Served;
use stats::{Rounds, usage};

/// The concurrent clients of each phase.
const CLIENTS: [u64; 4] = [1, 16, 256, 1024];
/// The most flows one client runs in a phase.
const MAX_FLOWS: u64 = 2_000;
/// The clients of the fault phases.
const FAULT_CLIENTS: u64 = 64;

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime starts");
    if args.first().map(String::as_str) == Some("proxy") {
        return match runtime.block_on(proxy::serve(args[1..].to_vec())) {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("error: the proxy stopped: {error}");
                std::process::ExitCode::FAILURE
            }
        };
    }
    let Some(server) = args.first().map(PathBuf::from) else {
        eprintln!("usage: load SERVER [SECONDS], SERVER the example server built in release");
        return std::process::ExitCode::from(2);
    };
    let seconds = match args.get(1).map(|s| s.parse::<u64>()) {
        None => 3,
        Some(Ok(seconds @ 1..=60)) => seconds,
        Some(_) => {
            eprintln!("the phase length must be a whole number of seconds from 1 to 60");
            return std::process::ExitCode::from(2);
        }
    };
    let clean = runtime.block_on(run(&server, Duration::from_secs(seconds)));
    if clean {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}

/// The processes of one topology: the replicas, and the proxy when there
/// are two.
struct Topology {
    replicas: Vec<Served>,
    proxy: Option<Served>,
}

impl Topology {
    fn start(server: &Path, count: usize, keys: &str, logs: &Path) -> Topology {
        let replicas: Vec<Served> = (0..count)
            .map(|i| {
                Served::start(
                    server,
                    &["--listen", "127.0.0.1:0"],
                    keys,
                    logs.join(format!("replica{i}.log")),
                )
            })
            .collect();
        let proxy = (count > 1).then(|| {
            let me = std::env::current_exe().expect("the load program knows its path");
            let mut args = vec!["proxy"];
            args.extend(replicas.iter().map(|r| r.url.as_str()));
            Served::start(&me, &args, keys, logs.join("proxy.log"))
        });
        Topology { replicas, proxy }
    }

    fn url(&self) -> String {
        self.proxy.as_ref().unwrap_or(&self.replicas[0]).url.clone()
    }

    fn server_pids(&self) -> Vec<u32> {
        self.replicas.iter().map(Served::pid).collect()
    }

    fn panicked(&self) -> bool {
        self.replicas
            .iter()
            .chain(&self.proxy)
            .any(Served::panicked)
    }
}

/// Sums the CPU of `pids` (those still running).
fn cpu(pids: &[u32]) -> Duration {
    pids.iter()
        .filter_map(|&pid| usage(pid))
        .map(|u| u.cpu)
        .sum()
}

/// One phase's totals.
struct Phase {
    reports: Vec<Report>,
    elapsed: Duration,
    server_cpu: Duration,
    proxy_cpu: Duration,
    client_cpu: Duration,
    peak_kib: u64,
    rss_kib: u64,
}

/// Runs `clients` clients of `tool` on `topology` for `length`; `fault`
/// kills the last replica halfway.
async fn phase(
    topology: &mut Topology,
    tool: Tool,
    clients: u64,
    length: Duration,
    extras: Extras,
    fault: bool,
) -> Phase {
    let pids = topology.server_pids();
    let proxy_pid: Vec<u32> = topology.proxy.iter().map(Served::pid).collect();
    pids.iter().for_each(|&pid| stats::reset_peak(pid));
    let (server0, proxy0, client0) = (cpu(&pids), cpu(&proxy_pid), stats::own_cpu());
    let started = Instant::now();
    let deadline = started + length;
    let url = topology.url();
    let tasks: Vec<_> = (0..clients)
        .map(|i| {
            tokio::spawn(client::run(
                i,
                url.clone(),
                tool,
                deadline,
                MAX_FLOWS,
                extras.clone(),
            ))
        })
        .collect();
    let mut peak_kib = 0;
    let mut server1 = Duration::ZERO;
    if fault {
        tokio::time::sleep(length / 2).await;
        // Counted up to its death: its CPU is gone with it.
        server1 += cpu(&pids[pids.len() - 1..]);
        peak_kib = usage(pids[pids.len() - 1]).map_or(0, |u| u.peak_kib);
        if let Some(last) = topology.replicas.last_mut() {
            last.kill();
        }
    }
    let mut reports = Vec::new();
    for task in tasks {
        reports.push(task.await.expect("a client task does not panic"));
    }
    let elapsed = started.elapsed();
    server1 += cpu(&pids);
    let mut rss_kib = 0;
    for pid in &pids {
        if let Some(u) = usage(*pid) {
            peak_kib = peak_kib.max(u.peak_kib);
            rss_kib += u.rss_kib;
        }
    }
    Phase {
        reports,
        elapsed,
        server_cpu: server1.saturating_sub(server0),
        proxy_cpu: cpu(&proxy_pid).saturating_sub(proxy0),
        client_cpu: stats::own_cpu().saturating_sub(client0),
        peak_kib,
        rss_kib,
    }
}

/// Prints one row of the throughput table; `false` when there were errors.
fn row(topology: &str, tool: Tool, clients: u64, phase: Phase) -> bool {
    let mut rounds = Rounds::default();
    let (mut flows, mut errors) = (0, Vec::new());
    for report in phase.reports {
        flows += report.flows;
        rounds.extend(report.rounds);
        errors.extend(report.errors);
    }
    let requests = rounds.len();
    let (p50, p99, max) = rounds.percentiles();
    let per_request = |cpu: Duration| cpu.as_secs_f64() * 1e6 / requests.max(1) as f64;
    println!(
        "| {topology} | {} | {clients} | {flows} | {:.0} | {p50:.2} | {p99:.2} | {max:.1} | {} | {:.1} | {:.1} | {:.0} | {:.0} | {:.0} |",
        tool.name(),
        flows as f64 / phase.elapsed.as_secs_f64(),
        errors.len(),
        phase.peak_kib as f64 / 1024.0,
        phase.rss_kib as f64 / 1024.0,
        per_request(phase.server_cpu),
        per_request(phase.client_cpu),
        per_request(phase.proxy_cpu),
    );
    for error in errors.iter().take(3) {
        eprintln!("  error: {error}");
    }
    errors.is_empty()
}

async fn run(server: &Path, length: Duration) -> bool {
    let keys = elicit_runtime::state::StateKey::generate()
        .expect("the system has random numbers")
        .expose_base64();
    let logs = std::env::temp_dir().join(format!("elicit-load-{}", std::process::id()));
    std::fs::create_dir_all(&logs).expect("a log folder can be made");
    let mut clean = true;
    println!(
        "{} cores; phases of {} s, at most {MAX_FLOWS} flows a client; logs in {}\n",
        std::thread::available_parallelism().map_or(0, usize::from),
        length.as_secs(),
        logs.display()
    );
    println!(
        "| replicas | tool | clients | flows | flows/s | p50 ms | p99 ms | max ms | errors | peak RSS MiB (largest replica) | RSS after MiB (all replicas) | server µs CPU/request | client µs CPU/request | proxy µs CPU/request |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    // Fresh processes for each tool and topology: the memory of each row
    // is that tool's, from 1 client up.
    for (name, count) in [("1", 1), ("2 + proxy", 2)] {
        for tool in [Tool::Plain, Tool::PlanTrip] {
            let mut topology = Topology::start(server, count, &keys, &logs);
            for clients in CLIENTS {
                let done = phase(
                    &mut topology,
                    tool,
                    clients,
                    length,
                    Extras::default(),
                    false,
                )
                .await;
                clean &= row(name, tool, clients, done);
            }
            clean &= !topology.panicked();
        }
    }

    println!(
        "\n| fault phase | clients | flows completed | requests lost in flight | resent to the survivor and answered | changed states sent | refused with -32602 | genuine replays run | errors | panics |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for (name, extras, fault) in [
        (
            "one of two replicas killed halfway",
            Extras::default(),
            true,
        ),
        (
            "1 flow in 8: state tampered, sent to another tool, replayed twice",
            Extras {
                tamper_every: Some(8),
                ..Extras::default()
            },
            false,
        ),
    ] {
        let mut topology = Topology::start(server, 2, &keys, &logs);
        let extras = Extras {
            survivor: fault.then(|| topology.replicas[0].url.clone()),
            ..extras
        };
        let done = phase(
            &mut topology,
            Tool::PlanTrip,
            FAULT_CLIENTS,
            length,
            extras,
            fault,
        )
        .await;
        let sum = |f: fn(&Report) -> u64| done.reports.iter().map(f).sum::<u64>();
        let errors: Vec<&String> = done.reports.iter().flat_map(|r| &r.errors).collect();
        let panicked = topology.panicked();
        println!(
            "| {name} | {FAULT_CLIENTS} | {} | {} | {} | {} | {} | {} | {} | {} |",
            sum(|r| r.flows),
            sum(|r| r.in_flight_lost),
            sum(|r| r.resent_ok),
            sum(|r| r.tampered),
            sum(|r| r.refused),
            sum(|r| r.replayed_ok),
            errors.len(),
            if panicked { "yes" } else { "none" },
        );
        for error in errors.iter().take(3) {
            eprintln!("  error: {error}");
        }
        clean &= errors.is_empty() && !panicked && sum(|r| r.tampered) == sum(|r| r.refused);
    }
    clean
}
