// The route lanes (docs/decisions/026-route-lane.md) over real HTTP: the production server's front
// door (src/front-door/server.ts) with the submission route's own POST and the session answer
// offered as its lanes and a stand-in for Next behind it. Every answer a player or an attacker gets
// must be the one Next's route gives: stored takes, the session and its balance, the edge's
// refusals, and the headers next.config.ts adds; and the connection must go on serving after any.
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import net from "node:net";
import { GET as authRoute } from "@/app/api/auth/[...nextauth]/route";
import { POST as submitTakesRoute } from "@/app/api/packs/[packURL]/takes/route";
import { handleNextAuthRequest } from "@/server/auth/next-auth-handler";
import { revokeSessions } from "@/server/auth/revoke-sessions";
import { appendLedgerEntry } from "@/server/ledger/append-ledger-entry";
import { createFrontDoor, readSettings } from "@/front-door/server";
import { getDb } from "@/server/db/client";
import { receipts, takes } from "@/server/db/schema";
import { laneFor } from "@/server/http/route-lane";
import { apiRequest, createProfile, sessionCookieFor, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createTestPack, type TestPack } from "../helpers/packs";

const lane = laneFor({ method: "POST", pattern: /^\/api\/packs\/([^/]+)\/takes$/, params: ["packURL"] }, submitTakesRoute);
// As src/app/api/auth/[...nextauth]/route.ts offers it.
const sessionLane = laneFor({ method: "GET", pattern: /^\/api\/auth\/session$/, params: [] }, (req) =>
  handleNextAuthRequest(req, ["session"]),
);

let server: http.Server;
let base: string;
let pack: TestPack;
/** Requests the lane declined, which Next would have answered. */
const toNext: string[] = [];

beforeAll(async () => {
  await createTestDb();
  pack = await createTestPack({ props: 3 });
  const door = createFrontDoor({
    settings: { ...readSettings([], { PAGE_CACHE: "off" }), port: 0 },
    server: () => server,
    distDir: "/nonexistent",
    next: async (req, res) => {
      toNext.push(`${req.method} ${req.url}`);
      res.writeHead(418).end();
    },
  });
  door.bridge.routeLanes = [lane, sessionLane];
  server = http.createServer(door.listener);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await closeTestDb();
});

const picks = (side: "A" | "B") => ({ takes: pack.props.map((p) => ({ propId: p.id, side })), idempotencyKey: randomUUID() });

