#!/usr/bin/env python3
"""The server CPU a `plan_trip` request adds over a plain tool call, measured
natively: starts the example server (release build given as SERVER) on
loopback with a fresh key, drives it over one keep-alive connection, and
reads the CPU time of all its threads (`/proc/PID/task/*/schedstat`, in
nanoseconds) around batches of K plain calls and K flows (3K requests),
alternating ROUNDS times, so that each flow batch is compared with the plain
batch beside it. Prints each pair and the median of what a flow request
adds. Usage: cpu-per-request.py SERVER [K] [ROUNDS]."""
import http.client, json, os, statistics, subprocess, sys, time, urllib.parse, base64

server, k, rounds = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 500, int(sys.argv[3]) if len(sys.argv) > 3 else 5
key = base64.urlsafe_b64encode(os.urandom(32)).rstrip(b"=").decode()
proc = subprocess.Popen([server, "--listen", "127.0.0.1:0"], env={**os.environ, "ELICIT_STATE_KEYS": key},
                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
try:
    line = proc.stdout.readline()
    assert line.startswith("listening on "), line
    u = urllib.parse.urlparse(line.split("listening on ", 1)[1].strip())
    conn = http.client.HTTPConnection(u.hostname, u.port)
    META = {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "cpu", "version": "1.0.0"},
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
    }

    def call(name, extra):
        params = {"name": name, "arguments": {}, "_meta": META}
        params.update(extra)
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params})
        conn.request("POST", u.path, body, {
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
            "MCP-Protocol-Version": "2026-07-28",
            "Mcp-Method": "tools/call",
            "Mcp-Name": name,
        })
        r = conn.getresponse()
        text = r.read().decode()
        assert r.status == 200, (r.status, text)
        for line in text.splitlines():
            if line.startswith("data:") and line[5:].strip():
                return json.loads(line[5:])
        return json.loads(text)

    def trip(i):
        city = ["Lisbon", "Porto", "Kyoto", "Oslo"][i % 4]
        first = call("plan_trip", {})
        s1 = first["result"]["requestState"]
        second = call("plan_trip", {"inputResponses": {"destination": {"action": "accept", "content": {"city": city}}}, "requestState": s1})
        s2 = second["result"]["requestState"]
        third = call("plan_trip", {"inputResponses": {"dates": {"action": "accept", "content": {"arrival": "2026-09-14", "nights": 3}}}, "requestState": s2})
        assert f"3 nights in {city}" in json.dumps(third), third

    def cpu_ns():
        total = 0
        for task in os.listdir(f"/proc/{proc.pid}/task"):
            try:
                with open(f"/proc/{proc.pid}/task/{task}/schedstat") as f:
                    total += int(f.read().split()[0])
            except FileNotFoundError:
                pass
        return total

    for i in range(20):
        call("test_logging_tool", {}); trip(i)
    added = []
    for r in range(rounds):
        start = cpu_ns()
        for _ in range(3 * k):
            call("test_logging_tool", {})
        plain = (cpu_ns() - start) / (3 * k) / 1000
        start = cpu_ns()
        for i in range(k):
            trip(i)
        flow = (cpu_ns() - start) / (3 * k) / 1000
        added.append(flow - plain)
        print(f"round {r + 1}: plain {plain:.1f} µs, plan_trip {flow:.1f} µs a request, added {flow - plain:.1f} µs", flush=True)
    print(f"median added: {statistics.median(added):.1f} µs a request (server CPU, {os.cpu_count()} cores)")
finally:
    proc.kill()
    proc.wait()
