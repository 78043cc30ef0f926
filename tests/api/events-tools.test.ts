import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { POST as apiTester } from "@/app/api/admin/api-tester/route";
import { GET as audit } from "@/app/api/admin/audit/route";
import { describeAuditChanges, describeAuditEntry } from "@/domain/audit-words";
import { nyDay } from "@/domain/time";
import { POST as fetchTeams } from "@/app/api/admin/fetchTeams/route";
import { GET as listPlayers, POST as fetchPlayers } from "@/app/api/admin/players/route";
import { GET as listTeams, POST as createTeam } from "@/app/api/admin/teams/route";
import { DELETE as deleteTeam, PATCH as updateTeam } from "@/app/api/admin/teams/[teamId]/route";
import { getDb } from "@/server/db/client";
import { adminAuditLog, players, teams } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import type { EspnReplayServer } from "../helpers/espn-server";
import { useEspnReplay } from "../helpers/espn-env";

let espn: EspnReplayServer;
let admin: TestProfile;
let eaglesId: string;

type Handler = (req: Awaited<ReturnType<typeof apiRequest>>, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call(handler: Handler, path: string, options: { body?: unknown; method?: string; params?: Record<string, string> } = {}) {
  const response = await handler(
    await apiRequest(path, { body: options.body, method: options.method, as: admin }),
    routeParams(options.params ?? {}),
  );
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  await createTestDb();
  espn = await useEspnReplay();
  admin = await createProfile({ superAdmin: true });
  await call(fetchTeams as Handler, "/api/admin/fetchTeams", { body: { league: "nfl" } });
  const db = await getDb();
  const [eagles] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.league, "nfl"), eq(teams.abbreviation, "PHI")));
  eaglesId = eagles!.id;
});
afterAll(async () => {
  await espn.close();
  await closeTestDb();
});
beforeEach(() => espn.reset());

