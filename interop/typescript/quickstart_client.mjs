// The official TypeScript MCP client (v2, pinned in package.json) against
// the quickstart server's three tools over Streamable HTTP, in the SDK's
// default version negotiation (`legacy`: 2025-11-25) and in `auto`
// (2026-07-28), as a person with a browser would use them:
//
// 1. `book_table`: the form answered with a party of 40, asked again with
//    the error in its message, answered again, booked;
// 2. `plan_trip`: where, then when (the question names the city);
// 3. `connect_account`: the URL request's page opened and submitted with
//    an API key and the page's token, as a browser does; the key never
//    comes back.
//
// Usage: node quickstart_client.mjs MCP_URL
// It exits 1 naming the first check that failed.

import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

const API_KEY = "sk-live-fedcba9876543210";

function check(condition, message) {
  if (!condition) {
    throw new Error(message);
  }
}

/** Opens the page at `url` and posts the account and the key with its token. */
async function fillIn(url) {
  const origin = new URL(url).origin;
  const page = await fetch(url);
  check(page.status === 200, `the page answered ${page.status}`);
  const text = await page.text();
  const token = text.match(/name="elicit-csrf" value="([^"]+)"/);
  check(token, "the page has no form token");
  const action = text.match(/<form[^>]*action="([^"]+)"/);
  check(action, "the page has no form");
  const target = new URL(action[1].replaceAll("&amp;", "&"), url);
  const body = new URLSearchParams({
    "elicit-csrf": token[1],
    account: "ada-weather",
    api_key: API_KEY,
    "elicit-action": "accept",
  });
  const posted = await fetch(target, { method: "POST", body, headers: { Origin: origin }, redirect: "manual" });
  check(posted.status < 400, `the page refused the answer: ${posted.status}`);
}

function texts(result) {
  return result.content.filter((block) => block.type === "text").map((block) => block.text).join("\n");
}

async function run(url, negotiation) {
  const asked = [];
  const options = { capabilities: { elicitation: { form: {}, url: {} } } };
  if (negotiation) {
    options.versionNegotiation = { mode: negotiation };
  }
  const client = new Client({ name: "elicit-ts-interop", version: "1.0.0" }, options);
  client.setRequestHandler("elicitation/create", async (request) => {
    const params = request.params;
    asked.push(params);
    if (params.mode === "url") {
      await fillIn(params.url);
      return { action: "accept" };
    }
    const fields = params.requestedSchema.properties;
    if ("party_size" in fields) {
      const first = asked.filter((a) => a.requestedSchema?.properties?.party_size).length === 1;
      return { action: "accept", content: { date: "2026-12-24", party_size: first ? 40 : 4, email: "ada@example.org" } };
    }
    if ("city" in fields) {
      return { action: "accept", content: { city: "Lisbon" } };
    }
    return { action: "accept", content: { arrival: "2027-03-01", nights: 3 } };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const label = negotiation ?? "default";
  const version = client.getNegotiatedProtocolVersion?.() ?? "(unknown)";
  console.log(`== ${label}: connected at ${version}`);

  const booked = await client.callTool({ name: "book_table", arguments: {} });
  check(!booked.isError, `book_table failed: ${texts(booked)}`);
  check(texts(booked) === "booked 4 seats on 2026-12-24 for ada@example.org", `book_table said: ${texts(booked)}`);
  const forms = asked.filter((a) => a.requestedSchema?.properties?.party_size);
  check(forms.length === 2, `the booking form was asked ${forms.length} times, not twice`);
  check(forms[1].message.includes("`party_size` must be at most 12"), `the second ask does not say why: ${forms[1].message}`);

  const planned = await client.callTool({ name: "plan_trip", arguments: {} });
  check(texts(planned) === "3 nights in Lisbon from 2027-03-01", `plan_trip said: ${texts(planned)}`);
  check(asked.some((a) => a.message === "When would you like to go to Lisbon?"), "the second question does not name the city");

  const connected = await client.callTool({ name: "connect_account", arguments: {} });
  check(!connected.isError, `connect_account failed: ${texts(connected)}`);
  check(texts(connected) === `connected ada-weather with a key of ${API_KEY.length} characters`, `connect_account said: ${texts(connected)}`);
  check(!JSON.stringify(connected).includes(API_KEY), "the API key came back to the client");
  check(asked.some((a) => a.mode === "url"), "no URL request was sent");
  await client.close();
  return version;
}

const url = process.argv[2];
try {
  check(url, "usage: node quickstart_client.mjs MCP_URL");
  await run(url, undefined);
  await run(url, "auto");
  console.log("== quickstart: every tool answered, default negotiation and auto");
} catch (error) {
  console.error(`error: ${error.message}`);
  process.exit(1);
}
