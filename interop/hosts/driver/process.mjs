// A host's server as a child process in a process group of its own: its
// output kept in a log file, started when a line of its output says so,
// and stopped with its whole group.
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import net from "node:net";

/** A free loopback port (free when asked: the host binds it next). */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Runs `command` with `args` in `cwd` with `env`, its output appended to
 * `log`, and waits until a line of it matches `ready`, for at most
 * `seconds`. Resolves to the process and how long it took to start.
 */
export async function startProcess({ name, command, args, cwd, env, log, ready, seconds }) {
  const started = Date.now();
  const out = createWriteStream(log);
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let seen = "";
  const stop = () => stopGroup(child);
  const up = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`${name} did not start within ${seconds} s: see ${log}`));
    }, seconds * 1000);
    const onData = (chunk) => {
      out.write(chunk);
      seen = (seen + chunk.toString("utf8")).slice(-8192);
      if (ready.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${signal ?? code}) before it was ready: see ${log}`));
    });
  });
  try {
    await up;
  } catch (error) {
    stop();
    throw error;
  }
  return { child, startMs: Date.now() - started, stop };
}

/** Stops the process group of `child`: TERM, then KILL after 3 s. */
function stopGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal("SIGKILL");
      resolve();
    }, 3000);
    child.on("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
