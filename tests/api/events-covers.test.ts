import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { NextRequest } from "next/server";
import { POST as generateCover } from "@/app/api/admin/events/[eventId]/cover/route";
import { POST as fetchNflEvents } from "@/app/api/admin/fetchNflEvents/route";
import { POST as createTeam } from "@/app/api/admin/teams/route";
import { PATCH as updateTeam } from "@/app/api/admin/teams/[teamId]/route";
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
const pictureHostsBefore = process.env.PICTURE_HOSTS;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "takes-covers-"));
  process.env.DATA_DIR = dataDir;
  await createTestDb();
  espn = await useEspnReplay();
  // The replay server plays ESPN's picture host: the only one the server may fetch logos from
  // (docs/decisions/051-picture-hosts-allow-list.md).
  process.env.PICTURE_HOSTS = espn.origin;
  resetServerEnvCache();
  admin = await createProfile({ superAdmin: true });
  const response = await fetchNflEvents(
    await apiRequest("/api/admin/fetchNflEvents", { body: { year: 2025, week: 1 }, as: admin }),
    routeParams({}),
  );
  expect(response.status).toBe(200);
  // Logos are served by the local replay server so the test never leaves the machine.
  const db = await getDb();
  const all = await db.select({ id: teams.id, abbreviation: teams.abbreviation }).from(teams).where(eq(teams.league, "nfl"));
  for (const team of all) {
    await db
      .update(teams)
      .set({ logoUrl: `${espn.origin}/logos/${team.abbreviation.toLowerCase()}.png` })
      .where(eq(teams.id, team.id));
  }
});
afterAll(async () => {
  if (pictureHostsBefore === undefined) delete process.env.PICTURE_HOSTS;
  else process.env.PICTURE_HOSTS = pictureHostsBefore;
  await espn.close();
  await closeTestDb();
  rmSync(dataDir, { recursive: true, force: true });
});

const coverRequest = (url: string) => new NextRequest(new URL(url, "http://localhost:3000"));