async function post(path: string, options: { as?: TestProfile; headers?: Record<string, string>; body?: string | Blob } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
  if (options.as) headers.cookie = await sessionCookieFor(options.as);
  const response = await fetch(`${base}${path}`, { method: "POST", headers, body: options.body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const storedTakes = async (player: TestProfile) => (await getDb()).select().from(takes).where(eq(takes.profileId, player.id));

describe("the submission lane", () => {
  it("stores a player's picks and answers with the receipt and ticket, as the route does", async () => {
    const player = await createProfile();
    const answer = await post(`/api/packs/${pack.packURL}/takes`, { as: player, body: JSON.stringify(picks("A")) });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, stored: true });
    expect(answer.body!.takes).toHaveLength(3);
    const rows = await storedTakes(player);
    expect(rows.filter((t) => t.isCurrent).map((t) => t.side)).toEqual(["A", "A", "A"]);
    const [receipt] = await (await getDb()).select().from(receipts).where(eq(receipts.profileId, player.id));
    expect(answer.body!.receiptId).toBe(receipt!.id);
  });

  it("sends the security headers next.config.ts puts on every answer, and a length instead of chunks", async () => {
    const player = await createProfile();
    const answer = await post(`/api/packs/${pack.packURL}/takes`, { as: player, body: JSON.stringify(picks("B")) });
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(answer.headers.get("permissions-policy")).toContain("camera=()");
    expect(answer.headers.get("content-type")).toContain("application/json");
    expect(Number(answer.headers.get("content-length"))).toBeGreaterThan(0);
    expect(answer.headers.get("strict-transport-security")).toBeNull();
    const behindTls = await post(`/api/packs/${pack.packURL}/takes`, {
      as: player,
      headers: { "x-forwarded-proto": "https" },
      body: JSON.stringify(picks("A")),
    });
    expect(behindTls.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("refuses a signed-out submission with 401 and stores nothing", async () => {
    const answer = await post(`/api/packs/${pack.packURL}/takes`, { body: JSON.stringify(picks("A")) });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ success: false });
  });

  it("refuses another origin's write (403) and a text/plain form post (415) before reading the body", async () => {
    const player = await createProfile();
    const crossOrigin = await post(`/api/packs/${pack.packURL}/takes`, {
      as: player,
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      body: JSON.stringify(picks("A")),
    });
    expect(crossOrigin.status).toBe(403);
    const form = await post(`/api/packs/${pack.packURL}/takes`, {
      as: player,
      headers: { "content-type": "text/plain" },
      body: JSON.stringify(picks("A")),
    });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ success: false, error: "Send the request body as application/json." });
    expect(await storedTakes(player)).toHaveLength(0);
  });

  it("refuses a body over the limit with 413, declared or streamed, and keeps serving", async () => {
    const player = await createProfile();
    const huge = JSON.stringify({ ...picks("A"), padding: "x".repeat(70 * 1024) });
    const declared = await post(`/api/packs/${pack.packURL}/takes`, { as: player, body: huge });
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ success: false, error: "Request body is too large." });

    // Chunked: no length declared, so the handler's reader must stop at the limit itself.
    const cookie = await sessionCookieFor(player);
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${base}/api/packs/${pack.packURL}/takes`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, "transfer-encoding": "chunked" },
      });
      req.on("response", (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.on("error", (error) => (error.message.includes("socket hang up") ? undefined : reject(error)));
      const chunk = "y".repeat(16 * 1024);
      for (let i = 0; i < 8; i++) req.write(chunk);
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toEqual({ success: false, error: "Request body is too large." });
    expect(await storedTakes(player)).toHaveLength(0);

    const after = await post(`/api/packs/${pack.packURL}/takes`, { as: player, body: JSON.stringify(picks("A")) });
    expect(after.status).toBe(200);
  });

  it("answers broken UTF-8 and malformed JSON with 400, never a 500", async () => {
    const player = await createProfile();
    const brokenUtf8 = await post(`/api/packs/${pack.packURL}/takes`, {
      as: player,
      body: new Blob([new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])]),
    });
    expect(brokenUtf8.status).toBe(400);
    const malformed = await post(`/api/packs/${pack.packURL}/takes`, { as: player, body: '{"takes": [' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ success: false, error: "Invalid JSON body." });
  });

  it("decodes the pack's address as Next does: an unknown pack is a 404 JSON answer", async () => {
    const player = await createProfile();
    const answer = await post(`/api/packs/${encodeURIComponent("no such pack")}/takes?x=1`, {
      as: player,
      body: JSON.stringify(picks("A")),
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false });
  });

  it("leaves to Next what it does not take: other methods and paths", async () => {
    const player = await createProfile();
    toNext.length = 0;
    await post(`/api/packs/${pack.packURL}/takes/`, { as: player, body: JSON.stringify(picks("A")) });
    await fetch(`${base}/api/packs/${pack.packURL}/takes`);
    expect(toNext).toEqual([`POST /api/packs/${pack.packURL}/takes/`, `GET /api/packs/${pack.packURL}/takes`]);
  });

  it("refuses an escape that does not decode with a 400 JSON answer, before the lane or Next", async () => {
    const player = await createProfile();
    toNext.length = 0;
    const answer = await post(`/api/packs/%E0%A4%A/takes`, { as: player, body: JSON.stringify(picks("A")) });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error: "That address is not valid." });
    expect(toNext).toEqual([]);
  });

  it("answers the next request on the same connection after refusing a signed-out post of 600 KB it never read", async () => {
    // Issue 36: the lane answered 401 without reading the body and left the connection paused;
    // the next request on it (behind nginx, another player's) was never answered.
    const body = JSON.stringify({ ...picks("A"), padding: "x".repeat(600 * 1024) });
    const socket = net.connect(Number(new URL(base).port), "127.0.0.1");
    await once(socket, "connect");
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    const head = (length: number) =>
      `POST /api/packs/${pack.packURL}/takes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
    socket.write(head(Buffer.byteLength(body)));
    socket.write(body);
    socket.write(`GET /api/ping HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const deadline = Date.now() + 10_000;
    while (!/HTTP\/1\.1 418/.test(received) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.destroy();
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
    expect(statuses).toEqual(["401", "418"]);
  });
});

describe("the session lane", () => {
  const session = async (cookie?: string) => {
    const response = await fetch(`${base}/api/auth/session`, { headers: cookie ? { cookie } : {} });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  };

  it("answers a player's session with their balance and a renewed cookie, the same answer as the route's", async () => {
    const player = await createProfile();
    const db = await getDb();
    await appendLedgerEntry(db, {
      profileId: player.id,
      amountCents: 12_345,
      kind: "admin_adjustment",
      businessKey: `lane-test:${player.id}`,
    });
    toNext.length = 0;
    const viaLane = await session(await sessionCookieFor(player));
    expect(toNext).toEqual([]);
    expect(viaLane.status).toBe(200);
    expect(viaLane.body.user).toEqual({
      id: player.id,
      profileID: player.handle,
      phone: player.phone,
      superAdmin: false,
      tokensBalance: 123.45,
    });
    expect(viaLane.headers.getSetCookie().some((cookie) => cookie.startsWith("next-auth.session-token=ey"))).toBe(true);
    expect(viaLane.headers.get("cache-control")).toContain("no-store");
    expect(viaLane.headers.get("x-content-type-options")).toBe("nosniff");

    const viaRoute = await authRoute(await apiRequest("/api/auth/session", { as: player }), {
      params: Promise.resolve({ nextauth: ["session"] }),
    });
    const routeBody = (await viaRoute.json()) as Record<string, unknown>;
    expect(viaLane.body).toEqual({ ...routeBody, expires: viaLane.body.expires });
  });

  it("answers a visitor and a logged-out token with an empty session, clearing the revoked cookie", async () => {
    expect((await session()).body).toEqual({});
    const player = await createProfile();
    const cookie = await sessionCookieFor(player);
    await revokeSessions({ profileId: player.id });
    const revoked = await session(cookie);
    expect(revoked.body).toEqual({});
    expect(revoked.headers.getSetCookie()).toContain("next-auth.session-token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
  });

  it("answers a GET that carries a body and goes on serving the connection", async () => {
    const socket = net.connect(Number(new URL(base).port), "127.0.0.1");
    await once(socket, "connect");
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    const junk = "z".repeat(64 * 1024);
    socket.write(`GET /api/auth/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${junk.length}\r\n\r\n${junk}`);
    socket.write(`GET /api/ping HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const deadline = Date.now() + 10_000;
    while (!/HTTP\/1\.1 418/.test(received) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.destroy();
    expect([...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1])).toEqual(["200", "418"]);
  });

  it("leaves the session update (POST) and next-auth's other routes to Next", async () => {
    toNext.length = 0;
    await fetch(`${base}/api/auth/session`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    await fetch(`${base}/api/auth/csrf`);
    expect(toNext).toEqual(["POST /api/auth/session", "GET /api/auth/csrf"]);
  });
});