describe("players", () => {
  it("fetches a team's roster from ESPN into the players table, idempotently", async () => {
    const { status, body } = await call(fetchPlayers as Handler, "/api/admin/players", { body: { teamId: eaglesId } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, upserted: 5, team: { abbreviation: "PHI" } });
    expect(espn.requests).toEqual(["/apis/site/v2/sports/football/nfl/teams/21/roster"]);
    await call(fetchPlayers as Handler, "/api/admin/players", { body: { teamId: eaglesId } });
    const db = await getDb();
    expect(await db.select().from(players)).toHaveLength(5);
  });

  it("lists and searches stored players with first and last names", async () => {
    const { body } = await call(listPlayers as Handler, "/api/admin/players?league=nfl&q=jalen");
    expect(body.players.map((p: { fullName: string }) => p.fullName).sort()).toEqual(["Jalen Carter", "Jalen Hurts"]);
    const byPosition = await call(listPlayers as Handler, `/api/admin/players?teamId=${eaglesId}&q=QB`);
    expect(byPosition.body.players).toEqual([
      expect.objectContaining({
        firstName: "Jalen",
        lastName: "Hurts",
        position: "QB",
        teamAbbreviation: "PHI",
        league: "nfl",
        jersey: "1",
      }),
    ]);
  });

  it("pages two leagues' rosters by team and name, every player once, namesakes included", async () => {
    const db = await getDb();
    const nfl = await db.select().from(teams).where(eq(teams.league, "nfl")).limit(3);
    // 3 teams x 90 players, with the same few names on every team.
    await db.insert(players).values(
      nfl.flatMap((team) =>
        Array.from({ length: 90 }, (_, n) => ({
          teamId: team.id,
          espnPlayerId: `page-${team.abbreviation}-${n}`,
          fullName: `Pager Name${n % 7}`,
        })),
      ),
    );
    const seen: Array<{ id: string; teamAbbreviation: string; fullName: string }> = [];
    let cursor: string | null = null;
    do {
      const answer: { status: number; body: { players: typeof seen; nextCursor: string | null } } = await call(
        listPlayers as Handler,
        `/api/admin/players?league=nfl&q=Pager&limit=100${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(answer.status).toBe(200);
      seen.push(...answer.body.players);
      cursor = answer.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(270);
    expect(new Set(seen.map((player) => player.id)).size).toBe(270);
    const order = seen.map((player) => `${player.teamAbbreviation} ${player.fullName}`);
    expect(order).toEqual([...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await call(listPlayers as Handler, "/api/admin/players?cursor=Zm9v")).status).toBe(400);
  });

  it("says what failed and why for a team ESPN has no roster for", async () => {
    const db = await getDb();
    const [cowboys] = await db
      .select()
      .from(teams)
      .where(and(eq(teams.league, "nfl"), eq(teams.abbreviation, "DAL")));
    const { status, body } = await call(fetchPlayers as Handler, "/api/admin/players", { body: { teamId: cowboys!.id } });
    expect(status).toBe(502);
    expect(body.error).toBe("Fetching the DAL roster failed: ESPN answered 404: it has no such page.");
    expect((await call(fetchPlayers as Handler, "/api/admin/players", { body: {} })).body.error).toBe("Pick a team first.");
  });
});

describe("the API tester", () => {
  it("runs a scoreboard call and shows the URL, status, timing, JSON and games", async () => {
    const { body } = await call(apiTester as Handler, "/api/admin/api-tester", {
      body: { call: "scoreboard", league: "mlb", date: "2025-06-04" },
    });
    expect(body.result).toMatchObject({
      requestUrl: `${espn.siteBaseUrl}/baseball/mlb/scoreboard?dates=20250604`,
      status: 200,
      ok: true,
      error: null,
    });
    expect(body.result.ms).toBeGreaterThanOrEqual(0);
    expect(body.result.json.events).toHaveLength(15);
    expect(body.result.games).toContainEqual(expect.objectContaining({ matchup: "KC @ STL", status: "postponed", score: null }));
    expect(body.result.games).toContainEqual(expect.objectContaining({ matchup: "COL @ MIA", score: "COL 3 @ MIA 2", status: "final" }));
  });

  it("runs NFL week, summary, teams, roster and odds calls", async () => {
    const week = await call(apiTester as Handler, "/api/admin/api-tester", {
      body: { call: "scoreboard", league: "nfl", year: 2025, week: 1 },
    });
    expect(week.body.result.games).toHaveLength(16);
    const summary = await call(apiTester as Handler, "/api/admin/api-tester", {
      body: { call: "summary", league: "nfl", eventId: "401547417" },
    });
    expect(summary.body.result.game).toMatchObject({ score: "GB 24 @ ATL 25", status: "final" });
    for (const body of [
      { call: "teams", league: "mlb" },
      { call: "roster", league: "nfl", teamId: "21" },
      { call: "odds", league: "mlb", eventId: "401695826" },
    ]) {
      expect((await call(apiTester as Handler, "/api/admin/api-tester", { body })).body.result).toMatchObject({ status: 200, ok: true });
    }
  });

  it("shows ESPN's status when a call fails", async () => {
    const { body } = await call(apiTester as Handler, "/api/admin/api-tester", { body: { call: "summary", league: "mlb", eventId: "1" } });
    expect(body.result).toMatchObject({ status: 404, ok: false, error: "Fetch failed" });
  });

  it("only ever calls the configured ESPN base, whatever it is sent", async () => {
    for (const body of [
      { call: "summary", league: "nfl", eventId: "1?x=@evil.example" },
      { call: "roster", league: "nfl", teamId: "../../../../etc" },
      { call: "scoreboard", league: "nfl", url: "http://169.254.169.254/latest", date: "20250604" },
      { call: "fetch", league: "nfl", url: "http://example.com" },
    ]) {
      const { status, body: answer } = await call(apiTester as Handler, "/api/admin/api-tester", { body });
      if (status === 200) expect(answer.result.requestUrl.startsWith(espn.siteBaseUrl)).toBe(true);
      else expect(status).toBe(400);
    }
    expect(espn.requests.every((r) => r.startsWith("/apis/site/v2/sports/"))).toBe(true);
  });
});

describe("teams admin", () => {
  it("lists teams by league, creates, edits and deletes a team, keeping slugs unique", async () => {
    const list = await call(listTeams as Handler, "/api/admin/teams?league=nfl");
    expect(list.body.teams).toHaveLength(32);
    const created = await call(createTeam as Handler, "/api/admin/teams", {
      body: { league: "nfl", name: "Sea Lions", fullName: "San Fran Sea Lions", slug: "sea-lions", abbreviation: "sfs", logoUrl: "" },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(
      (
        await call(createTeam as Handler, "/api/admin/teams", {
          body: { league: "nfl", name: "X", fullName: "X", slug: "eagles", abbreviation: "X" },
        })
      ).body.error,
    ).toBe("That slug is already used in this league.");
    expect(
      (
        await call(createTeam as Handler, "/api/admin/teams", {
          body: { league: "nfl", name: "X", fullName: "X", slug: "Bad Slug", abbreviation: "X" },
        })
      ).status,
    ).toBe(400);
    const edited = await call(updateTeam as Handler, `/api/admin/teams/${id}`, {
      method: "PATCH",
      body: {
        league: "nfl",
        name: "Seals",
        fullName: "San Fran Seals",
        slug: "seals",
        abbreviation: "SFS",
        logoUrl: "https://a.espncdn.com/i/teamlogos/nfl/500/sfs.png",
      },
      params: { teamId: id },
    });
    expect(edited.status).toBe(200);
    expect((await call(deleteTeam as Handler, `/api/admin/teams/${id}`, { method: "DELETE", params: { teamId: id } })).status).toBe(200);
  });
});

describe("the audit log", () => {
  it("lists the latest changes newest first, with who made them", async () => {
    const { body } = await call(audit as Handler, "/api/admin/audit?limit=50");
    expect(body.entries[0]).toMatchObject({ action: "team.delete", actorHandle: admin.handle, entityType: "team" });
    expect(body.entries.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(["teams.fetch", "players.fetch", "team.create", "team.update"]),
    );
    expect(body.entries.length).toBeLessThanOrEqual(50);
  });

  it("pages older changes by entry id, every change once, newest first", async () => {
    const db = await getDb();
    await db.insert(adminAuditLog).values(Array.from({ length: 120 }, (_, n) => ({ action: `paging.${n}`, entityType: "test" })));
    const seen: number[] = [];
    let before: number | null = null;
    do {
      const { body } = await call(audit as Handler, `/api/admin/audit?limit=50${before ? `&before=${before}` : ""}`);
      seen.push(...body.entries.map((entry: { id: number }) => entry.id));
      before = body.olderBefore;
    } while (before);
    const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(adminAuditLog)) as [{ n: number }];
    expect(seen).toHaveLength(Number(n));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect((await call(audit as Handler, "/api/admin/audit?before=abc")).status).toBe(400);
  });

  it("names each change's subject in words and filters by who, what and day in SQL", async () => {
    const db = await getDb();
    const other = await createProfile({ superAdmin: true });
    const [team] = await db.select().from(teams).limit(1);
    await db.insert(adminAuditLog).values([
      {
        actorProfileId: other.id,
        action: "team.update",
        entityType: "team",
        entityId: team!.id,
        before: { name: "Old" },
        after: { name: team!.name },
      },
      { actorProfileId: other.id, action: "seed", entityType: "database" },
    ]);
    const { body } = await call(audit as Handler, `/api/admin/audit?who=@${other.handle}`);
    expect(body.entries).toHaveLength(2);
    expect(body.entries.every((e: { actorHandle: string }) => e.actorHandle === other.handle)).toBe(true);
    const edit = body.entries.find((e: { action: string }) => e.action === "team.update");
    expect(edit.entityLabel).toBe(team!.fullName);
    expect(describeAuditEntry(edit)).toBe(`Edited team “${team!.fullName}”`);
    expect(describeAuditChanges(edit.before, edit.after)).toEqual([`Name: Old → ${team!.name}`]);

    const teamsOnly = await call(audit as Handler, `/api/admin/audit?what=team&who=${other.handle}`);
    expect(teamsOnly.body.entries.map((e: { action: string }) => e.action)).toEqual(["team.update"]);
    const today = await call(audit as Handler, `/api/admin/audit?day=${nyDay(new Date())}&who=${other.handle}`);
    expect(today.body.entries).toHaveLength(2);
    const longAgo = await call(audit as Handler, `/api/admin/audit?day=2001-01-01`);
    expect(longAgo.body.entries).toEqual([]);
    expect((await call(audit as Handler, "/api/admin/audit?what=nonsense")).status).toBe(400);
    expect((await call(audit as Handler, "/api/admin/audit?day=2025-02-30")).status).toBe(400);
  });
});
