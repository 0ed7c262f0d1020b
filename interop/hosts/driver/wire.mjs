// A loopback proxy in front of the MCP server that keeps what a host sends
// on the wire: each JSON-RPC method it used, in order, the `initialize` params
// (client info, capabilities, revision), the client info and capabilities
// a 2026-07-28 request carries in its `_meta`, the `MCP-Protocol-Version`
// headers, and each `tools/call`'s name and arguments. Answers to the
// server's requests (elicitation results) and request state are not kept.
import http from "node:http";

const META = "io.modelcontextprotocol/";

/** Starts the proxy; the host connects to `url` instead of `serverUrl`. */
export async function recordingProxy(serverUrl) {
  const target = new URL(serverUrl);
  const record = {
    initialize: null,
    requestMeta: null,
    protocolVersionHeaders: [],
    methods: [],
    toolCalls: [],
  };
  const sockets = new Set();
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      keep(record, request.headers, body);
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, host: target.host },
        },
        (answer) => {
          response.writeHead(answer.statusCode, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on("error", (error) => {
        if (!response.headersSent) response.writeHead(502);
        response.end(`the MCP server did not answer: ${error.message}`);
      });
      response.on("close", () => upstream.destroy());
      upstream.end(body);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    record,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** Notes what one HTTP request to the server carried. */
function keep(record, headers, body) {
  const version = headers["mcp-protocol-version"];
  if (version && !record.protocolVersionHeaders.includes(version)) {
    record.protocolVersionHeaders.push(version);
  }
  let parsed;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return;
  }
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
    if (typeof message?.method !== "string") continue;
    if (!record.methods.includes(message.method)) record.methods.push(message.method);
    const params = message.params ?? {};
    if (message.method === "initialize" && record.initialize === null) {
      record.initialize = {
        protocolVersion: params.protocolVersion,
        clientInfo: params.clientInfo,
        capabilities: params.capabilities,
      };
    }
    const meta = params._meta ?? {};
    if (record.requestMeta === null && meta[`${META}clientInfo`] !== undefined) {
      record.requestMeta = {
        protocolVersion: meta[`${META}protocolVersion`],
        clientInfo: meta[`${META}clientInfo`],
        capabilities: meta[`${META}clientCapabilities`],
      };
    }
    if (message.method === "tools/call") {
      record.toolCalls.push({
        name: params.name,
        arguments: params.arguments ?? null,
        retry: params.inputResponses !== undefined || params.requestState !== undefined,
      });
    }
  }
}
