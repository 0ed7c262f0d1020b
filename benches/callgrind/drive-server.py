#!/usr/bin/env python3
"""Drives the example server, run under callgrind, over one keep-alive
connection: five warm-up flows, then K plain calls and K `plan_trip` flows,
the counters zeroed and dumped around each batch with `callgrind_control`
(dumps 1 and 2). Usage: drive-server.py URL VALGRIND_PID K."""
import http.client, json, subprocess, sys, urllib.parse

url, pid, k = sys.argv[1], sys.argv[2], int(sys.argv[3])
u = urllib.parse.urlparse(url)
conn = http.client.HTTPConnection(u.hostname, u.port)
META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": {"name": "cg", "version": "1.0.0"},
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

def ctl(*args):
    subprocess.run(["callgrind_control", *args, pid], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

def trip(i):
    city = ["Lisbon", "Porto", "Kyoto", "Oslo"][i % 4]
    first = call("plan_trip", {})
    s1 = first["result"]["requestState"]
    second = call("plan_trip", {"inputResponses": {"destination": {"action": "accept", "content": {"city": city}}}, "requestState": s1})
    s2 = second["result"]["requestState"]
    third = call("plan_trip", {"inputResponses": {"dates": {"action": "accept", "content": {"arrival": "2026-09-14", "nights": 3}}}, "requestState": s2})
    assert f"3 nights in {city}" in json.dumps(third), third

# warm up both paths
for i in range(5):
    call("test_logging_tool", {}); trip(i)
ctl("-z")
for i in range(k):
    call("test_logging_tool", {})
ctl("--dump=plain")  # dump 1
ctl("-z")
for i in range(k):
    trip(i)
ctl("--dump=trip")  # dump 2
print("ok")
