// Drives a pinned MCP host in headless Chromium against an MCP server, as
// a user would, and prints what it saw as JSON on stdout: what the host
// sent on the wire (client info, capabilities, each tool call's
// arguments), and for each step what the host and the booking app showed.
// A step that fails is reported with its error and a screenshot, and the
// next step runs all the same (each host's steps say where they start).
//
//   node drive.mjs inspector --era legacy|modern --server-url URL --work DIR --artifacts DIR
//   node drive.mjs mcpjam --server-url URL --work DIR --artifacts DIR
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startBrowser } from "./browser.mjs";
import { PACKAGE as INSPECTOR, inspectorSteps, startInspector } from "./inspector.mjs";
import { PACKAGE as MCPJAM, mcpjamSteps, startMcpjam } from "./mcpjam.mjs";
import { recordingProxy } from "./wire.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const HOSTS = {
  inspector: { package: INSPECTOR, start: startInspector, steps: inspectorSteps, eras: ["legacy", "modern", "auto"] },
  mcpjam: { package: MCPJAM, start: startMcpjam, steps: mcpjamSteps, eras: [null] },
};

function usage(message) {
  process.stderr.write(
    `error: ${message}\nusage: drive.mjs inspector|mcpjam [--era legacy|modern|auto] --server-url URL --work DIR --artifacts DIR [--step NAME]...\n`,
  );
  process.exit(2);
}

function parse(argv) {
  const [name, ...rest] = argv;
  const host = HOSTS[name];
  if (!host) usage(`unknown host \`${name ?? ""}\`: name \`inspector\` or \`mcpjam\``);
  const options = { name, host, era: null, steps: [] };
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (value === undefined) usage(`\`${flag}\` needs a value`);
    if (flag === "--era") options.era = value;
    else if (flag === "--server-url") options.serverUrl = value;
    else if (flag === "--work") options.work = value;
    else if (flag === "--artifacts") options.artifacts = value;
    else if (flag === "--step") options.steps.push(value);
    else usage(`unknown option \`${flag}\``);
  }
  if (name === "inspector") options.era ??= "legacy";
  if (!host.eras.includes(options.era)) usage(`\`${name}\` has no era \`${options.era}\``);
  for (const required of ["serverUrl", "work", "artifacts"]) {
    if (!options[required]) usage(`\`--${required.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}\` is required`);
  }
  return options;
}

async function main() {
  const options = parse(process.argv.slice(2));
  const started = Date.now();
  await rm(options.artifacts, { recursive: true, force: true });
  await mkdir(options.artifacts, { recursive: true });
  const home = await mkdtemp(join(tmpdir(), `elicit-hosts-${options.name}-`));
  const proxy = await recordingProxy(options.serverUrl);
  const report = { host: options.name, package: options.host.package, era: options.era, steps: {} };
  let host;
  let browser;
  try {
    host = await options.host.start({
      work: options.work,
      node: process.execPath,
      offline: join(here, "offline.mjs"),
      serverUrl: proxy.url,
      era: options.era,
      artifacts: options.artifacts,
      home,
    });
    report.hostStartMs = host.startMs;
    process.stderr.write(`== ${options.name} ${options.era ?? ""} up at ${host.url} in ${host.startMs} ms\n`);
    browser = await startBrowser({ artifacts: options.artifacts });
    const steps = options.host.steps({ url: host.url, record: proxy.record });
    const names = options.steps.length ? options.steps : Object.keys(steps);
    for (const name of names) {
      if (!steps[name]) usage(`\`${options.name}\` has no step \`${name}\`: ${Object.keys(steps).join(", ")}`);
      const stepStarted = Date.now();
      process.stderr.write(`== ${name}\n`);
      try {
        report.steps[name] = await steps[name](browser.page);
        await browser.screenshot(name);
      } catch (error) {
        const screenshot = await browser.screenshot(`${name}-failed`);
        report.steps[name] = { failed: String(error.message ?? error).split("\n")[0], screenshot };
        process.stderr.write(`   failed: ${error.stack ?? error}\n`);
      }
      report.steps[name].ms = Date.now() - stepStarted;
    }
  } finally {
    await browser?.close();
    await host?.stop();
    proxy.close();
    await rm(home, { recursive: true, force: true });
  }
  report.wire = proxy.record;
  report.blocked = [...(browser?.blocked ?? [])].sort();
  report.totalMs = Date.now() - started;
  const json = `${JSON.stringify(report, null, 2)}\n`;
  await writeFile(join(options.artifacts, "report.json"), json);
  process.stdout.write(json);
}

main().catch((error) => {
  process.stderr.write(`error: ${error.stack ?? error}\n`);
  process.exit(1);
});
