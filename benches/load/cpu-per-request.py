#!/usr/bin/env python3
"""The server CPU a `plan_trip` request adds over a plain tool call, measured
natively: starts the example server (a release build, SERVER) on loopback
with a fresh key, drives it over one keep-alive connection, and reads the CPU
time of all its threads (`/proc/PID/task/*/schedstat`, in nanoseconds)
around batches of 3K plain calls and K flows (3K requests), alternating
ROUNDS times in the same process, so that each flow batch is compared with
the plain batch beside it. Prints each pair and the median of what a flow
request adds. Usage: cpu-per-request.py SERVER [K] [ROUNDS]."""
import base64, os, statistics, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mcp_client import Client

server = sys.argv[1]
k = int(sys.argv[2]) if len(sys.argv) > 2 else 500
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
key = base64.urlsafe_b64encode(os.urandom(32)).rstrip(b"=").decode()
env = {**os.environ, "ELICIT_STATE_KEYS": key, "ELICIT_STATE_CONTEXT": "cpu-bench"}
proc = subprocess.Popen([server, "--listen", "127.0.0.1:0"], env=env,
                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def cpu_ns():
    total = 0
    for task in os.listdir(f"/proc/{proc.pid}/task"):
        try:
            with open(f"/proc/{proc.pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except FileNotFoundError:
            pass
    return total


try:
    line = proc.stdout.readline()
    assert line.startswith("listening on "), line
    client = Client(line.split("listening on ", 1)[1].strip())
    for i in range(20):
        client.plain(); client.trip(i)
    added = []
    for r in range(rounds):
        start = cpu_ns()
        for _ in range(3 * k):
            client.plain()
        plain = (cpu_ns() - start) / (3 * k) / 1000
        start = cpu_ns()
        for i in range(k):
            client.trip(i)
        flow = (cpu_ns() - start) / (3 * k) / 1000
        added.append(flow - plain)
        print(f"round {r + 1}: plain {plain:.1f} µs, plan_trip {flow:.1f} µs a request, added {flow - plain:.1f} µs", flush=True)
    print(f"median added: {statistics.median(added):.1f} µs a request (server CPU, {os.cpu_count()} cores)")
finally:
    proc.kill()
    proc.wait()
