// A small host of the OpenAI Apps SDK's bridge, framing an app as ChatGPT
// and MCPJam Inspector do: the official TypeScript MCP client connects to
// the example server at /mcp (declaring the apps extension), reads the
// template `book_table` names in `openai/outputTemplate` (with its
// `openai/widgetCSP`), calls the tool as a model would, and frames the
// document in an iframe with `allow-scripts allow-same-origin`. A script put
// before the document's own gives it `window.openai` as the Apps SDK
// documents it: `toolInput`, `toolOutput` (the result's
// `structuredContent`), `toolResponseMetadata` (its `_meta`),
// `widgetState`, `theme`, `locale`, `displayMode`, `maxHeight`;
// `callTool(name, args)` through the client, `sendFollowUpMessage({ prompt })`,
// `setWidgetState(state)`. The script goes where MCPJam Inspector 1.0.24
// puts its own: into the `<head>` of a document with a literal `<html>` and
// `<head>`, else into a page of its own whose `<body>` holds the document.
// Everything the app does reaches the host log (#log).
//
// The page's query says how the host behaves:
//   input=JSON     the model's arguments (none unless given)
//   silent         `callTool` and `sendFollowUpMessage` never answer
//   late           no script before the document: `window.openai` is set,
//                  with an `openai:set_globals` event, when the test calls
//                  `elicitHost.provide()`
//   shape=mcpjam   `callTool` answers as MCPJam Inspector 1.0.24 does: no
//                  `_meta`, `isError` false, `result` the structured
//                  content as JSON text
// `elicitHost.remount()` frames the app again, with the widget state it set.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { log, modelArguments } from "./log.js";

const query = new URLSearchParams(location.search);
const state = document.getElementById("state");

// What the app set with `setWidgetState`, for its next rendering.
let widgetState = null;

// The answer of `callTool`: the tool's result, or MCPJam's rendering of it.
function answer(result) {
  if (query.get("shape") !== "mcpjam") {
    return result;
  }
  const structured = result.structuredContent || result;
  return {
    _meta: null,
    content: result.content || [],
    structuredContent: structured,
    isError: false,
    result: JSON.stringify(structured),
    meta: {},
  };
}

function never() {
  return new Promise(() => {});
}

// `window.openai` for one rendering of the app.
function bridge(client, toolInput, first) {
  const openai = {
    toolInput,
    toolOutput: first.structuredContent ?? null,
    toolResponseMetadata: first._meta ?? null,
    widgetState,
    theme: "light",
    locale: "en-US",
    displayMode: "inline",
    maxHeight: 2000,
    userAgent: { device: { type: "desktop" }, capabilities: { hover: true, touch: false } },
    safeArea: { insets: { top: 0, bottom: 0, left: 0, right: 0 } },
    async callTool(name, args) {
      log("app-call", { name, arguments: args });
      if (query.has("silent")) {
        return never();
      }
      const result = await client.callTool({ name, arguments: args });
      log("tool-result", result);
      return answer(result);
    },
    async sendFollowUpMessage({ prompt }) {
      log("followup", { prompt });
      if (query.has("silent")) {
        return never();
      }
    },
    async setWidgetState(next) {
      log("widget-state", next);
      widgetState = next;
      openai.widgetState = next;
    },
    async requestDisplayMode() {
      return { mode: "inline" };
    },
  };
  return openai;
}

// MCPJam Inspector 1.0.24's rule for where its script goes.
function withScript(html, script) {
  if (html.includes("<html>") && html.includes("<head>")) {
    return html.replace("<head>", `<head>${script}`);
  }
  return `<!DOCTYPE html>\n<html>\n<head>\n<meta charset="UTF-8">\n${script}\n</head>\n<body>\n${html}\n</body>\n</html>`;
}

function frame(html, openai) {
  const iframe = document.createElement("iframe");
  iframe.title = "Booking form";
  iframe.setAttribute("sandbox", "allow-scripts allow-same-origin");
  state.textContent = "framing";
  // In the page first: its empty document's `load` is not the app's.
  document.getElementById("frame").replaceChildren(iframe);
  iframe.addEventListener("load", () => {
    log("framed", {});
    state.textContent = "mounted";
  }, { once: true });
  // With `late`, the test gives the app its bridge when it likes.
  window.elicitHost.provide = () => {
    const view = iframe.contentWindow;
    view.openai = openai;
    view.dispatchEvent(new view.CustomEvent("openai:set_globals", { detail: { globals: { ...openai } } }));
  };
  // The frame shares this origin: its script takes the bridge from here.
  window.elicitOpenAi = openai;
  const boot = "<script>window.openai = window.parent.elicitOpenAi;</script>";
  iframe.srcdoc = query.has("late") ? html : withScript(html, boot);
}

async function main() {
  const client = new Client(
    { name: "elicit-openai-test-host", version: "1.0.0" },
    { capabilities: { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", location.href)));
  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name === "book_table");
  const uri = tool?._meta?.["openai/outputTemplate"];
  log("tool", { name: tool?.name, outputTemplate: uri, widgetAccessible: tool?._meta?.["openai/widgetAccessible"] });
  const read = await client.readResource({ uri });
  const contents = read.contents[0];
  log("resource", { uri: contents.uri, widgetCSP: contents._meta?.["openai/widgetCSP"] });

  // The model's call: the arguments it chose, if any.
  const input = modelArguments(query);
  const first = await client.callTool({ name: "book_table", arguments: input });
  log("model-call", first);

  window.elicitHost = {
    remount() {
      frame(contents.text, bridge(client, input, first));
    },
    provide() {},
  };
  frame(contents.text, bridge(client, input, first));
}

main().catch((error) => {
  log("error", { message: String(error && error.message || error) });
  state.textContent = "failed";
});
