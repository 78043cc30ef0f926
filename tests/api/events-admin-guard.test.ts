// Every admin route of issue 8 (events, teams, packs, props, AI, players, API
// tester, audit, /api/props): 401 for a visitor, 403 for a signed-in player,
// and nothing written either way. The repository-wide authorization sweep
// checks the same for routes found on disk; this list pins down ours.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createProfile, sessionCookieFor, type TestProfile } from "../helpers/auth";

const ID = "00000000-0000-4000-8000-000000000001";
const body = JSON.stringify({ league: "nfl", year: 2025, week: 1, date: "20250604", eventId: ID, title: "x", packUrl: "x" });

const ROUTES: Array<[string, string, () => Promise<Record<string, unknown>>, Record<string, string>?]> = [
  ["GET", "/api/admin/eventLeagues", () => import("@/app/api/admin/eventLeagues/route")],
  ["GET", "/api/admin/eventsByDate?date=2025-06-04&league=mlb&tz=America/New_York", () => import("@/app/api/admin/eventsByDate/route")],
  ["POST", "/api/admin/fetchNflEvents", () => import("@/app/api/admin/fetchNflEvents/route")],
  ["POST", "/api/admin/fetchMlbEvents", () => import("@/app/api/admin/fetchMlbEvents/route")],
  ["POST", "/api/admin/fetchTeams", () => import("@/app/api/admin/fetchTeams/route")],
  ["GET", "/api/admin/aiConfig", () => import("@/app/api/admin/aiConfig/route")],
  ["POST", "/api/admin/generatePropSummary", () => import("@/app/api/admin/generatePropSummary/route")],
  ["GET", "/api/admin/events", () => import("@/app/api/admin/events/route")],
  ["GET", `/api/admin/events/${ID}`, () => import("@/app/api/admin/events/[eventId]/route"), { eventId: ID }],
  ["DELETE", `/api/admin/events/${ID}`, () => import("@/app/api/admin/events/[eventId]/route"), { eventId: ID }],
  ["POST", `/api/admin/events/${ID}/cover`, () => import("@/app/api/admin/events/[eventId]/cover/route"), { eventId: ID }],
  ["GET", `/api/admin/events/${ID}/odds`, () => import("@/app/api/admin/events/[eventId]/odds/route"), { eventId: ID }],
  ["GET", "/api/admin/packs", () => import("@/app/api/admin/packs/route")],
  ["POST", "/api/admin/packs", () => import("@/app/api/admin/packs/route")],
  ["GET", `/api/admin/packs/${ID}`, () => import("@/app/api/admin/packs/[packId]/route"), { packId: ID }],
  ["PATCH", `/api/admin/packs/${ID}`, () => import("@/app/api/admin/packs/[packId]/route"), { packId: ID }],
  ["DELETE", `/api/admin/packs/${ID}`, () => import("@/app/api/admin/packs/[packId]/route"), { packId: ID }],
  ["POST", `/api/admin/packs/${ID}/status`, () => import("@/app/api/admin/packs/[packId]/status/route"), { packId: ID }],
  ["POST", `/api/admin/packs/${ID}/featured`, () => import("@/app/api/admin/packs/[packId]/featured/route"), { packId: ID }],
  ["POST", `/api/admin/packs/${ID}/props`, () => import("@/app/api/admin/packs/[packId]/props/route"), { packId: ID }],
  ["PUT", `/api/admin/packs/${ID}/props`, () => import("@/app/api/admin/packs/[packId]/props/route"), { packId: ID }],
  ["POST", "/api/admin/props", () => import("@/app/api/admin/props/route")],
  ["POST", "/api/admin/props/super", () => import("@/app/api/admin/props/super/route")],
  ["GET", `/api/admin/props/${ID}`, () => import("@/app/api/admin/props/[propId]/route"), { propId: ID }],
  ["PATCH", `/api/admin/props/${ID}`, () => import("@/app/api/admin/props/[propId]/route"), { propId: ID }],
  ["DELETE", `/api/admin/props/${ID}`, () => import("@/app/api/admin/props/[propId]/route"), { propId: ID }],
  ["POST", `/api/admin/props/${ID}/status`, () => import("@/app/api/admin/props/[propId]/status/route"), { propId: ID }],
  ["GET", "/api/admin/players", () => import("@/app/api/admin/players/route")],
  ["POST", "/api/admin/players", () => import("@/app/api/admin/players/route")],
  ["POST", "/api/admin/api-tester", () => import("@/app/api/admin/api-tester/route")],
  ["GET", "/api/admin/audit", () => import("@/app/api/admin/audit/route")],
  ["GET", "/api/admin/teams", () => import("@/app/api/admin/teams/route")],
  ["POST", "/api/admin/teams", () => import("@/app/api/admin/teams/route")],
  ["PATCH", `/api/admin/teams/${ID}`, () => import("@/app/api/admin/teams/[teamId]/route"), { teamId: ID }],
  ["DELETE", `/api/admin/teams/${ID}`, () => import("@/app/api/admin/teams/[teamId]/route"), { teamId: ID }],
  ["GET", "/api/props?limit=100&view=all&offset=0", () => import("@/app/api/props/route")],
];

let player: TestProfile;
beforeAll(async () => {
  await createTestDb();
  player = await createProfile();
});
afterAll(closeTestDb);

async function rowCounts(): Promise<string> {
  const db = await getDb();
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select (select count(*) from events) + (select count(*) from teams) + (select count(*) from packs)
      + (select count(*) from props) + (select count(*) from players) + (select count(*) from admin_audit_log) as n`,
  );
  return String(rows[0]!.n);
}

describe("admin routes of issue 8 refuse visitors and players", () => {
  it.each(ROUTES)("%s %s", async (method, path, load, params = {}) => {
    const handler = (await load())[method] as (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
    expect(typeof handler).toBe("function");
    const before = await rowCounts();
    for (const [who, expected] of [
      [undefined, 401],
      [player, 403],
    ] as const) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (who) headers.cookie = await sessionCookieFor(who);
      const response = await handler(
        new NextRequest(new URL(path, "http://localhost:3000"), {
          method,
          headers,
          body: method === "GET" || method === "DELETE" ? undefined : body,
        }),
        { params: Promise.resolve(params) },
      );
      expect(response.status, `${method} ${path} as ${who ? "player" : "visitor"}`).toBe(expected);
      expect(await response.json()).toMatchObject({ success: false, error: expect.any(String) });
    }
    expect(await rowCounts()).toBe(before);
  });
});
