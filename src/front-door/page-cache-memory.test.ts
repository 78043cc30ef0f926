// The shared page cache's memory bound (issue 36, docs/decisions/052-one-owned-server.md): 40,000
// distinct URLs (ten times what a 4 MB budget holds; bench/front-door sends 100,000 at full size)
// and requests with huge Host headers, through the front door on a real HTTP server,
// must leave the process holding no more than the cache's budget, counted in real bytes. The old
// cache counted a compressed copy by its length while it kept the 16 KB buffer it was a view of,
// and kept a copy per Host: 20,000 such requests took a server from 668 to 1,385 MB.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSettings } from "./server";
import { openTestDoor, type TestDoor } from "./test-door";

const URLS = 40_000;
const HUGE_HOSTS = 1_000;
const MAX_MB = 4;
const MB = 1024 * 1024;

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** Heap and buffers in use once garbage is collected. */
function inUse(): { heap: number; buffers: number } {
  for (let i = 0; i < 3; i++) gc();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, buffers: usage.arrayBuffers };
}

// A public answer, different for every URL (small: what is measured is what the cache keeps of
// it, and zlib hands out a view of a 16 KB chunk whatever the size).
function app(req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.setHeader("content-type", "text/html; charset=utf-8");
  const rows = Array.from({ length: 12 }, (_, i) => `<li>${req.url} row ${i} ${(i * 7919) % 1000}</li>`).join("");
  res.end(`<!DOCTYPE html><html><head><title>${req.url}</title></head><body><ul>${rows}</ul></body></html>`);
  return Promise.resolve();
}

let port = 0;
let door: TestDoor["door"];
let close: TestDoor["close"];
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

beforeAll(async () => {
  const settings = readSettings([], { PAGE_CACHE_MAX_MB: String(MAX_MB), NEXTAUTH_URL: "http://localhost:3000" });
  ({ door, port, close } = await openTestDoor(settings, app));
});

afterAll(async () => {
  agent.destroy();
  await close();
});

function get(path: string, host = "localhost:3000", to = port): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: to, path, agent, headers: { host, "accept-encoding": "br" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.headers["x-takes-cache"] === "miss" ? 1 : 0));
    });
    req.on("error", reject);
    req.end();
  });
}

async function inParallel(count: number, each: (i: number) => Promise<number>): Promise<number[]> {
  const statuses: number[] = new Array<number>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < count) {
        const i = next++;
        statuses[i] = await each(i);
      }
    }),
  );
  return statuses;
}

describe("the shared page cache's memory", () => {
  it(
    "stays within its budget in real bytes after 40,000 distinct URLs, ten times what it holds, and a thousand 12 KB Host headers",
    { timeout: 300_000 },
    async () => {
      await inParallel(200, (i) => get(`/leaderboard?page=${i}`));
      const before = inUse();

      const statuses = await inParallel(URLS, (i) => get(`/api/leaderboard?page=2&key=k${i}`));
      const hugeHost = "h".repeat(12 * 1024);
      statuses.push(...(await inParallel(HUGE_HOSTS, (i) => get(`/leaderboard?page=${i}`, `${hugeHost}${i}`))));
      // Every distinct URL on the site's host was a miss, filled and kept for a while; no huge Host was.
      expect(statuses.slice(0, URLS).every((miss) => miss === 1)).toBe(true);
      expect(statuses.slice(URLS).every((miss) => miss === 0)).toBe(true);

      const after = inUse();
      const stats = door.bridge.pageCache!.stats();
      const grew = { heap: after.heap - before.heap, buffers: after.buffers - before.buffers };
      console.log(
        `page cache after ${URLS.toLocaleString()} URLs and ${HUGE_HOSTS} huge hosts: ${stats.entries} entries, ` +
          `${(stats.bytes / MB).toFixed(1)} MB counted (budget ${MAX_MB} MB); the process grew ` +
          `${(grew.buffers / MB).toFixed(1)} MB of buffers and ${(grew.heap / MB).toFixed(1)} MB of heap`,
      );
      expect(stats.bytes).toBeLessThanOrEqual(MAX_MB * MB);
      expect(stats.evicted).toBeGreaterThan(URLS / 2);
      // What the cache holds is what it counts: the buffers it keeps are no larger than its count,
      // and heap and buffers together stay within the budget plus a few megabytes of slack.
      expect(grew.buffers).toBeLessThanOrEqual(stats.bytes + 2 * MB);
      expect(grew.heap + grew.buffers).toBeLessThanOrEqual(MAX_MB * MB + 8 * MB);
    },
  );

  it("lets entries go once they can no longer be served, even when nobody asks for them again", async () => {
    const settings = readSettings([], { PAGE_CACHE_FRESH_MS: "100", PAGE_CACHE_STALE_MS: "100", NEXTAUTH_URL: "http://localhost:3000" });
    const quick = await openTestDoor(settings, app);
    try {
      for (let i = 0; i < 20; i++) expect(await get(`/packs/p${i}`, "localhost:3000", quick.port)).toBe(1);
      expect(quick.door.bridge.pageCache!.stats().entries).toBe(20);
      // The sweep runs every second; after it, the copies 200 ms past their freshness are gone.
      const deadline = Date.now() + 5_000;
      while (quick.door.bridge.pageCache!.stats().entries > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(quick.door.bridge.pageCache!.stats()).toMatchObject({ entries: 0, bytes: 0, expired: 20 });
    } finally {
      await quick.close();
    }
  });
});
