import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { NextRequest } from "next/server";
import { POST as generateCover } from "@/app/api/admin/events/[eventId]/cover/route";
import { POST as fetchNflEvents } from "@/app/api/admin/fetchNflEvents/route";
import { GET as getCover } from "@/app/api/covers/[file]/route";
import { resetServerEnvCache } from "@/env";
import { getDb } from "@/server/db/client";
import { events, teams } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import type { EspnReplayServer } from "../helpers/espn-server";
import { useEspnReplay } from "../helpers/espn-env";

let espn: EspnReplayServer;
let admin: TestProfile;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "takes-covers-"));
  process.env.DATA_DIR = dataDir;
  await createTestDb();
  espn = await useEspnReplay();
  resetServerEnvCache();
  admin = await createProfile({ superAdmin: true });
  const response = await fetchNflEvents(await apiRequest("/api/admin/fetchNflEvents", { body: { year: 2025, week: 1 }, as: admin }), routeParams({}));
  expect(response.status).toBe(200);
  // Logos are served by the local replay server so the test never leaves the machine.
  const db = await getDb();
  const all = await db.select({ id: teams.id, abbreviation: teams.abbreviation }).from(teams).where(eq(teams.league, "nfl"));
  for (const team of all) {
    await db.update(teams).set({ logoUrl: `${espn.origin}/logos/${team.abbreviation.toLowerCase()}.png` }).where(eq(teams.id, team.id));
  }
});
afterAll(async () => {
  await espn.close();
  await closeTestDb();
  rmSync(dataDir, { recursive: true, force: true });
});

const coverRequest = (url: string) => new NextRequest(new URL(url, "http://localhost:3000"));

describe("generated event covers", () => {
  it("composes both team logos into one stored SVG served at the event's cover URL", async () => {
    const db = await getDb();
    const [event] = await db.select().from(events).where(eq(events.espnEventId, "401772510"));
    const response = await generateCover(await apiRequest(`/api/admin/events/${event!.id}/cover`, { method: "POST", as: admin }), routeParams({ eventId: event!.id }));
    const { coverResult } = await response.json();
    expect(coverResult).toMatchObject({ eventId: event!.id, ok: true, logosInlined: 2 });
    expect(coverResult.coverUrl).toMatch(new RegExp(`^/api/covers/${event!.id}\\.svg\\?v=[0-9a-f]{12}$`));
    const [stored] = await db.select({ coverUrl: events.coverUrl }).from(events).where(eq(events.id, event!.id));
    expect(stored!.coverUrl).toBe(coverResult.coverUrl);

    const served = await getCover(coverRequest(coverResult.coverUrl), { params: Promise.resolve({ file: `${event!.id}.svg` }) });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toContain("image/svg+xml");
    expect(served.headers.get("cache-control")).toContain("immutable");
    const svg = await served.text();
    expect(svg.match(/<image href="data:image\/png;base64,/g)).toHaveLength(2);
    expect(svg).toContain(">DAL</text>");
  });

  it("falls back to team colours and abbreviations when logos cannot be fetched", async () => {
    const db = await getDb();
    const [event] = await db.select().from(events).where(eq(events.espnEventId, "401772810"));
    await db
      .update(teams)
      .set({ logoUrl: `${espn.origin}/missing/logo.png` })
      .where(inArray(teams.id, [event!.homeTeamId!, event!.awayTeamId!]));
    const response = await generateCover(await apiRequest(`/api/admin/events/${event!.id}/cover`, { method: "POST", as: admin }), routeParams({ eventId: event!.id }));
    const { coverResult } = await response.json();
    expect(coverResult).toMatchObject({ ok: true, logosInlined: 0 });
    const served = await getCover(coverRequest(coverResult.coverUrl), { params: Promise.resolve({ file: `${event!.id}.svg` }) });
    const svg = await served.text();
    expect(svg).not.toContain("<image");
    expect(svg).toContain(">MIN</text>");
    expect(svg).toContain(">CHI</text>");
  });

  it("makes covers for a whole import and reports each one", async () => {
    const response = await fetchNflEvents(
      await apiRequest("/api/admin/fetchNflEvents", { body: { year: 2025, week: 1, generateCovers: true }, as: admin }),
      routeParams({}),
    );
    const body = await response.json();
    expect(body.processedCount).toBe(16);
    expect(body.coverResults).toHaveLength(16);
    expect(body.coverResults.every((r: { ok: boolean }) => r.ok)).toBe(true);
  });

  it("re-renders a cover the instance does not have on disk, and 404s unknown covers", async () => {
    const db = await getDb();
    const [event] = await db.select().from(events).where(eq(events.espnEventId, "401772830"));
    rmSync(path.join(dataDir, "covers", `${event!.id}.svg`));
    const served = await getCover(coverRequest(event!.coverUrl!), { params: Promise.resolve({ file: `${event!.id}.svg` }) });
    expect(served.status).toBe(200);
    expect(await served.text()).toContain("<svg");
    for (const file of ["00000000-0000-4000-8000-000000000000.svg", "../../etc/passwd", "x.svg"]) {
      const missing = await getCover(coverRequest(`/api/covers/${file}`), { params: Promise.resolve({ file }) });
      expect(missing.status).toBe(404);
    }
  });
});
