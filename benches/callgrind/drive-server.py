#!/usr/bin/env python3
"""Drives the example server, run under callgrind, over one keep-alive
connection: five warm-up flows, then K plain calls and K `plan_trip` flows,
the counters zeroed and dumped around each batch with `callgrind_control`
(dumps 1 and 2). Usage: drive-server.py URL VALGRIND_PID K."""
import os, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "load"))
from mcp_client import Client

url, pid, k = sys.argv[1], sys.argv[2], int(sys.argv[3])
client = Client(url)

def ctl(*args):
    subprocess.run(["callgrind_control", *args, pid], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

# warm up both paths
for i in range(5):
    client.plain(); client.trip(i)
ctl("-z")
for i in range(k):
    client.plain()
ctl("--dump=plain")  # dump 1
ctl("-z")
for i in range(k):
    client.trip(i)
ctl("--dump=trip")  # dump 2
print("ok")
