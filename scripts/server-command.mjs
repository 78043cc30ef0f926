// How the production server is started, in one place: `npm start`, `npm run
// serve`, the benchmarks and the browser tests all run it through serverCommand(),
// so what is measured is what is deployed.
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

// The server itself is ours: Next behind the front door, composed through Next's custom-server API
// (src/front-door/server.ts, compiled into the build by scripts/build.mjs and run by
// scripts/front-door.cjs; docs/decisions/052-one-owned-server.md).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];

/** [command, args] that run the production server with `args` (e.g. ["-p", "3000", "-H", "127.0.0.1"], as `next start` takes them). */
export function serverCommand(args = [], extraNodeFlags = []) {
  return [process.execPath, [...SERVER_NODE_FLAGS, ...extraNodeFlags, path.join(root, "scripts/front-door.cjs"), "--dir", root, ...args]];
}
