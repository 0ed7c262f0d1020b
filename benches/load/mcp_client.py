"""The MCP client of the benchmarks' Python drivers (`cpu-per-request.py`,
`benches/callgrind/drive-server.py`): one keep-alive connection to the
example server over Streamable HTTP, stateless 2026-07-28 `tools/call`
requests, and `plan_trip` run through its three rounds to the checked
answer."""
import http.client, json, urllib.parse

META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": {"name": "bench", "version": "1.0.0"},
    "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
}


class Client:
    def __init__(self, url):
        self.url = urllib.parse.urlparse(url)
        self.conn = http.client.HTTPConnection(self.url.hostname, self.url.port)

    def call(self, name, extra):
        """One `tools/call` of `name` with `extra` params; its JSON-RPC response."""
        params = {"name": name, "arguments": {}, "_meta": META}
        params.update(extra)
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params})
        self.conn.request("POST", self.url.path, body, {
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
            "MCP-Protocol-Version": "2026-07-28",
            "Mcp-Method": "tools/call",
            "Mcp-Name": name,
        })
        r = self.conn.getresponse()
        text = r.read().decode()
        assert r.status == 200, (r.status, text)
        for line in text.splitlines():
            if line.startswith("data:") and line[5:].strip():
                return json.loads(line[5:])
        return json.loads(text)

    def plain(self):
        """A call of the tool that asks nothing."""
        self.call("test_logging_tool", {})

    def trip(self, i):
        """`plan_trip` from its first round to its answer, checked."""
        city = ["Lisbon", "Porto", "Kyoto", "Oslo"][i % 4]
        first = self.call("plan_trip", {})
        s1 = first["result"]["requestState"]
        second = self.call("plan_trip", {"inputResponses": {"destination": {"action": "accept", "content": {"city": city}}}, "requestState": s1})
        s2 = second["result"]["requestState"]
        third = self.call("plan_trip", {"inputResponses": {"dates": {"action": "accept", "content": {"arrival": "2026-09-14", "nights": 3}}}, "requestState": s2})
        assert f"3 nights in {city}" in json.dumps(third), third
