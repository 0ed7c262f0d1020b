// The system's Chromium, headless, driven through playwright-core (no
// browser of Playwright's own): a fresh profile for each run, no network
// but the loopback addresses (every other name resolves to nothing, and
// every request elsewhere is refused and named in the report), and the
// screenshots of each step kept.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
  "--lang=en-US",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
];

/** Whether `url` stays on this machine (or in the page: data, blob). */
function local(url) {
  const { protocol, hostname } = new URL(url);
  if (protocol === "data:" || protocol === "blob:" || protocol === "about:") return true;
  return hostname === "127.0.0.1" || hostname === "localhost";
}

/**
 * Starts the browser; `blocked` collects the origins of the requests it
 * refused. `close()` stops it and deletes its profile.
 */
export async function startBrowser({ artifacts }) {
  const profile = await mkdtemp(join(tmpdir(), "elicit-hosts-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
    viewport: { width: 1400, height: 1000 },
    locale: "en-US",
    timezoneId: "UTC",
  });
  const blocked = new Set();
  await context.route(
    (url) => !local(url.href),
    (route) => {
      blocked.add(new URL(route.request().url()).origin);
      return route.abort("blockedbyclient");
    },
  );
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
  let shot = 0;
  return {
    page,
    blocked,
    /** Saves a screenshot of the viewport as `NN-name.png`; its path. */
    async screenshot(name) {
      shot += 1;
      const path = join(artifacts, `${String(shot).padStart(2, "0")}-${name}.png`);
      await page.screenshot({ path }).catch(() => {});
      return path;
    },
    async close() {
      await context.close().catch(() => {});
      await rm(profile, { recursive: true, force: true });
    },
  };
}
