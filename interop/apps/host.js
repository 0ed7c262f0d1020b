// A small MCP Apps host: the official TypeScript MCP client connects to
// the example server at /mcp (declaring the apps extension, not
// elicitation), lists the tools, reads `book_table`'s `ui://` resource,
// calls the tool as a model would, and mounts the app in a sandboxed
// iframe through the reference host bridge (`app-bridge`). Everything the
// app does reaches the host log (#log), which the browser test reads.
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

const MIME_TYPE = "text/html;profile=mcp-app";
const state = document.getElementById("state");
const list = document.getElementById("log");

function log(kind, data) {
  const item = document.createElement("li");
  item.dataset.kind = kind;
  item.textContent = JSON.stringify(data);
  list.appendChild(item);
}

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

  // The model's call: no answers yet.
  const first = await client.callTool({ name: "book_table", arguments: {} });
  log("model-call", first);

  const iframe = document.createElement("iframe");
  iframe.title = "Booking form";
  iframe.setAttribute("sandbox", "allow-scripts");
  document.getElementById("frame").appendChild(iframe);

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
  // The test switches the host's theme from here.
  window.elicitHost = {
    setTheme(theme) {
      bridge.setHostContext({ theme, displayMode: "inline", platform: "web" });
    },
  };
  bridge.oncalltool = async (params) => {
    log("app-call", params);
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
    bridge.sendToolInput({ arguments: {} });
    bridge.sendToolResult(first);
    state.textContent = "mounted";
  };
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  iframe.srcdoc = contents.text;
}

main().catch((error) => {
  log("error", { message: String(error && error.message || error) });
  state.textContent = "failed";
});
