// The official MCP Inspector (its web UI): started against a server URL at
// a protocol era, and driven as a user would: the Tools tab runs
// `book_table` from the tool's own form, the elicitation dialog is read
// and filled, and the Apps tab opens the booking app.
import { join } from "node:path";
import { appShown, fillApp, pressInApp, readApp } from "./app.mjs";
import { APP_FORM, HOST_FORM, INVALID_FORM, TOOL_FORM_PART } from "./booking.mjs";
import { answerDialog } from "./dialog.mjs";
import { freePort, startProcess } from "./process.mjs";

export const PACKAGE = "@modelcontextprotocol/inspector@2.12.0";
const LAUNCHER = "inspector/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js";
const DIALOG = "Elicitation Request";

/** Starts the Inspector's web UI for `serverUrl` at `era`. */
export async function startInspector({ work, node, offline, serverUrl, era, artifacts, home }) {
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    CLIENT_PORT: String(await freePort()),
    MCP_SANDBOX_PORT: String(await freePort()),
    MCP_APP_ORIGIN_PORT: String(await freePort()),
    DANGEROUSLY_OMIT_AUTH: "true",
    MCP_AUTO_OPEN_ENABLED: "false",
    MCP_INSPECTOR_SECRET_STORE: "memory",
    MCP_STORAGE_DIR: join(home, "storage"),
  };
  const host = await startProcess({
    name: "the MCP Inspector",
    command: node,
    args: [
      "--import",
      offline,
      join(work, LAUNCHER),
      "--web",
      "--transport",
      "http",
      "--server-url",
      serverUrl,
      "--protocol-era",
      era,
    ],
    cwd: home,
    env,
    log: join(artifacts, "inspector.log"),
    ready: /is up and running at:\s+http:\/\/\S+/,
    seconds: 60,
  });
  return { ...host, url: `http://127.0.0.1:${env.CLIENT_PORT}/` };
}

/**
 * Turns the Mantine switch `control` on. Its input sits under the drawn
 * track (so the click is forced), and a click while the page renders can
 * be lost: it is clicked again until it holds.
 */
async function switchOn(page, control) {
  for (let attempt = 0; attempt < 5 && !(await control.isChecked()); attempt++) {
    await control.click({ force: true });
    await page.waitForTimeout(300);
  }
  if (!(await control.isChecked())) throw new Error("the switch stayed off after 5 clicks");
}

/** Opens the Inspector and connects to its one server; the revision badge's text. */
async function connect(page, url) {
  await page.goto(url);
  await switchOn(page, page.getByRole("switch", { name: /^Connect or disconnect/ }));
  const badge = page.getByText(/^MCP \d{4}-\d{2}-\d{2}$/);
  await badge.waitFor();
  return (await badge.innerText()).trim();
}

/** Opens the tab `name` of the header. */
async function tab(page, name) {
  await page.getByRole("banner").getByText(name, { exact: true }).click();
}

/** Reads a Mantine booking form in `scope` (the tool form or the dialog). */
async function readForm(scope) {
  return {
    date: await scope.getByRole("textbox", { name: "Date", exact: true }).inputValue(),
    partySize: await scope.getByRole("textbox", { name: "Party size" }).inputValue(),
    seating: await scope.getByRole("textbox", { name: "Seating" }).inputValue(),
    dietary: await scope.locator(".mantine-Pill-label").allInnerTexts(),
    contactEmail: await scope.getByRole("textbox", { name: "Email", exact: true }).inputValue(),
    notes: await scope.getByRole("textbox", { name: "Notes" }).inputValue(),
    newsletter: await scope.getByRole("checkbox", { name: "Newsletter" }).isChecked(),
  };
}

/** Picks `title` in the Mantine select `name` of `scope`. */
async function select(page, scope, name, title) {
  await scope.getByRole("textbox", { name }).click({ force: true });
  await page.getByRole("listbox", { name }).getByRole("option", { name: title, exact: true }).click();
}

