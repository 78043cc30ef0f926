// The request edge every API route shares (docs/decisions/017-request-edge.md),
// driven the way the outside attack on the production build did: writes from
// another origin or as text/plain, null bytes and broken UTF-8, bodies larger
// than the limit (declared, and streamed without a length), and a player
// writing faster than any fan would.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetServerEnvCache } from "@/env";
import { POST as followTeamRoute } from "@/app/api/follow/team/route";
import { POST as submitTakesRoute } from "@/app/api/packs/[packURL]/takes/route";
import { POST as claimAwardRoute } from "@/app/api/awards/redeem/route";
import { POST as redeemItemRoute } from "@/app/api/marketplace/redeem/route";
import { POST as sendCodeRoute } from "@/app/api/sendCode/route";
import { GET as marketplaceItemsRoute } from "@/app/api/marketplace/items/route";
import { POST as challengeRoute } from "@/app/api/h2h/route";
import { POST as respondRoute } from "@/app/api/h2h/[challengeId]/respond/route";
import { GET as adminItemRoute } from "@/app/api/admin/items/[itemID]/route";
import { GET as adminTeamsRoute } from "@/app/api/admin/teams/route";
import { GET as adminPackRoute } from "@/app/api/admin/packs/[packId]/route";
import { POST as packStatusRoute } from "@/app/api/admin/packs/[packId]/status/route";
import { PUT as packReminderRoute } from "@/app/api/notifications/pack-reminder/route";
import { getDb } from "@/server/db/client";
import { awardClaims, exchanges, follows, packReminderRequests, smsOutbox, takes } from "@/server/db/schema";
import { createProfile, sessionCookieFor, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createTestPack, type TestPack } from "../helpers/packs";
import { authRequest } from "../helpers/sign-in";
import { insertCard, insertTeam } from "./awards-fixtures";
import { CONTACT, codesFor, createItem, giveDiamonds } from "./marketplace-fixtures";

const APP = "http://localhost:3000";
const SIBLING = "http://shop.localhost:3000";

interface RawRequest {
  method?: string;
  as?: TestProfile;
  headers?: Record<string, string>;
  body?: string | Uint8Array | ReadableStream<Uint8Array>;
  params?: Record<string, string>;
}

