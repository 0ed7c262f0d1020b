// Loaded into each host's Node.js process (`node --import offline.mjs`):
// every name but the loopback ones fails to resolve, so that the hosts'
// telemetry (Sentry, PostHog) and any other outside call are refused here
// and named on stderr, and a server told to listen on every interface
// (0.0.0.0) listens on the loopback address only.
import dns from "node:dns";
import net from "node:net";

const lookup = dns.lookup;

function loopback(name) {
  return name === "localhost" || (net.isIP(name) !== 0 && (name.startsWith("127.") || name === "::1"));
}

dns.lookup = function offlineLookup(hostname, options, callback) {
  if (typeof options === "function") {
    callback = options;
    options = {};
  }
  let name = String(hostname).toLowerCase();
  if (name === "0.0.0.0" || name === "::") name = "127.0.0.1";
  if (!loopback(name)) {
    process.stderr.write(`offline: refused to resolve ${hostname}\n`);
    const error = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    error.code = "ENOTFOUND";
    error.hostname = hostname;
    process.nextTick(callback, error);
    return {};
  }
  return lookup.call(this, name, options, callback);
};
