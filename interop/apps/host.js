// A small MCP Apps host: the official TypeScript MCP client connects to
// the example server at /mcp (declaring the apps extension, not
// elicitation), lists the tools, reads `book_table`'s `ui://` resource,
// calls the tool as a model would, and mounts the app in a sandboxed
// iframe through the reference host bridge (`app-bridge`). Everything the
// app does reaches the host log (#log), which the browser test reads.
//
// The page's query says how the host behaves:
//   input=JSON     the model's arguments (none unless given)
//   silent         the bridge connects only when the test calls
//                  `elicitHost.connect()`: until then nothing answers the app
//   hang           the app's tool calls are never answered
//   sandbox=...    the frame's sandbox (`allow-scripts` unless given); with
//                  `allow-same-origin` the host records the target origin
//                  of each message the app posts to it (`app-post`)
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { log, modelArguments } from "./log.js";

const MIME_TYPE = "text/html;profile=mcp-app";
const query = new URLSearchParams(location.search);
const state = document.getElementById("state");

async function main() {
  const client = new Client(
    { name: "elicit-test-host", version: "1.0.0" },
    { capabilities: { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: [MIME_TYPE] } } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", location.href)));
  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name === "book_table");
  const uri = tool?._meta?.ui?.resourceUri;
  log("tool", { name: tool?.name, resourceUri: uri });
  const read = await client.readResource({ uri });
  const contents = read.contents[0];
  log("resource", { uri: contents.uri, mimeType: contents.mimeType, csp: contents._meta?.ui?.csp });
  if (contents.mimeType !== MIME_TYPE) {
    throw new Error(`unexpected MIME type ${contents.mimeType}`);
  }

  // The model's call: the arguments it chose, if any.
  const input = modelArguments(query);
  const first = await client.callTool({ name: "book_table", arguments: input });
  log("model-call", first);

  const iframe = document.createElement("iframe");
  iframe.title = "Booking form";
  iframe.setAttribute("sandbox", query.get("sandbox") ?? "allow-scripts");
  document.getElementById("frame").appendChild(iframe);
  if (iframe.sandbox.contains("allow-same-origin")) {
    // The app's frame shares this origin, so its `parent.postMessage` is
    // this window's own: each target origin it names is recorded, and the
    // message delivered as the browser would (from the app's window, in a
    // task of its own, and only to the origin it names).
    window.postMessage = (message, targetOrigin) => {
      log("app-post", { targetOrigin, method: message?.method ?? null });
      if (targetOrigin === "*" || targetOrigin === location.origin) {
        const data = structuredClone(message);
        const source = iframe.contentWindow;
        setTimeout(() => {
          window.dispatchEvent(new MessageEvent("message", { data, source, origin: location.origin }));
        });
      }
    };
  }

  // No client given to the bridge: the host forwards the app's tool calls
  // itself (`oncalltool`), so each reaches the log.
  const bridge = new AppBridge(
    null,
    { name: "elicit-test-host", version: "1.0.0" },
    { serverTools: {}, message: { text: {} }, updateModelContext: { text: {} } },
    {
      hostContext: {
        theme: "light",
        displayMode: "inline",
        platform: "web",
        styles: { variables: { "--color-background-primary": "rgb(250, 250, 245)" } },
      },
    },
  );
  // The test drives the host from here.
  window.elicitHost = {
    setTheme(theme) {
      bridge.setHostContext({ theme, displayMode: "inline", platform: "web" });
    },
    connect,
  };
  bridge.oncalltool = async (params) => {
    log("app-call", params);
    if (query.has("hang")) {
      return new Promise(() => {});
    }
    const result = await client.callTool(params);
    log("tool-result", result);
    return result;
  };
  bridge.onmessage = async (params) => {
    log("message", params);
    return {};
  };
  bridge.onupdatemodelcontext = async (params) => {
    log("model-context", params);
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height) {
      iframe.style.height = `${height + 8}px`;
    }
  };
  bridge.oninitialized = () => {
    log("initialized", {});
    bridge.sendToolInput({ arguments: input });
    bridge.sendToolResult(first);
    state.textContent = "mounted";
  };
  let connected = false;
  async function connect() {
    if (!connected) {
      connected = true;
      await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
    }
  }
  if (!query.has("silent")) {
    await connect();
  }
  iframe.srcdoc = contents.text;
  if (query.has("silent")) {
    iframe.addEventListener("load", () => {
      state.textContent = "framed";
    });
  }
}

main().catch((error) => {
  log("error", { message: String(error && error.message || error) });
  state.textContent = "failed";
});
