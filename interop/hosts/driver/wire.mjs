// A loopback proxy in front of the MCP server that keeps what a host sends
// on the wire: each JSON-RPC method it used, in order, the `initialize` params
// (client info, capabilities, revision), the client info and capabilities
// a 2026-07-28 request carries in its `_meta`, the `User-Agent` and
// `MCP-Protocol-Version` headers, each `tools/call`'s name and arguments, and the text of each
// tool result the server sent back. Answers to the server's requests
// (elicitation results) and request state are not kept.
import http from "node:http";

const META = "io.modelcontextprotocol/";

/** Starts the proxy; the host connects to `url` instead of `serverUrl`. */
export async function recordingProxy(serverUrl) {
  const target = new URL(serverUrl);
  const record = {
    initialize: null,
    requestMeta: null,
    protocolVersionHeaders: [],
    userAgents: [],
    methods: [],
    toolCalls: [],
    toolResults: [],
  };
  const sockets = new Set();
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const calls = keep(record, request.headers, body);
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
          if (calls.size > 0) {
            const parts = [];
            answer.on("data", (chunk) => parts.push(chunk));
            answer.on("end", () => keepResults(record, calls, Buffer.concat(parts).toString("utf8")));
          }
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

/**
 * Notes what one HTTP request to the server carried; the ids of its
 * `tools/call` requests, with the tools' names.
 */
function keep(record, headers, body) {
  const calls = new Map();
  const agent = headers["user-agent"];
  if (agent && !record.userAgents.includes(agent)) record.userAgents.push(agent);
  const version = headers["mcp-protocol-version"];
  if (version && !record.protocolVersionHeaders.includes(version)) {
    record.protocolVersionHeaders.push(version);
  }
  let parsed;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return calls;
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
      calls.set(message.id, params.name);
      record.toolCalls.push({
        name: params.name,
        arguments: params.arguments ?? null,
        retry: params.inputResponses !== undefined || params.requestState !== undefined,
      });
    }
  }
  return calls;
}

/**
 * Notes the final results (those with content) of the `tools/call`s
 * `calls` in a response body of JSON or of server-sent events: the tool,
 * whether it is an error, and its text.
 */
function keepResults(record, calls, body) {
  let messages;
  try {
    messages = [JSON.parse(body)].flat();
  } catch {
    messages = body
      .split("\n")
      .filter((line) => line.startsWith("data:"))
      .map((line) => {
        try {
          return JSON.parse(line.slice(5));
        } catch {
          return null;
        }
      });
  }
  for (const message of messages) {
    if (!message || !calls.has(message.id) || !Array.isArray(message.result?.content)) continue;
    record.toolResults.push({
      name: calls.get(message.id),
      isError: message.result.isError === true,
      text: message.result.content
        .filter((block) => block.type === "text")
        .map((block) => block.text)
        .join("\n"),
    });
  }
}

/**
 * The tool results the server sent after the first `from`, once there is
 * at least one (waiting at most 5 s for the response's end to pass).
 */
export async function resultsSince(record, from) {
  for (let i = 0; i < 50 && record.toolResults.length <= from; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return record.toolResults.slice(from);
}
