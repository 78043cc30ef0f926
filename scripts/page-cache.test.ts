// The shared page cache (scripts/page-cache.cjs, docs/decisions/025-shared-page-cache.md)
// preloaded into a real Node HTTP server, as scripts/server-command.mjs preloads it into
// `next start`. The app behind it is replaced by a small renderer that counts its
// renderings and answers like Next does (HTML with inline scripts and a CSP header).
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const PRELOAD = path.join(import.meta.dirname, "page-cache-preload.cjs");
const FRESH_MS = 400;

// The app: every rendering is numbered; a session cookie shows in the page; some paths
// mark themselves shared, fail, set a cookie or carry the "do not keep" marker.
const APP = String.raw`
const http = require("node:http");
let renders = 0;
const seen = [];
const server = http.createServer((req, res) => {
  if (req.url === "/__renders") return res.end(JSON.stringify({ renders, seen }));
  if (req.url === "/__purge") { globalThis[Symbol.for("takes.pageCache")].purge(); return res.end("{}"); }
  renders += 1;
  seen.push({ url: req.url, fill: req.headers["x-takes-page-fill"] ?? null, cookie: req.headers.cookie ?? null, host: req.headers.host });
  const viewer = req.headers.cookie ? "signed-in" : "visitor";
  const shared = req.url.startsWith("/teams/") ? '<meta name="takes-cache" content="shared"/>' : "";
  const uncached = req.url.startsWith("/packs/broken") ? '<meta name="takes-cache" content="none"/>' : "";
  const respond = () => {
    if (req.headers.rsc === "1") {
      res.setHeader("content-type", "text/x-component");
      const marker = req.url.startsWith("/teams/") && !req.headers["next-router-prefetch"] ? '["$","meta",null,{"name":"takes-cache","content":"shared"}]' : "null";
      return res.end('0:{"render":' + renders + ',"from":' + JSON.stringify(req.headers["next-router-state-tree"] ?? "") + ',"viewer":"' + viewer + '","m":' + marker + '}');
    }
    if (req.url === "/packs/fails") { res.statusCode = 500; return res.end("boom"); }
    if (req.url === "/packs/cookie") res.setHeader("set-cookie", "a=b");
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.setHeader("content-security-policy", "default-src 'self'; script-src 'self' 'nonce-abc' 'strict-dynamic'; object-src 'none'");
    res.setHeader("cache-control", "private, no-store");
    res.end('<!DOCTYPE html><html><head>' + shared + uncached + '<script src="/_next/x.js" async=""></script></head><body><p>render ' + renders + ' for ' + viewer + ' at ' + req.url + '</p><script>self.n=' + renders + '</script><script>window.x=1</script></body></html>');
  };
  setTimeout(respond, req.url.startsWith("/packs/slow") ? 150 : 5);
});
server.listen(0, "127.0.0.1", () => process.stdout.write("PORT " + server.address().port + "\n"));
`;

let app: ChildProcess;
let port = 0;