describe("generated event covers", () => {
  it("composes both team logos into one stored SVG served at the event's cover URL", async () => {
    const db = await getDb();
    const [event] = await db.select().from(events).where(eq(events.espnEventId, "401772510"));
    const response = await generateCover(
      await apiRequest(`/api/admin/events/${event!.id}/cover`, { method: "POST", as: admin }),
      routeParams({ eventId: event!.id }),
    );
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
    const response = await generateCover(
      await apiRequest(`/api/admin/events/${event!.id}/cover`, { method: "POST", as: admin }),
      routeParams({ eventId: event!.id }),
    );
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

/**
 * A host on this machine that records every request: any `/logo.png` is a small PNG, and
 * `/hop?to={url}` redirects there.
 */
async function startPictureHost(): Promise<{ origin: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push(url.pathname);
    if (url.pathname === "/hop") return res.writeHead(302, { location: url.searchParams.get("to") ?? "/" }).end();
    if (url.pathname.endsWith("/logo.png"))
      return res.writeHead(200, { "content-type": "image/png", "content-length": png.length }).end(png);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("the hosts the server fetches team logos from (PICTURE_HOSTS)", () => {
  let stranger: Awaited<ReturnType<typeof startPictureHost>>;
  let eventId: string;
  let homeTeamId: string;

  beforeAll(async () => {
    stranger = await startPictureHost();
    const db = await getDb();
    const [event] = await db.select().from(events).where(eq(events.espnEventId, "401772714"));
    eventId = event!.id;
    homeTeamId = event!.homeTeamId!;
  });
  afterAll(() => stranger.close());

  async function drawCover() {
    const response = await generateCover(
      await apiRequest(`/api/admin/events/${eventId}/cover`, { method: "POST", as: admin }),
      routeParams({ eventId }),
    );
    const { coverResult } = await response.json();
    const served = await getCover(coverRequest(coverResult.coverUrl), { params: Promise.resolve({ file: `${eventId}.svg` }) });
    return { coverResult, svg: await served.text() };
  }

  async function setHomeLogo(logoUrl: string) {
    const db = await getDb();
    await db.update(teams).set({ logoUrl }).where(eq(teams.id, homeTeamId));
  }

  it("never contacts a logo's host that is not a picture host, even on the same machine at another port, and draws the team's abbreviation instead", async () => {
    process.env.PICTURE_HOSTS = espn.origin;
    await setHomeLogo(`${stranger.origin}/logo.png`);
    stranger.requests.length = 0;
    const { coverResult, svg } = await drawCover();
    expect(coverResult).toMatchObject({ ok: true, logosInlined: 1 });
    expect(stranger.requests).toEqual([]);
    expect(svg.match(/<image href="data:image\/png;base64,/g)).toHaveLength(1);
    expect(svg).toContain(">KC</text>");

    // The same host, once it is listed, is asked for the logo: the refusal above is the list's doing.
    process.env.PICTURE_HOSTS = `${espn.origin}, ${stranger.origin}`;
    const allowed = await drawCover();
    expect(allowed.coverResult).toMatchObject({ ok: true, logosInlined: 2 });
    expect(stranger.requests).toEqual(["/logo.png"]);
    process.env.PICTURE_HOSTS = espn.origin;
  });

  it("does not follow a picture host's redirect to a host that is not one", async () => {
    const listed = await startPictureHost();
    try {
      process.env.PICTURE_HOSTS = `${espn.origin},${listed.origin}`;
      await setHomeLogo(`${listed.origin}/hop?to=${encodeURIComponent(`${stranger.origin}/logo.png`)}`);
      stranger.requests.length = 0;
      const { coverResult } = await drawCover();
      expect(coverResult).toMatchObject({ ok: true, logosInlined: 1 });
      expect(listed.requests).toEqual(["/hop"]);
      expect(stranger.requests).toEqual([]);

      // A redirect from one picture host to another is followed.
      process.env.PICTURE_HOSTS = `${espn.origin},${listed.origin},${stranger.origin}`;
      expect((await drawCover()).coverResult).toMatchObject({ ok: true, logosInlined: 2 });
      expect(stranger.requests).toEqual(["/logo.png"]);
    } finally {
      process.env.PICTURE_HOSTS = espn.origin;
      await listed.close();
    }
  });

  it("fetches from no other host when the reachability check is off (PICTURE_HOSTS=off keeps only ESPN's CDN)", async () => {
    process.env.PICTURE_HOSTS = "off";
    try {
      await setHomeLogo(`${stranger.origin}/logo.png`);
      stranger.requests.length = 0;
      espn.reset();
      const { coverResult, svg } = await drawCover();
      expect(coverResult).toMatchObject({ ok: true, logosInlined: 0 });
      expect(stranger.requests).toEqual([]);
      expect(espn.requests.filter((r) => r.startsWith("/logos/"))).toEqual([]);
      expect(svg).toContain(">KC</text>");
      expect(svg).toContain(">LAC</text>");
    } finally {
      process.env.PICTURE_HOSTS = espn.origin;
    }
  });

  it("refuses an admin's team logo on a host that is not a picture host, with a 400 that says which hosts are", async () => {
    process.env.PICTURE_HOSTS = `https://a.espncdn.com, ${espn.origin}`;
    try {
      const team = { league: "nfl", name: "Otters", fullName: "Oakland Otters", slug: "otters", abbreviation: "OAK" };
      const refusal = { success: false, error: `Logo URL must be on a picture host: https://a.espncdn.com, ${espn.origin}` };
      const create = async (logoUrl: string) =>
        createTeam(await apiRequest("/api/admin/teams", { body: { ...team, logoUrl }, as: admin }), routeParams({}));
      // This machine at another port, a cloud's metadata address, ESPN's CDN at another port: each refused.
      for (const logoUrl of [
        `${stranger.origin.replace("http:", "https:")}/logo.png`,
        "https://169.254.169.254/latest/meta-data",
        "https://a.espncdn.com:8443/i/x.png",
      ]) {
        const refused = await create(logoUrl);
        expect(refused.status, logoUrl).toBe(400);
        expect(await refused.json()).toEqual(refusal);
      }

      // On a picture host (or none at all) the team is saved; an edit to an outside host is refused and changes nothing.
      const created = await create("https://a.espncdn.com/i/teamlogos/nfl/500/oak.png");
      expect(created.status).toBe(201);
      const { id } = await created.json();
      const edit = async (logoUrl: string) =>
        updateTeam(
          await apiRequest(`/api/admin/teams/${id}`, { method: "PATCH", body: { ...team, logoUrl }, as: admin }),
          routeParams({ teamId: id }),
        );
      expect((await edit("")).status).toBe(200);
      expect((await edit("https://a.espncdn.com/i/teamlogos/nfl/500-dark/oak.png")).status).toBe(200);
      const refusedEdit = await edit("https://example.com/oak.png");
      expect(refusedEdit.status).toBe(400);
      expect(await refusedEdit.json()).toEqual(refusal);
      const db = await getDb();
      const [saved] = await db.select({ logoUrl: teams.logoUrl }).from(teams).where(eq(teams.id, id));
      expect(saved!.logoUrl).toBe("https://a.espncdn.com/i/teamlogos/nfl/500-dark/oak.png");
      expect(stranger.requests).toEqual([]);
    } finally {
      process.env.PICTURE_HOSTS = espn.origin;
    }
  });
});