/** Types `answer` into the booking form of `scope`. */
async function fillForm(page, scope, answer) {
  await scope.getByRole("textbox", { name: "Date", exact: true }).fill(answer.date);
  await scope.getByRole("textbox", { name: "Party size" }).fill(answer.partySize);
  await select(page, scope, "Seating", answer.seating.title);
  for (const need of answer.dietary) {
    await scope.getByRole("textbox", { name: "Dietary needs" }).click({ force: true });
    await page.getByRole("listbox", { name: "Dietary needs" }).getByRole("option", { name: need.title, exact: true }).click();
    await page.keyboard.press("Escape");
  }
  await scope.getByRole("textbox", { name: "Email", exact: true }).fill(answer.contactEmail);
  await scope.getByRole("textbox", { name: "Notes" }).fill(answer.notes);
  await scope.getByRole("checkbox", { name: "Newsletter" }).setChecked(answer.newsletter, { force: true });
}

/**
 * Waits for what follows a call: the elicitation dialog, or the results
 * panel without one. `"dialog"` or `"results"`.
 */
async function dialogOrResults(page) {
  const dialog = page.getByRole("dialog", { name: DIALOG });
  const results = page.getByRole("heading", { name: "Results", exact: true });
  await dialog.or(results).first().waitFor();
  return (await dialog.isVisible()) ? "dialog" : "results";
}

/** The results panel's text once a result is in: `{ text }` or `{ error }`. */
async function readResults(page) {
  const card = page
    .getByRole("heading", { name: "Results", exact: true })
    .locator("xpath=ancestor::div[contains(@class, 'mantine-Card-root')][1]");
  await card.waitFor();
  const error = card.getByRole("alert", { name: "Tool Error" });
  for (let i = 0; i < 100; i++) {
    if (await error.count()) {
      return { error: (await error.innerText()).replace(/^Tool Error\s*/, "").replace(/\s+/g, " ").trim() };
    }
    const lines = (await card.innerText())
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && line !== "Results" && line !== "⎘");
    if (lines.length > 0) return { text: lines.join("\n") };
    await page.waitForTimeout(200);
  }
  return { error: "the results panel stayed empty for 20 s" };
}

/** The calls the server saw since `from`, but the retries of a round. */
function callsSince(record, from) {
  return record.toolCalls.slice(from).filter((call) => !call.retry);
}

/** The dialog's message, without the quotes the Inspector sets it in. */
async function dialogMessage(dialog) {
  return (await dialog.getByText(/^“[^]*”$/).first().innerText()).replace(/^“|”$/g, "");
}

/** The Inspector's dialog, as `answerDialog` reads and answers it. */
function hostDialog(page) {
  return {
    locator: page.getByRole("dialog", { name: DIALOG }),
    message: dialogMessage,
    read: readForm,
    fill: (dialog, answer) => fillForm(page, dialog, answer),
    accept: "Submit",
  };
}

/**
 * Runs `book_table` from the Tools tab: `prepare` sets up the tool form,
 * then Execute Tool; each time the server asks, the dialog is read and
 * the next of `answers` applied (an answer to type, or the button to
 * press). What the user saw: the tool form, each round's dialog, the
 * result.
 */
async function runTool(page, url, record, prepare, answers) {
  await connect(page, url);
  await tab(page, "Tools");
  await page.getByRole("button", { name: "book_table", exact: true }).click();
  const main = page.getByRole("main");
  await prepare(page, main);
  const toolForm = (await page.getByRole("switch", { name: "Edit as JSON" }).isChecked()) ? null : await readForm(main);
  const from = record.toolCalls.length;
  await main.getByRole("button", { name: "Execute Tool" }).click();
  const seen = { toolForm, rounds: [] };
  for (const answer of answers) {
    if ((await dialogOrResults(page)) !== "dialog") break;
    seen.rounds.push(await answerDialog(page, hostDialog(page), answer));
  }
  seen.asked = seen.rounds.length > 0;
  seen.sent = callsSince(record, from).map((call) => call.arguments);
  Object.assign(seen, await readResults(page));
  return seen;
}

