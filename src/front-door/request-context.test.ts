// The request context hook (src/front-door/request-context.ts, docs/decisions/029-request-context-and-metrics.md)
// in front of a real Node HTTP server: ids on answers and in the code that serves them, and the
// request histogram labelled by app route.
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestContext, routeLabeler } from "./request-context";

// The shape of Next's routes-manifest.json: the page and the regex of each route.
const labelRoute = routeLabeler({
  staticRoutes: [
    { page: "/", regex: "^/(?:/)?$" },
    { page: "/leaderboard", regex: "^/leaderboard(?:/)?$" },
  ],
  dynamicRoutes: [
    { page: "/packs/[packURL]", regex: "^/packs/([^/]+?)(?:/)?$" },
    { page: "/api/packs/[packURL]/takes", regex: "^/api/packs/([^/]+?)/takes(?:/)?$" },
  ],
});
const observed: Array<{ labels: Record<string, string>; seconds: number }> = [];
const context = createRequestContext({ labelRoute, histogram: { observe: (labels, seconds) => void observed.push({ labels, seconds }) } });
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) =>
    context.run(req, res, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      // Deep inside the request's own async work, the id is still the request's.
      res
        .writeHead(req.url === "/missing" ? 404 : 200, { "content-type": "text/plain" })
        .end(context.storage.getStore()?.requestId ?? "none");
    }),
  );
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("the request context", () => {
  it("gives every answer its own X-Request-Id, the same the serving code sees", async () => {
    const answers = await Promise.all([fetch(`${base}/`), fetch(`${base}/`), fetch(`${base}/leaderboard`)]);
    const ids = answers.map((answer) => answer.headers.get("x-request-id"));
    expect(new Set(ids).size).toBe(3);
    for (const [i, answer] of answers.entries()) expect(await answer.text()).toBe(ids[i]);
  });

  it("counts each request by method, app route and status, with its latency", async () => {
    observed.length = 0;
    await (await fetch(`${base}/packs/giants-commanders-week-12?ref=x`)).text();
    await (await fetch(`${base}/api/packs/giants-commanders-week-12/takes`, { method: "POST", body: "{}" })).text();
    await (await fetch(`${base}/missing`)).text();
    await (await fetch(`${base}/_next/static/chunks/app.js`)).text();
    expect(observed.map((entry) => entry.labels)).toEqual([
      { method: "GET", route: "/packs/[packURL]", status: "200" },
      { method: "POST", route: "/api/packs/[packURL]/takes", status: "200" },
      { method: "GET", route: "other", status: "404" },
      { method: "GET", route: "/_next", status: "200" },
    ]);
    expect(observed.every((entry) => entry.seconds >= 0.004)).toBe(true);
  });

  it("labels a flood of made-up paths as one route", () => {
    const labels = new Set(Array.from({ length: 100 }, (_, i) => labelRoute(`/nothing-${i}/here`)));
    expect([...labels]).toEqual(["other"]);
  });
});
