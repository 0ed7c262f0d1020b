// MCPJam Inspector (its web UI, as a guest): started with the server in
// its configuration, and driven as a user would: the Tools page runs
// `book_table` from the tool's own form, the elicitation dialog is read
// and filled, and the response's "Component" view shows the booking app
// (MCPJam renders apps through its emulation of the OpenAI Apps SDK).
import { join } from "node:path";
import { appShown, fillApp, pressInApp, readApp } from "./app.mjs";
import { APP_FORM, HOST_FORM, INVALID_FORM } from "./booking.mjs";
import { answerDialog } from "./dialog.mjs";
import { freePort, startProcess } from "./process.mjs";
import { resultsSince } from "./wire.mjs";

export const PACKAGE = "@mcpjam/inspector@1.0.24";
const SERVER = "mcpjam/node_modules/@mcpjam/inspector";
const DIALOG = "Elicitation Request";
/** The name MCPJam shows for the server (the key of its configuration). */
const SERVER_NAME = "elicit-example";

/** Starts MCPJam's server with `serverUrl` as its one MCP server. */
export async function startMcpjam({ work, node, offline, serverUrl, artifacts, home }) {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    NODE_ENV: "production",
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    MCP_CONFIG_DATA: JSON.stringify({ mcpServers: { [SERVER_NAME]: { type: "http", url: serverUrl } } }),
  };
  const host = await startProcess({
    name: "MCPJam Inspector",
    command: node,
    args: ["--import", offline, join(work, SERVER, "dist/server/index.js")],
    cwd: join(work, SERVER),
    env,
    log: join(artifacts, "mcpjam.log"),
    ready: /Inspector Launched/,
    seconds: 60,
  });
  // Its CORS rules name localhost, not 127.0.0.1.
  return { ...host, url: `http://localhost:${port}/` };
}

/** Opens MCPJam as a guest and waits until its server is connected (once a run). */
async function connect(page, url) {
  await page.goto(url);
  await page.getByRole("button", { name: "Or continue as guest" }).click();
  await page.getByRole("heading", { name: SERVER_NAME, exact: true }).waitFor();
  await page.getByText("Connected", { exact: true }).first().waitFor();
}

/** MCPJam's own booking form in `scope`: the tool's form or the dialog. */
async function readForm(scope) {
  const field = (name) => scope.getByPlaceholder(`Enter ${name}`, { exact: true });
  return {
    date: await field("date").inputValue(),
    partySize: await field("partySize").inputValue(),
    seating: await field("seating").inputValue(),
    dietary: await scope.getByPlaceholder("Enter array as JSON").inputValue(),
    contactEmail: await field("contactEmail").inputValue(),
    notes: await field("notes").inputValue(),
    newsletter: await scope.getByRole("checkbox").isChecked(),
  };
}

/** Types `answer` into MCPJam's form in `scope`, as its raw values. */
async function fillForm(scope, answer) {
  const field = (name) => scope.getByPlaceholder(`Enter ${name}`, { exact: true });
  await field("date").fill(answer.date);
  await field("partySize").fill(answer.partySize);
  await field("seating").fill(answer.seating.value);
  await scope.getByPlaceholder("Enter array as JSON").fill(JSON.stringify(answer.dietary.map((need) => need.value)));
  await field("contactEmail").fill(answer.contactEmail);
  await field("notes").fill(answer.notes);
  await scope.getByRole("checkbox").setChecked(answer.newsletter);
}

/**
 * What the response panel shows under "Raw JSON" (MCPJam shortens long
 * strings there), and which view it opened on.
 */
async function rawResponse(page) {
  const raw = page.getByRole("button", { name: "Raw JSON", exact: true });
  const openedOn = (await page.locator('iframe[title^="OpenAI Component"]').isVisible()) ? "Component" : "Raw JSON";
  await raw.click();
  const panel = raw.locator("xpath=ancestor::div[contains(., 'content')][1]");
  await panel.getByText("content", { exact: false }).first().waitFor();
  const shown = (await panel.innerText()).replace(/\s+/g, " ").trim();
  return { openedOn, shown };
}

