// Preloaded into the production server after every other hook (SERVER_NODE_FLAGS in
// server-command.mjs), so it counts every request, cached pages and the route lane included.
// On SIGTERM or SIGINT the server stops in order (docs/decisions/031-crash-safe-worker.md):
//   1. stop accepting: the listening sockets close, idle keep-alive connections are dropped, and
//      answers still to come say `Connection: close`;
//   2. let the requests in flight finish, while the app's own hook (src/server/ops/boot.ts) stops
//      the worker from claiming more work and lets the job it is running finish;
//   3. the app's hook closes the database pool, and the process exits 0.
// Past SHUTDOWN_GRACE_MS (25 s) it exits 1 whatever is left: a job cut short is claimed again
// after its lease (docs/decisions/028-durable-jobs.md). Next's own signal handler is switched off
// (NEXT_MANUAL_SIG_HANDLE): it exits as soon as the connections close, with the running job and
// the pool's last queries still going, which is how "Cannot use a pool after calling end on the
// pool" came about.
"use strict";

const http = require("node:http");

const GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS) >= 0 && process.env.SHUTDOWN_GRACE_MS ? Number(process.env.SHUTDOWN_GRACE_MS) : 25_000;
const ON_SHUTDOWN = Symbol.for("takes.onShutdown");

process.env.NEXT_MANUAL_SIG_HANDLE = "1";
globalThis[Symbol.for("takes.gracefulShutdown")] = true;

const servers = new Set();
let inFlight = 0;
let stopping = false;
const idle = [];

const line = (level, msg, fields = {}) =>
  (level === "info" ? console.log : console.error)(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitCounted(event, request, response, ...rest) {
  if (event === "listening") servers.add(this);
  if (event === "request" && response) {
    servers.add(this);
    inFlight++;
    if (stopping && !response.headersSent) response.setHeader("Connection", "close");
    let counted = true;
    response.once("close", () => {
      if (!counted) return;
      counted = false;
      if (--inFlight === 0) for (const resolve of idle.splice(0)) resolve();
    });
  }
  return emit.call(this, event, request, response, ...rest);
};

async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  const deadline = setTimeout(() => {
    line("warn", "shutdown grace period over; exiting with work unfinished", { graceMs: GRACE_MS, inFlight });
    process.exit(1);
  }, GRACE_MS);
  line("info", "shutting down: no new connections, finishing requests in flight", { signal, inFlight });
  for (const server of servers) {
    server.close();
    server.closeIdleConnections?.();
  }
  const requestsDone = inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idle.push(resolve));
  try {
    const onShutdown = globalThis[ON_SHUTDOWN];
    await (typeof onShutdown === "function" ? onShutdown(requestsDone) : requestsDone);
    line("info", "shut down cleanly");
  } catch (error) {
    line("error", "error during shutdown", { error: error instanceof Error ? error.message : String(error) });
  } finally {
    clearTimeout(deadline);
    process.exit(0);
  }
}

process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