/** Calls a route handler with exactly the headers and body bytes given (no Content-Type added). */
async function send<P extends Record<string, string>>(
  route: (req: NextRequest, ctx: { params: Promise<P> }) => Promise<Response>,
  url: string,
  request: RawRequest = {},
) {
  const headers: Record<string, string> = { ...request.headers };
  if (request.as) headers.cookie = await sessionCookieFor(request.as);
  const init: RequestInit & { duplex?: "half" } = { method: request.method ?? "POST", headers, body: request.body as BodyInit | undefined };
  if (request.body instanceof ReadableStream) init.duplex = "half";
  const response = await route(new NextRequest(new URL(url, APP), init as ConstructorParameters<typeof NextRequest>[1]), {
    params: Promise.resolve((request.params ?? {}) as P),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
}

const asJson = (value: unknown) => ({ "content-type": "application/json", body: JSON.stringify(value) });
const jsonPost = (value: unknown, headers: Record<string, string> = {}) => {
  const { body, ...contentType } = asJson(value);
  return { headers: { ...contentType, ...headers }, body };
};

const smsLogFile = path.join(mkdtempSync(path.join(tmpdir(), "takes-edge-sms-")), "sms.log");
let pack: TestPack;

beforeAll(async () => {
  process.env.SMS_TRANSPORT = "log";
  process.env.SMS_LOG_FILE = smsLogFile;
  resetServerEnvCache();
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
  await insertTeam({ slug: "eagles", name: "Eagles", fullName: "Philadelphia Eagles" });
  pack = await createTestPack({ props: 2 });
});
afterAll(closeTestDb);

async function followsOf(player: TestProfile) {
  return (await getDb()).select().from(follows).where(eq(follows.profileId, player.id));
}

/** The four writes the attack page made a signed-in player perform, each with its own "nothing happened" check. */
async function attackedWrites(player: TestProfile) {
  const db = await getDb();
  const item = await createItem({ tokens: 100 }, codesFor(`EDGE${player.handle}`, 2));
  await giveDiamonds(player.id, 500);
  const card = await insertCard({ code: `edge-${randomUUID().slice(0, 8)}` });
  return [
    {
      name: "follow a team",
      call: (headers: Record<string, string>, contentType = "application/json") =>
        send(followTeamRoute, "/api/follow/team", {
          as: player,
          headers: { "content-type": contentType, ...headers },
          body: JSON.stringify({ teamSlug: "eagles" }),
        }),
      unchanged: async () => expect(await followsOf(player)).toHaveLength(0),
    },
    {
      name: "submit takes",
      call: (headers: Record<string, string>, contentType = "application/json") =>
        send(submitTakesRoute, `/api/packs/${pack.packURL}/takes`, {
          as: player,
          headers: { "content-type": contentType, ...headers },
          body: JSON.stringify({ takes: [{ propId: pack.props[0]!.id, side: "A" }], idempotencyKey: randomUUID() }),
          params: { packURL: pack.packURL },
        }),
      unchanged: async () => expect(await db.select().from(takes).where(eq(takes.profileId, player.id))).toHaveLength(0),
    },
    {
      name: "claim an award",
      call: (headers: Record<string, string>, contentType = "application/json") =>
        send(claimAwardRoute, "/api/awards/redeem", {
          as: player,
          headers: { "content-type": contentType, ...headers },
          body: JSON.stringify({ code: card.code }),
        }),
      unchanged: async () => expect(await db.select().from(awardClaims).where(eq(awardClaims.profileId, player.id))).toHaveLength(0),
    },
    {
      name: "redeem an item",
      call: (headers: Record<string, string>, contentType = "application/json") =>
        send(redeemItemRoute, "/api/marketplace/redeem", {
          as: player,
          headers: { "content-type": contentType, ...headers },
          body: JSON.stringify({ itemID: item.id, contact: CONTACT, agreedToTerms: true }),
        }),
      unchanged: async () => expect(await db.select().from(exchanges).where(eq(exchanges.profileId, player.id))).toHaveLength(0),
    },
    {
      name: "ask for a pack's reminder",
      call: (headers: Record<string, string>, contentType = "application/json") =>
        send(packReminderRoute, "/api/notifications/pack-reminder", {
          as: player,
          method: "PUT",
          headers: { "content-type": contentType, ...headers },
          body: JSON.stringify({ packURL: pack.packURL, on: true }),
        }),
      unchanged: async () =>
        expect(await db.select().from(packReminderRequests).where(eq(packReminderRequests.profileId, player.id))).toHaveLength(0),
    },
  ];
}

describe("writes from another origin", () => {
  it("a text/plain form post (what an auto-submitted form sends) follows, takes, claims and redeems nothing: 415", async () => {
    const player = await createProfile();
    for (const write of await attackedWrites(player)) {
      const answer = await write.call({}, "text/plain");
      expect(answer.status, write.name).toBe(415);
      expect(answer.body, write.name).toEqual({ success: false, error: "Send the request body as application/json." });
      await write.unchanged();
    }
  });

  it("a urlencoded or multipart form post is refused the same way", async () => {
    const player = await createProfile();
    const [follow] = await attackedWrites(player);
    expect((await follow!.call({}, "application/x-www-form-urlencoded")).status).toBe(415);
    expect((await follow!.call({}, "multipart/form-data; boundary=x")).status).toBe(415);
    await follow!.unchanged();
  });

  it("a JSON body sent without any Content-Type is refused, not guessed", async () => {
    const player = await createProfile();
    const answer = await send(followTeamRoute, "/api/follow/team", { as: player, body: JSON.stringify({ teamSlug: "eagles" }) });
    expect(answer.status).toBe(415);
    expect(await followsOf(player)).toHaveLength(0);
  });

  it("a foreign Origin follows, takes, claims and redeems nothing: 403", async () => {
    const player = await createProfile();
    for (const origin of ["https://evil.example", SIBLING, "null"]) {
      for (const write of await attackedWrites(player)) {
        const answer = await write.call({ origin });
        expect(answer.status, `${write.name} from ${origin}`).toBe(403);
        expect(answer.body).toEqual({ success: false, error: "Cross-origin requests are not allowed." });
        await write.unchanged();
      }
    }
  });

  it("a browser's Sec-Fetch-Site: same-site or cross-site is refused even without an Origin", async () => {
    const player = await createProfile();
    const [follow] = await attackedWrites(player);
    expect((await follow!.call({ "sec-fetch-site": "same-site" })).status).toBe(403);
    expect((await follow!.call({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    await follow!.unchanged();
  });

  it("another site cannot make its visitors text sign-in codes", async () => {
    const answer = await send(
      sendCodeRoute,
      "/api/sendCode",
      jsonPost({ phone: "5557770001" }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" }),
    );
    expect(answer.status).toBe(403);
    const texts = await (await getDb()).select().from(smsOutbox).where(eq(smsOutbox.toPhone, "+15557770001"));
    expect(texts).toHaveLength(0);
  });

  it("our own pages' writes work: Origin of this host, of NEXTAUTH_URL behind a proxy, or Sec-Fetch-Site: same-origin", async () => {
    const player = await createProfile();
    const [follow] = await attackedWrites(player);
    expect((await follow!.call({ origin: APP })).status).toBe(200);
    expect((await follow!.call({ origin: APP, "sec-fetch-site": "same-origin" })).status).toBe(200);
    // Behind a proxy the app may see an internal Host; the configured public address still counts as ours.
    expect((await follow!.call({ host: "10.0.0.5:3000", origin: new URL(process.env.NEXTAUTH_URL ?? APP).origin })).status).toBe(200);
    expect((await follow!.call({ host: "10.0.0.5:3000", origin: "https://evil.example", "sec-fetch-site": "same-origin" })).status).toBe(
      200,
    );
    expect(await followsOf(player)).toHaveLength(1);
  });

  it("a client that sends neither Origin nor Sec-Fetch-Site (curl, a server, the mobile app) still writes", async () => {
    const player = await createProfile();
    const [follow, submit] = await attackedWrites(player);
    expect((await follow!.call({})).status).toBe(200);
    expect((await submit!.call({})).status).toBe(200);
    expect(await followsOf(player)).toHaveLength(1);
    const sent = await send(sendCodeRoute, "/api/sendCode", jsonPost({ phone: "5557770002" }));
    expect(sent.status).toBe(200);
  });

  it("next-auth's sign-out and credentials callback refuse a foreign Origin and text/plain, and keep working for our own forms", async () => {
    const signOut = (headers: Record<string, string>) =>
      handleAuth("signout", {
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "csrfToken=x&json=true",
      });
    expect((await signOut({ origin: "https://evil.example" })).status).toBe(403);
    expect((await signOut({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    const plain = await handleAuth("callback/credentials", {
      headers: { "content-type": "text/plain", origin: APP },
      body: "phone=5557770003&code=123456",
    });
    expect(plain.status).toBe(415);
    expect((await authRequest("csrf")).status).toBe(200);
    const ownForm = await handleAuth("signout", {
      headers: { "content-type": "application/x-www-form-urlencoded", origin: APP },
      body: "json=true",
    });
    expect(ownForm.status).toBeLessThan(400);
  });
});

async function handleAuth(segments: string, init: { headers: Record<string, string>; body: string }) {
  const { handleNextAuthRequest } = await import("@/server/auth/next-auth-handler");
  const request = new NextRequest(new URL(`/api/auth/${segments}`, APP), { method: "POST", headers: init.headers, body: init.body });
  return handleNextAuthRequest(request, segments.split("/"));
}

describe("text PostgreSQL cannot store", () => {
  it("a null byte in a query string is a 400 with a clear message, not a 500", async () => {
    const admin = await createProfile({ superAdmin: true });
    const items = await send(marketplaceItemsRoute, "/api/marketplace/items?teamSlug=a%00b", { method: "GET" });
    expect(items).toMatchObject({
      status: 400,
      body: { success: false, error: "The query string contains a null character or invalid Unicode." },
    });
    const teams = await send(adminTeamsRoute, "/api/admin/teams?league=nfl&search=%00", { method: "GET", as: admin });
    expect(teams.status).toBe(400);
  });

  it("a null byte in a route parameter is a 400", async () => {
    const admin = await createProfile({ superAdmin: true });
    const item = await send(adminItemRoute, "/api/admin/items/a%00b", { method: "GET", as: admin, params: { itemID: "a\u0000b" } });
    expect(item).toMatchObject({
      status: 400,
      body: { success: false, error: "The address contains a null character or invalid Unicode." },
    });
    const player = await createProfile();
    const respond = await send(respondRoute, "/api/h2h/x/respond", {
      as: player,
      ...jsonPost({ accept: true }),
      params: { challengeId: "\u0000" },
    });
    expect(respond.status).toBe(400);
  });

  it("a null byte or a lone surrogate in a JSON body is a 400 and stores nothing", async () => {
    const player = await createProfile();
    const nul = await send(followTeamRoute, "/api/follow/team", {
      as: player,
      headers: { "content-type": "application/json" },
      body: '{"teamSlug":"eag\\u0000les"}',
    });
    expect(nul).toMatchObject({
      status: 400,
      body: { success: false, error: "The request body contains a null character or invalid Unicode." },
    });
    const surrogate = await send(challengeRoute, "/api/h2h", {
      as: player,
      headers: { "content-type": "application/json" },
      body: '{"packURL":"p","opponent":"\\ud800x"}',
    });
    expect(surrogate.status).toBe(400);
    const key = await send(followTeamRoute, "/api/follow/team", {
      as: player,
      headers: { "content-type": "application/json" },
      body: '{"teamSlug":"eagles","\\u0000":1}',
    });
    expect(key.status).toBe(400);
    expect(await followsOf(player)).toHaveLength(0);
  });

  it("a body that is not valid UTF-8 is a 400", async () => {
    const player = await createProfile();
    const bytes = new Uint8Array([...new TextEncoder().encode('{"teamSlug":"eag'), 0xff, 0xfe, ...new TextEncoder().encode('les"}')]);
    const answer = await send(followTeamRoute, "/api/follow/team", {
      as: player,
      headers: { "content-type": "application/json" },
      body: bytes,
    });
    expect(answer).toMatchObject({ status: 400, body: { success: false, error: "Request body is not valid UTF-8." } });
    expect(await followsOf(player)).toHaveLength(0);
  });
});

describe("route parameters", () => {
  it("an id that is no uuid is the route's own 404 for an admin and still a 401 for a visitor, and an upper-case uuid reaches the same record", async () => {
    const admin = await createProfile({ superAdmin: true });
    const visitorRead = await send(adminPackRoute, "/api/admin/packs/not-a-uuid", { method: "GET", params: { packId: "not-a-uuid" } });
    expect(visitorRead).toMatchObject({ status: 401, body: { success: false } });
    const adminRead = await send(adminPackRoute, "/api/admin/packs/not-a-uuid", {
      method: "GET",
      as: admin,
      params: { packId: "not-a-uuid" },
    });
    expect(adminRead).toMatchObject({ status: 404, body: { success: false, error: "Pack not found" } });
    // A write is checked in the same order: the edge, then the admin, then the id, then the body.
    const visitorWrite = await send(packStatusRoute, "/api/admin/packs/x/status", {
      ...jsonPost({ status: "open" }),
      params: { packId: "x" },
    });
    expect(visitorWrite.status).toBe(401);
    const adminWrite = await send(packStatusRoute, "/api/admin/packs/x/status", { as: admin, ...jsonPost({}), params: { packId: "x" } });
    expect(adminWrite).toMatchObject({ status: 404, body: { success: false, error: "Pack not found" } });
    const shouted = pack.id.toUpperCase();
    const upper = await send(adminPackRoute, `/api/admin/packs/${shouted}`, { method: "GET", as: admin, params: { packId: shouted } });
    expect(upper.status).toBe(200);
    expect((upper.body?.pack as { id: string }).id).toBe(pack.id);
  });
});

/** A body that streams `chunk` forever (no Content-Length), counting what the server pulled. */
function endlessBody(chunk: Uint8Array) {
  const counter = { bytesPulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      counter.bytesPulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, counter };
}

describe("body size in bytes", () => {
  it("a body under 64K characters but over 64 KB of UTF-8 (two-byte letters) is a 413", async () => {
    const player = await createProfile();
    const body = JSON.stringify({ teamSlug: "é".repeat(40_000) });
    expect(body.length).toBeLessThan(64 * 1024);
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
    });
    const answer = await send(followTeamRoute, "/api/follow/team", {
      as: player,
      headers: { "content-type": "application/json" },
      body: streamed,
    });
    expect(answer).toMatchObject({ status: 413, body: { success: false, error: "Request body is too large." } });
  });

  it("a declared Content-Length over the limit is refused before the body is read", async () => {
    const player = await createProfile();
    const { stream, counter } = endlessBody(new Uint8Array(16 * 1024).fill(0x20));
    const answer = await send(followTeamRoute, "/api/follow/team", {
      as: player,
      headers: { "content-type": "application/json", "content-length": String(100 * 1024 * 1024) },
      body: stream,
    });
    expect(answer.status).toBe(413);
    expect(counter.bytesPulled).toBeLessThanOrEqual(64 * 1024);
  });

  it("an endless chunked body gets a 413, and the server stops reading it after a megabyte at most", async () => {
    const player = await createProfile();
    const { stream, counter } = endlessBody(new TextEncoder().encode(`{"teamSlug":"${"😀".repeat(4096)}`));
    const answer = await send(followTeamRoute, "/api/follow/team", {
      as: player,
      headers: { "content-type": "application/json" },
      body: stream,
    });
    expect(answer.status).toBe(413);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const pulled = counter.bytesPulled;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(counter.bytesPulled).toBe(pulled);
    expect(pulled).toBeLessThan(64 * 1024 + 1024 * 1024 + 64 * 1024);
  });
});

describe("write-rate limits", () => {
  // The limits count per clock minute: hold the clock still so a run never straddles two.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a player writing faster than any fan gets a 429 with Retry-After; another player is unaffected", async () => {
    const [flooder, fan] = [await createProfile(), await createProfile()];
    const follow = (player: TestProfile) => send(followTeamRoute, "/api/follow/team", { as: player, ...jsonPost({ teamSlug: "eagles" }) });
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await follow(flooder)).status);
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    const refused = await follow(flooder);
    expect(statuses[120]).toBe(429);
    expect(refused).toMatchObject({
      status: 429,
      body: { success: false, error: "You're doing that too often. Please wait a minute and try again." },
    });
    expect(refused.headers.get("retry-after")).toBe("59");
    expect((await follow(fan)).status).toBe(200);
  });

  it("spending has a lower ceiling: the 61st redemption attempt in a minute is a 429", async () => {
    const player = await createProfile();
    const redeem = () =>
      send(redeemItemRoute, "/api/marketplace/redeem", {
        as: player,
        ...jsonPost({ itemID: "missing", contact: CONTACT, agreedToTerms: true }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await redeem()).status);
    expect(statuses.slice(0, 60).every((status) => status !== 429)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