/** The tool form as it opens: the schema's defaults the Inspector fills in. */
async function asItOpens() {}

/** The tool form with a party size and seating chosen by the user. */
async function partlyFilled(page, main) {
  await main.getByRole("textbox", { name: "Party size" }).fill(TOOL_FORM_PART.partySize);
  await select(page, main, "Seating", TOOL_FORM_PART.seating.title);
}

/** The tool's arguments replaced with `{}` through "Edit as JSON". */
async function emptyJson(page) {
  await switchOn(page, page.getByRole("switch", { name: "Edit as JSON" }));
  await page.getByRole("textbox", { name: /^Arguments JSON/ }).focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText("{}");
}

/**
 * Opens the booking app from the Apps tab with the form's own defaults;
 * where the server asks the host's dialog first, cancels it (the user
 * answers in the app). The app once the host's call has its result, and
 * what came before it.
 */
async function openApp(page, url, record) {
  await connect(page, url);
  await tab(page, "Apps");
  await page.getByRole("button", { name: /^book_table/ }).click();
  const from = record.toolCalls.length;
  const fromResults = record.toolResults.length;
  await page.getByRole("button", { name: "Open App" }).click();
  const app = page.locator("main iframe").contentFrame().locator("iframe").contentFrame();
  const dialog = page.getByRole("dialog", { name: DIALOG });
  const seen = {};
  // Until the call the host made on opening has its result: the app gets
  // it, and may draw its form again.
  for (let i = 0; i < 100 && record.toolResults.length === fromResults; i++) {
    if (seen.dialogFirst === undefined && (await dialog.isVisible())) {
      seen.dialogFirst = await readForm(dialog);
      await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    }
    await page.waitForTimeout(200);
  }
  seen.sent = callsSince(record, from).map((call) => call.arguments);
  seen.hostResult = record.toolResults[fromResults]?.text ?? null;
  await appShown(app);
  await page.waitForTimeout(500);
  seen.opened = await readApp(app);
  return { app, seen };
}

/** The steps of a run of the Inspector, by name, each from a fresh page. */
export function inspectorSteps({ url, record }) {
  return {
    async connect(page) {
      return { badge: await connect(page, url) };
    },
    toolDefaults: (page) => runTool(page, url, record, asItOpens, [HOST_FORM]),
    toolPartlyFilled: (page) => runTool(page, url, record, partlyFilled, ["Decline"]),
    toolEmptyJson: (page) => runTool(page, url, record, emptyJson, [HOST_FORM]),
    toolAskedAgain: (page) => runTool(page, url, record, emptyJson, [INVALID_FORM, "Cancel"]),
    async appSubmit(page) {
      const { app, seen } = await openApp(page, url, record);
      await fillApp(app, APP_FORM);
      const from = record.toolCalls.length;
      // The server may ask the host's dialog to confirm the app's answers:
      // what it shows is kept, and it is submitted as it is.
      const dialog = page.getByRole("dialog", { name: DIALOG });
      const meanwhile = async () => {
        if (seen.dialogAfter === undefined && (await dialog.isVisible())) {
          seen.dialogAfter = await readForm(dialog);
          await dialog.getByRole("button", { name: "Submit", exact: true }).click();
        }
      };
      Object.assign(seen, await pressInApp(app, "Submit", { meanwhile }));
      seen.appSent = callsSince(record, from).map((call) => call.arguments);
      return seen;
    },
    async appDecline(page) {
      const { app, seen } = await openApp(page, url, record);
      Object.assign(seen, await pressInApp(app, "Decline"));
      const messages = page.getByRole("heading", { name: /^Messages from app/ });
      await messages.waitFor({ timeout: 5000 }).catch(() => {});
      seen.hostMessages = (await messages.count())
        ? (await messages.locator("xpath=..").innerText()).split("\n").filter((line) => line.startsWith("action="))
        : [];
      return seen;
    },
  };
}
