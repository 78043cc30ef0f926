// How the production server is started, in one place: `npm start`, `npm run
// serve`, the benchmarks and the browser tests all run `next start` through
// serverCommand(), so what is measured is what is deployed.
//
// --max-semi-space-size=64: V8's young generation grows to 64 MB semi-spaces
// instead of 16 MB. Each request allocates a few hundred kilobytes (Next's
// request and response objects, web streams, driver buffers); with fifty
// requests in flight a small young generation is scavenged while most of them
// are still alive, so their objects are copied and promoted, and the old
// generation then fills and is marked. With room for every in-flight request
// they die young for free. In bench/submit-takes this alone took a submission
// from about 650 to about 900 req/s (see docs/decisions/013-server-heap.md).
// It costs up to ~200 MB of address space per process, reserved, not used.
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

// --require route-lanes-preload.cjs: the pack submission, the hottest write, is answered
// by its route handler past Next's router (docs/decisions/026-route-lane.md);
// first, so the two hooks below have run on a request before it gets there.
// --require peer-address.cjs: every request carries the connection's own
// address in a header the client cannot forge, the only address the
// per-address rate limits trust (src/server/http/client-address.ts).
// --require page-cache-preload.cjs: public pages the same for every viewer are
// served from memory for a few seconds (docs/decisions/025-shared-page-cache.md).
// --require request-context-preload.cjs, last so it sees every request first: a
// request id on each answer and log line, and the request metrics of /api/metrics
// (docs/decisions/029-request-context-and-metrics.md).
// --require graceful-shutdown.cjs, after it, counting every request: SIGTERM stops accepting,
// lets requests in flight and the running job finish, then closes the pool
// (docs/decisions/031-crash-safe-worker.md).
export const SERVER_NODE_FLAGS = [
  "--max-semi-space-size=64",
  `--require=${path.join(root, "scripts/route-lanes-preload.cjs")}`,
  `--require=${path.join(root, "scripts/peer-address.cjs")}`,
  `--require=${path.join(root, "scripts/page-cache-preload.cjs")}`,
  `--require=${path.join(root, "scripts/request-context-preload.cjs")}`,
  `--require=${path.join(root, "scripts/graceful-shutdown.cjs")}`,
];

/** [command, args] that run `next start` with `args` (e.g. ["-p", "3000"]). */
export function serverCommand(args = [], extraNodeFlags = []) {
  return [process.execPath, [...SERVER_NODE_FLAGS, ...extraNodeFlags, path.join(root, "node_modules/next/dist/bin/next"), "start", ...args]];
}