beforeAll(async () => {
  app = spawn(process.execPath, ["--require", PRELOAD, "-e", APP], {
    env: { ...process.env, PAGE_CACHE_FRESH_MS: String(FRESH_MS), PAGE_CACHE_STALE_MS: "2000" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  port = await new Promise<number>((resolve, reject) => {
    app.stdout!.on("data", (chunk: Buffer) => {
      const match = /PORT (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    app.on("exit", (code) => reject(new Error(`app exited ${code}`)));
  });
});

afterAll(() => {
  app?.kill();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: pathname, method, headers: { host: `localhost:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const body = encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString("utf8") });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const renders = async () => JSON.parse((await get("/__renders")).body) as { renders: number; seen: Array<{ url: string; fill: string | null; cookie: string | null; host: string }> };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SESSION = { cookie: "next-auth.session-token=abc; other=1" };

describe("the shared page cache in front of the app", () => {
  it("renders a public page once for many visitors and serves the copy compressed as each asks", async () => {
    await get("/__purge");
    const before = (await renders()).renders;
    const first = await get("/packs", { "accept-encoding": "gzip, deflate, br" });
    const second = await get("/packs", { "accept-encoding": "gzip" });
    const third = await get("/packs");
    expect(first.headers["x-takes-cache"]).toBe("miss");
    expect(second.headers["x-takes-cache"]).toBe("hit");
    expect(first.headers["content-encoding"]).toBe("br");
    expect(second.headers["content-encoding"]).toBe("gzip");
    expect(third.headers["content-encoding"]).toBeUndefined();
    expect(new Set([first.body, second.body, third.body]).size).toBe(1);
    expect((await renders()).renders - before).toBe(1);
    // Filled as a visitor, marked as the cache's own request.
    const fill = (await renders()).seen.at(-1)!;
    expect(fill).toMatchObject({ url: "/packs", fill: "1", cookie: null });
    expect(second.headers["cache-control"]).toContain("public");
    expect(second.headers.vary).toContain("Accept-Encoding");
  });

  it("allows the copy's inline scripts by their hashes instead of a nonce many viewers would share", async () => {
    const answer = await get("/packs");
    const scriptSrc = String(answer.headers["content-security-policy"]).split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src"))!;
    expect(scriptSrc).not.toContain("nonce-");
    expect(scriptSrc).not.toContain("strict-dynamic");
    expect(scriptSrc).toContain("'self'");
    const inline = [...answer.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash("sha256").update(m[1]!).digest("base64")}'`);
    expect(inline).toHaveLength(2);
    for (const hash of inline) expect(scriptSrc).toContain(hash);
    // The rest of the app's policy is kept as it was.
    expect(String(answer.headers["content-security-policy"])).toContain("object-src 'none'");
  });

  it("serves a signed-in player the visitor's copy only where the page says it is the same for everyone", async () => {
    const team = await get("/teams/giants", SESSION);
    expect(team.body).toContain("for visitor");
    expect(team.headers["x-takes-cache"]).toBe("miss");
    expect((await get("/teams/giants", SESSION)).headers["x-takes-cache"]).toBe("hit");

    const feed = await get("/", SESSION);
    expect(feed.body).toContain("for signed-in");
    expect(feed.headers["x-takes-cache"]).toBeUndefined();
    // The visitor's copy exists now; the player still gets their own rendering, the visitor the copy.
    const before = (await renders()).renders;
    expect((await get("/", SESSION)).body).toContain("for signed-in");
    expect((await get("/")).headers["x-takes-cache"]).toBe("hit");
    expect((await renders()).renders - before).toBe(1);
  });

  it("gives concurrent requests for an uncached page one rendering between them", async () => {
    const before = (await renders()).renders;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("/packs/slow-1")));
    expect(answers.every((a) => a.status === 200 && a.body === answers[0]!.body)).toBe(true);
    expect((await renders()).renders - before).toBe(1);
  });

  it("serves an old copy once while one refill runs, then the new rendering", async () => {
    const first = await get("/packs/slow-2");
    await sleep(FRESH_MS + 50);
    const stale = await get("/packs/slow-2");
    expect(stale.headers["x-takes-cache"]).toBe("stale");
    expect(stale.body).toBe(first.body);
    await sleep(300);
    const refreshed = await get("/packs/slow-2");
    expect(refreshed.headers["x-takes-cache"]).toBe("hit");
    expect(refreshed.body).not.toBe(first.body);
  });

  it("renders every page again after a purge, as an admin change asks", async () => {
    const first = await get("/leaderboard");
    expect((await get("/leaderboard")).body).toBe(first.body);
    await get("/__purge");
    const after = await get("/leaderboard");
    expect(after.headers["x-takes-cache"]).toBe("miss");
    expect(after.body).not.toBe(first.body);
  });

  it("passes on answers that fail, set a cookie or say not to keep them, and keeps none of them", async () => {
    for (const url of ["/packs/fails", "/packs/cookie", "/packs/broken"]) {
      const before = (await renders()).renders;
      const one = await get(url);
      const two = await get(url);
      expect(two.headers["x-takes-cache"], url).toBe("miss");
      expect((await renders()).renders - before, url).toBe(2);
      expect(one.status, url).toBe(url === "/packs/fails" ? 500 : 200);
    }
    expect((await get("/packs/cookie")).headers["set-cookie"]).toEqual(["a=b"]);
  });

  it("answers a revalidation with 304 when the copy has not changed", async () => {
    const first = await get("/packs/etag");
    const again = await get("/packs/etag", { "if-none-match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
  });

  it("never lets a client pose as the cache's own request", async () => {
    const before = (await renders()).seen.length;
    await get("/login", { "x-takes-page-fill": "1" });
    await get("/packs/posing", { "x-takes-page-fill": "1", ...SESSION });
    const seen = (await renders()).seen.slice(before);
    expect(seen.find((s) => s.url === "/login")?.fill).toBeNull();
    // The player's own rendering of a page not shared reaches the app without the private header.
    expect(seen.filter((s) => s.url === "/packs/posing" && s.cookie).every((s) => s.fill === null)).toBe(true);
  });

  it("keeps a page rendered for a forged Host apart from the real one", async () => {
    const real = await get("/packs/host");
    const forged = await get("/packs/host", { host: "evil.example" });
    expect(forged.headers["x-takes-cache"]).toBe("miss");
    expect((await get("/packs/host")).body).toBe(real.body);
  });

  it("leaves router requests, frames, crawlers, writes and other paths to the app", async () => {
    const cases: Array<[string, Record<string, string>, string?]> = [
      ["/packs", { rsc: "1", "next-action": "abc" }],
      ["/packs", { "next-router-state-tree": "%5B%22%22%5D" }],
      ["/packs", { "sec-fetch-dest": "iframe" }],
      ["/packs", { "user-agent": "Twitterbot/1.0" }],
      ["/packs", {}, "POST"],
      ["/profile/someone", {}],
      ["/marketplace", {}],
    ];
    for (const [url, headers, method] of cases) {
      const answer = await get(url, headers, method);
      expect(answer.headers["x-takes-cache"], `${method ?? "GET"} ${url} ${JSON.stringify(headers)}`).toBeUndefined();
    }
  });

  it("keeps a client-side navigation's payload apart from the page and apart for each place the browser comes from", async () => {
    const fromFeed = { rsc: "1", "next-router-state-tree": "%5B%22%22%2C%7B%7D%5D" };
    const fromPacks = { rsc: "1", "next-router-state-tree": "%5B%22%22%2C%7B%22packs%22%7D%5D" };
    const page = await get("/packs/nav");
    const first = await get("/packs/nav?_rsc=1", fromFeed);
    expect(first.headers["content-type"]).toBe("text/x-component");
    expect(first.body).toContain('"from":"%5B%22%22%2C%7B%7D%5D"');
    expect((await get("/packs/nav?_rsc=1", fromFeed)).headers["x-takes-cache"]).toBe("hit");
    const other = await get("/packs/nav?_rsc=1", fromPacks);
    expect(other.headers["x-takes-cache"]).toBe("miss");
    expect(other.body).toContain('"from":"%5B%22%22%2C%7B%22packs%22%7D%5D"');
    expect((await get("/packs/nav")).body).toBe(page.body);
    expect(first.headers.vary).toContain("next-router-state-tree");
    // A payload that says it is the same for everyone serves players; any other is rendered for them.
    expect((await get("/teams/nav?_rsc=1", { ...fromFeed, ...SESSION })).body).toContain('"viewer":"visitor"');
    expect((await get("/packs/nav?_rsc=1", { ...fromFeed, ...SESSION })).body).toContain('"viewer":"signed-in"');
    // A prefetch's partial payload carries no tag: it is shared when the page's own HTML copy is.
    const prefetch = { rsc: "1", "next-router-prefetch": "1", "next-router-segment-prefetch": "/_tree" };
    expect((await get("/teams/prefetched?_rsc=2", { ...prefetch, ...SESSION })).body).toContain('"viewer":"signed-in"');
    await get("/teams/prefetched");
    expect((await get("/teams/prefetched?_rsc=2", { ...prefetch, ...SESSION })).body).toContain('"viewer":"visitor"');
    await get("/packs/prefetched");
    expect((await get("/packs/prefetched?_rsc=2", { ...prefetch, ...SESSION })).body).toContain('"viewer":"signed-in"');
  });

  it("leaves requests with query parameters the page does not read to the app, so made-up ones cannot crowd the cache", async () => {
    await get("/packs?league=nfl");
    expect((await get("/packs?league=nfl")).headers["x-takes-cache"]).toBe("hit");
    for (const url of ["/packs?utm_source=x", "/packs?league=nfl&league=mlb", "/packs?a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8&i=9", "/packs?_rsc=abc"]) {
      expect((await get(url)).headers["x-takes-cache"], url).toBeUndefined();
    }
    // What the browser handles by itself is no reason to render again.
    await get("/packs?card=ABC");
    expect((await get("/packs?card=ABC")).headers["x-takes-cache"]).toBe("hit");
  });
});
