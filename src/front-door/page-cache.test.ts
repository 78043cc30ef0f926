// The shared page cache (src/front-door/page-cache.ts, docs/decisions/025-shared-page-cache.md)
// as a step of the front door (src/front-door/server.ts) on a real Node HTTP server. Next behind it
// is replaced by a small renderer that counts its renderings and answers like Next does (HTML with
// inline scripts and a CSP header).
import { createHash } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSettings } from "./server";
import { openTestDoor, type TestDoor } from "./test-door";

const FRESH_MS = 400;

// The app: every rendering is numbered; a session cookie shows in the page; some paths mark
// themselves shared, fail, set a cookie, carry the "do not keep" marker or need a members pass.
let renders = 0;
const seen: Array<{ url: string; fill: string | null; cookie: string | null; host: string | undefined; userAgent: string | undefined }> =
  [];
function app(req: IncomingMessage, res: ServerResponse): Promise<void> {
  renders += 1;
  seen.push({
    url: req.url!,
    fill: (req.headers["x-takes-page-fill"] as string) ?? null,
    cookie: req.headers.cookie ?? null,
    host: req.headers.host,
    userAgent: req.headers["user-agent"],
  });
  const viewer = /session-token/.test(req.headers.cookie ?? "") ? "signed-in" : "visitor";
  // The dashboard with a day chosen plays the real one: the same for everyone, but for browsers that have played.
  const dashboard = req.url!.startsWith("/?day=");
  const shared = req.url!.startsWith("/teams/") || dashboard ? '<meta name="takes-cache" content="shared"/>' : "";
  const pitch = dashboard && !/takes-played=1/.test(req.headers.cookie ?? "") ? "<p>the pitch</p>" : "";
  const uncached = req.url!.startsWith("/packs/broken") ? '<meta name="takes-cache" content="none"/>' : "";
  return new Promise((resolve) => {
    const respond = () => {
      resolve();
      if (req.url!.startsWith("/api/leaderboard?scope=contest")) {
        const member = /members_access=ok/.test(req.headers.cookie ?? "");
        res.writeHead(member ? 200 : 403, { "content-type": "application/json" });
        return res.end(JSON.stringify(member ? { success: true, rows: [] } : { success: false, error: "Members only." }));
      }
      if (req.url === "/packs/fails") {
        res.statusCode = 500;
        return res.end("boom");
      }
      if (req.url === "/packs/cookie") res.setHeader("set-cookie", "a=b");
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("content-security-policy", "default-src 'self'; script-src 'self' 'nonce-abc' 'strict-dynamic'; object-src 'none'");
      res.setHeader("cache-control", "private, no-store");
      res.end(
        "<!DOCTYPE html><html><head>" +
          shared +
          uncached +
          '<script src="/_next/x.js" async=""></script></head><body>' +
          pitch +
          "<p>render " +
          renders +
          " for " +
          viewer +
          " at " +
          req.url +
          "</p><script>self.n=" +
          renders +
          "</script><script>window.x=1</script></body></html>",
      );
    };
    setTimeout(respond, req.url!.startsWith("/packs/slow") ? 150 : 5);
  });
}

let port = 0;
let door: TestDoor["door"];
let close: TestDoor["close"];

beforeAll(async () => {
  const settings = readSettings([], {
    PAGE_CACHE_FRESH_MS: String(FRESH_MS),
    PAGE_CACHE_STALE_MS: "2000",
    NEXTAUTH_URL: "http://localhost:3000",
  });
  ({ door, port, close } = await openTestDoor(settings, app));
});

afterAll(() => close());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: pathname, method, headers: { host: "localhost:3000", ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const body = encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString("utf8") });
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const purge = () => door.bridge.pageCache!.purge();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SESSION = { cookie: "next-auth.session-token=abc; other=1" };