/** The dialog's message (the paragraph under its heading). */
async function dialogMessage(dialog) {
  return (await dialog.locator("p").first().innerText()).trim();
}

/** MCPJam's dialog, as `answerDialog` reads and answers it. */
function hostDialog(page) {
  return {
    locator: page.getByRole("dialog", { name: DIALOG }),
    message: dialogMessage,
    read: readForm,
    fill: fillForm,
    accept: "Accept",
  };
}

/**
 * Runs `book_table` from the Tools page with the tool form as it opens;
 * each time the server asks, reads the dialog and applies the next of
 * `answers` (an answer to type, or the button to press). What the user
 * saw: the tool form, each round's dialog, the response panel, and the
 * results the server sent.
 */
async function runTool(page, record, answers) {
  await page.getByRole("button", { name: "Tools", exact: true }).first().click();
  await page.getByText("book_table", { exact: true }).first().click();
  const main = page.getByRole("main");
  const seen = { toolForm: await readForm(main), rounds: [] };
  const from = record.toolCalls.length;
  const fromResults = record.toolResults.length;
  await main.getByRole("button", { name: "Execute", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: DIALOG });
  for (const answer of answers) {
    // The dialog, or the result without one.
    for (let i = 0; i < 100 && !(await dialog.isVisible()) && record.toolResults.length === fromResults; i++) {
      await page.waitForTimeout(200);
    }
    if (!(await dialog.isVisible())) break;
    seen.rounds.push(await answerDialog(page, hostDialog(page), answer));
  }
  seen.asked = seen.rounds.length > 0;
  seen.sent = record.toolCalls.slice(from).map((call) => call.arguments);
  seen.results = await resultsSince(record, fromResults);
  seen.response = await rawResponse(page);
  return seen;
}

/** The booking app in the response's "Component" view, after a run of the tool. */
async function showApp(page, seen) {
  await page.getByRole("button", { name: "Component", exact: true }).click();
  const app = page.locator('iframe[title^="OpenAI Component"]').contentFrame();
  await appShown(app);
  await page.waitForTimeout(1000);
  seen.opened = await readApp(app);
  return app;
}

/** Types the app's answer into `app`, submits it, and notes what came back. */
async function submitApp(app, record, seen) {
  await fillApp(app, APP_FORM);
  const from = record.toolCalls.length;
  const fromResults = record.toolResults.length;
  Object.assign(seen, await pressInApp(app, "Submit"));
  seen.appSent = record.toolCalls.slice(from).map((call) => call.arguments);
  seen.appResults = record.toolResults.slice(fromResults);
}

/**
 * The steps of a run of MCPJam, by name. MCPJam's server holds the MCP
 * session, and a reloaded page cannot connect again ("already
 * connected"): the steps after `connect` go on in the same page, from
 * the sidebar.
 */
export function mcpjamSteps({ url, record }) {
  return {
    async connect(page) {
      await connect(page, url);
      return { connected: true, serverName: SERVER_NAME };
    },
    async toolDefaults(page) {
      const seen = await runTool(page, record, [HOST_FORM]);
      // Without a dialog, the user answers in the app the response shows.
      if (!seen.asked) await submitApp(await showApp(page, seen), record, seen);
      return seen;
    },
    toolAskedAgain: (page) => runTool(page, record, [INVALID_FORM, "Cancel"]),
    async appSubmit(page) {
      const seen = await runTool(page, record, ["Cancel"]);
      await submitApp(await showApp(page, seen), record, seen);
      return seen;
    },
    async appDecline(page) {
      const seen = await runTool(page, record, ["Cancel"]);
      const app = await showApp(page, seen);
      Object.assign(seen, await pressInApp(app, "Decline", { seconds: 10 }));
      return seen;
    },
  };
}
