// The front door's own steps (src/front-door/server.ts, docs/decisions/052-one-owned-server.md) on a
// real HTTP server, with a stand-in for Next and a lane that show what reaches them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LaneRequest } from "./bridge";
import { readSettings } from "./server";
import { openTestDoor, type TestDoor } from "./test-door";

let base = "";
let door: TestDoor["door"];
let close: TestDoor["close"];
const laneSaw: LaneRequest[] = [];

beforeAll(async () => {
  let port: number;
  ({ door, port, close } = await openTestDoor(readSettings([], { PAGE_CACHE: "off" }), async (req, res) => {
    if (req.url === "/throws") throw new Error("a bug in a page");
    if (req.url === "/api/throws") throw new Error("a bug in a route");
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ from: "next", headers: req.headers, raw: req.rawHeaders }));
  }));
  door.bridge.routeLanes = [
    {
      method: "POST",
      pattern: /^\/api\/packs\/([^/]+)\/takes$/,
      async answer(request) {
        laneSaw.push(request);
        return Response.json({
          from: "lane",
          peer: request.headers.get("x-takes-peer-address"),
          fill: request.headers.get("x-takes-page-fill"),
          params: request.params,
        });
      },
    },
  ];
  base = `http://127.0.0.1:${port}`;
});

afterAll(() => close());

describe("the front door", () => {
  it("never lets a client's private headers reach Next: the peer address is the connection's own", async () => {
    const answer = await fetch(`${base}/packs`, {
      headers: { "x-takes-peer-address": "203.0.113.9", "X-Takes-Page-Fill": "1", "x-takes-anything": "x" },
    });
    const seen = (await answer.json()) as { headers: Record<string, string>; raw: string[] };
    expect(seen.headers["x-takes-peer-address"]).toBe("127.0.0.1");
    expect(seen.headers["x-takes-page-fill"]).toBeUndefined();
    expect(seen.headers["x-takes-anything"]).toBeUndefined();
    // Nor the raw list, which anything reading the request as sent would see.
    const rawPrivate = seen.raw.filter((_, i) => i % 2 === 0 && seen.raw[i]!.toLowerCase().startsWith("x-takes-"));
    expect(rawPrivate).toEqual(["x-takes-peer-address"]);
    expect(seen.raw[seen.raw.indexOf("x-takes-peer-address") + 1]).toBe("127.0.0.1");
  });

  it("hands the submission lane the cleaned headers too, with its path parameter decoded", async () => {
    const answer = await fetch(`${base}/api/packs/week%2012/takes?x=1`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-takes-peer-address": "203.0.113.9", "x-takes-page-fill": "1" },
      body: "{}",
    });
    expect(await answer.json()).toEqual({ from: "lane", peer: "127.0.0.1", fill: null, params: ["week 12"] });
    expect(laneSaw.at(-1)!.url.pathname).toBe("/api/packs/week%2012/takes");
  });

  it("answers a path that does not decode with a 400, JSON for the API and a page elsewhere", async () => {
    const api = await fetch(`${base}/api/profile/%zz`);
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ success: false, error: "That address is not valid." });
    const page = await fetch(`${base}/teams/%ED%A0%80`);
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await page.text()).toContain("That address is not valid.");
  });

  it("answers a request whose handler throws with a 500 in our own form, never Node's plain text", async () => {
    const api = await fetch(`${base}/api/throws`);
    expect(api.status).toBe(500);
    expect(await api.json()).toEqual({ success: false, error: "Something went wrong. Please try again." });
    const page = await fetch(`${base}/throws`);
    expect(page.status).toBe(500);
    expect(page.headers.get("content-type")).toContain("text/html");
  });

  it("gives every answer its own request id, its own refusals included", async () => {
    const ids = await Promise.all(
      [fetch(`${base}/packs`), fetch(`${base}/api/profile/%zz`)].map(async (p) => (await p).headers.get("x-request-id")),
    );
    expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(id ?? ""))).toBe(true);
    expect(new Set(ids).size).toBe(2);
  });
});

describe("the front door's settings", () => {
  it("listens where HOSTNAME says, as npm start leaves it, unless -H says otherwise", () => {
    expect(readSettings(["-p", "3000"], { HOSTNAME: "127.0.0.1" })).toMatchObject({ port: 3000, hostname: "127.0.0.1" });
    expect(readSettings(["-p", "3001", "-H", "::1"], { HOSTNAME: "127.0.0.1" })).toMatchObject({ port: 3001, hostname: "::1" });
    expect(readSettings(["--port=3002", "--hostname=0.0.0.0"], {})).toMatchObject({ port: 3002, hostname: "0.0.0.0" });
    expect(readSettings([], { PORT: "4000" })).toMatchObject({ port: 4000, hostname: undefined });
  });

  it("caches only the site's own host, and turns the cache and the lane off when asked", () => {
    expect(readSettings([], { NEXTAUTH_URL: "https://takes.example" }).pageCache).toMatchObject({
      siteHost: "takes.example",
      maxBytes: 64 * 1024 * 1024,
    });
    expect(readSettings([], { PAGE_CACHE: "off", ROUTE_LANES: "OFF" })).toMatchObject({ pageCache: null, routeLanes: false });
    expect(readSettings([], { PAGE_CACHE_MAX_MB: "8" }).pageCache?.maxBytes).toBe(8 * 1024 * 1024);
  });
});