describe("the shared page cache in front of the app", () => {
  it("renders a public page once for many visitors and serves the copy compressed as each asks", async () => {
    purge();
    const before = renders;
    const first = await get("/packs", { "accept-encoding": "gzip, deflate, br" });
    const second = await get("/packs", { "accept-encoding": "gzip" });
    const third = await get("/packs");
    expect(first.headers["x-takes-cache"]).toBe("miss");
    expect(second.headers["x-takes-cache"]).toBe("hit");
    expect(first.headers["content-encoding"]).toBe("br");
    expect(second.headers["content-encoding"]).toBe("gzip");
    expect(third.headers["content-encoding"]).toBeUndefined();
    expect(new Set([first.body, second.body, third.body]).size).toBe(1);
    expect(renders - before).toBe(1);
    // Filled as a visitor, marked as the cache's own request.
    const fill = seen.at(-1)!;
    expect(fill).toMatchObject({ url: "/packs", fill: "1", cookie: null, userAgent: "takes-page-cache" });
    // A visitor's copy is not for a shared cache in front (it would reach signed-in players).
    expect(second.headers["cache-control"]).toBe("private, no-cache");
    expect(second.headers.vary).toContain("Accept-Encoding");
  });

  it("allows the copy's inline scripts by their hashes instead of a nonce many viewers would share", async () => {
    const answer = await get("/packs");
    const scriptSrc = String(answer.headers["content-security-policy"])
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src"))!;
    expect(scriptSrc).not.toContain("nonce-");
    expect(scriptSrc).not.toContain("strict-dynamic");
    expect(scriptSrc).toContain("'self'");
    const inline = [...answer.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (m) => `'sha256-${createHash("sha256").update(m[1]!).digest("base64")}'`,
    );
    expect(inline).toHaveLength(2);
    for (const hash of inline) expect(scriptSrc).toContain(hash);
    // The rest of the app's policy is kept as it was.
    expect(String(answer.headers["content-security-policy"])).toContain("object-src 'none'");
  });

  it("serves a signed-in player the visitor's copy only where the page says it is the same for everyone", async () => {
    const team = await get("/teams/giants", SESSION);
    expect(team.body).toContain("for visitor");
    expect(team.headers["x-takes-cache"]).toBe("miss");
    const again = await get("/teams/giants", SESSION);
    expect(again.headers["x-takes-cache"]).toBe("hit");
    expect(again.headers["cache-control"]).toContain("public");

    const feed = await get("/", SESSION);
    expect(feed.body).toContain("for signed-in");
    expect(feed.headers["x-takes-cache"]).toBeUndefined();
    // The visitor's copy exists now; the player still gets their own rendering, the visitor the copy.
    const before = renders;
    expect((await get("/", SESSION)).body).toContain("for signed-in");
    expect((await get("/")).headers["x-takes-cache"]).toBe("hit");
    expect(renders - before).toBe(1);
  });

  it("keeps the dashboard twice, for browsers that have played and the rest, and serves each to visitors and players alike", async () => {
    purge();
    const PLAYED = { cookie: "takes-played=1" };
    const newcomer = await get("/?day=all");
    expect(newcomer.body).toContain("the pitch");
    expect(seen.at(-1)).toMatchObject({ url: "/?day=all", fill: "1", cookie: null });
    const played = await get("/?day=all", PLAYED);
    expect(played.headers["x-takes-cache"]).toBe("miss");
    expect(played.body).not.toContain("the pitch");
    // The fill carries the mark and nothing else of the browser's cookies.
    expect(seen.at(-1)).toMatchObject({ url: "/?day=all", fill: "1", cookie: "takes-played=1" });

    const before = renders;
    const player = await get("/?day=all", { cookie: `${SESSION.cookie}; takes-played=1` });
    const newPlayer = await get("/?day=all", SESSION);
    expect(player.headers["x-takes-cache"]).toBe("hit");
    expect(player.body).not.toContain("the pitch");
    expect(newPlayer.headers["x-takes-cache"]).toBe("hit");
    expect(newPlayer.body).toContain("the pitch");
    expect(renders - before).toBe(0);
    // A cache in front would not tell the two copies apart: it keeps neither.
    expect(player.headers["cache-control"]).toBe("private, no-cache");
  });

  it("gives concurrent requests for an uncached page one rendering between them", async () => {
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("/packs/slow-1")));
    expect(answers.every((a) => a.status === 200 && a.body === answers[0]!.body)).toBe(true);
    expect(renders - before).toBe(1);
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
    purge();
    const after = await get("/leaderboard");
    expect(after.headers["x-takes-cache"]).toBe("miss");
    expect(after.body).not.toBe(first.body);
  });

  it("passes on answers that fail, set a cookie or say not to keep them, and keeps none of them", async () => {
    for (const url of ["/packs/fails", "/packs/cookie", "/packs/broken"]) {
      const before = renders;
      const one = await get(url);
      const two = await get(url);
      expect(two.headers["x-takes-cache"], url).toBe("miss");
      expect(renders - before, url).toBe(2);
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
    const before = seen.length;
    await get("/login", { "x-takes-page-fill": "1" });
    await get("/packs/posing", { "x-takes-page-fill": "1", ...SESSION });
    const since = seen.slice(before);
    expect(since.find((s) => s.url === "/login")?.fill).toBeNull();
    // The player's own rendering of a page not shared reaches the app without the private header.
    expect(since.filter((s) => s.url === "/packs/posing" && s.cookie).every((s) => s.fill === null)).toBe(true);
  });

  it("never keeps or serves a copy for a Host other than the site's own, however long", async () => {
    const real = await get("/packs/host");
    const before = renders;
    for (const host of ["evil.example", "x".repeat(12 * 1024), "LOCALHOST:3000.evil"]) {
      const forged = await get("/packs/host", { host });
      expect(forged.headers["x-takes-cache"], host.slice(0, 20)).toBeUndefined();
    }
    expect(renders - before).toBe(3);
    expect(seen.slice(-3).every((s) => s.fill === null)).toBe(true);
    expect((await get("/packs/host")).body).toBe(real.body);
  });

  it("fills for a viewer with a members pass are not a visitor's refusal: their board is rendered for them", async () => {
    const url = "/api/leaderboard?scope=contest&key=c1";
    const visitor = await get(url);
    expect(visitor.status).toBe(403);
    const member = await get(url, { cookie: "members_access=ok" });
    expect(member.status).toBe(200);
    expect(JSON.parse(member.body)).toEqual({ success: true, rows: [] });
    expect((await get(url)).status).toBe(403);
  });

  it("leaves router requests, frames, crawlers, writes and other paths to the app", async () => {
    const cases: Array<[string, Record<string, string>, string?]> = [
      ["/packs", { rsc: "1", "next-action": "abc" }],
      ["/packs", { rsc: "1" }],
      ["/packs?_rsc=1x2y", { rsc: "1", "next-router-state-tree": "%5B%22%22%5D" }],
      ["/packs", { "next-router-state-tree": "%5B%22%22%5D" }],
      ["/packs", { "next-router-prefetch": "1" }],
      ["/packs", { "sec-fetch-dest": "iframe" }],
      ["/packs/nope", { "sec-fetch-dest": "image" }],
      ["/packs", { "user-agent": "Twitterbot/1.0" }],
      ["/packs", { "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" }],
      ["/packs", { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36 Chrome-Lighthouse" }],
      ["/packs", { "user-agent": "Mozilla/5.0 (compatible; Google-InspectionTool/1.0)" }],
      ["/packs", {}, "POST"],
      ["/profile/someone", {}],
      ["/marketplace", {}],
    ];
    for (const [url, headers, method] of cases) {
      const answer = await get(url, headers, method);
      expect(answer.headers["x-takes-cache"], `${method ?? "GET"} ${url} ${JSON.stringify(headers)}`).toBeUndefined();
    }
  });

  it("leaves requests with query parameters the page does not read to the app, so made-up ones cannot crowd the cache", async () => {
    await get("/packs?league=nfl");
    expect((await get("/packs?league=nfl")).headers["x-takes-cache"]).toBe("hit");
    for (const url of [
      "/packs?utm_source=x",
      "/packs?league=nfl&league=mlb",
      "/packs?a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8&i=9",
      "/packs?_rsc=abc",
    ]) {
      expect((await get(url)).headers["x-takes-cache"], url).toBeUndefined();
    }
    // What the browser handles by itself is no reason to render again.
    await get("/packs?card=ABC");
    expect((await get("/packs?card=ABC")).headers["x-takes-cache"]).toBe("hit");
  });
});
