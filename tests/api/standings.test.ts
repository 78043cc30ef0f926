import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { GET as standingsRoute } from "@/app/api/standings/route";
import { GET as winnersRoute } from "@/app/api/standings/winners/route";
import { GET as getRuleRoute, PUT as putRuleRoute } from "@/app/api/admin/standings/tieBreak/route";
import { getDb } from "@/server/db/client";
import { adminAuditLog, contestPacks, contests, packs, profiles, props, receipts, takes } from "@/server/db/schema";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import { iterateStandings, readStandingsWeeks } from "@/server/standings/read-standings";
import { rankStandings, STANDINGS_TIE_BREAKS, type StandingsLine, type StandingsTieBreak } from "@/domain/standings";
import type { z } from "zod";
import type { ZStandingsAnswer, ZStandingsRuleAnswer, ZStandingsWinnersAnswer } from "@/domain/schemas/standings";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { seededRandom } from "./contests-fixtures";

// League standings (docs/decisions/062-league-standings.md) read through the API, page by page,
// against the same standings computed in TypeScript from the takes written here (rankStandings,
// the rule the unit table holds to literal orders): every tie-break order, a week, the season and
// a contest, with more players than the largest page.
beforeAll(createTestDb);
afterAll(closeTestDb);

const PLAYERS = 230; // more than the API's largest page (200)
const SEASON = 2024; // NFL week 1 of 2024 starts Thursday 2024-09-05

type Pack = { id: string; league: "nfl" | "mlb"; status: "graded" | "live" | "draft"; closeTime: Date; propIds: string[] };
type Fact = { profileId: string; handle: string; packId: string; points: number; won: boolean; submittedAt: Date };

const none = routeParams({});
/** Any of the answers read here (their fields at the top level, beside `success`). */
type Body = z.infer<typeof ZStandingsAnswer> &
  z.infer<typeof ZStandingsWinnersAnswer> &
  z.infer<typeof ZStandingsRuleAnswer> & { success: boolean };
let admin: TestProfile;
let contestSlug: string;
const facts: Fact[] = [];
const packsByName: Record<string, Pack> = {};

async function json(response: Response) {
  return { status: response.status, body: (await response.json()) as Body };
}

/** The standings of some packs computed from the facts: the expected answer. */
function expected(packIds: string[], order: readonly StandingsTieBreak[]) {
  const lines = new Map<string, StandingsLine>();
  for (const fact of facts) {
    if (!packIds.includes(fact.packId)) continue;
    const line = lines.get(fact.profileId) ?? { handle: fact.handle, points: 0, won: 0, picks: 0, lastSubmittedAt: null };
    line.points += fact.points;
    line.won += fact.won ? 1 : 0;
    line.picks += 1;
    if (!line.lastSubmittedAt || fact.submittedAt > line.lastSubmittedAt) line.lastSubmittedAt = fact.submittedAt;
    lines.set(fact.profileId, line);
  }
  return rankStandings([...lines.values()], order).map((row) => [row.rank, row.handle, row.points, row.won, row.picks]);
}

/** Every row of an API standings query, read page by page with `after`. */
async function readAll(query: string, limit: number) {
  const rows: unknown[][] = [];
  let after: number | null = 0;
  let pages = 0;
  while (after !== null) {
    const { status, body } = await json(
      await standingsRoute(await apiRequest(`/api/standings?${query}&after=${after}&limit=${limit}`), none),
    );
    expect(status).toBe(200);
    expect(body.rows.length).toBeLessThanOrEqual(limit);
    rows.push(...body.rows.map((row) => [row.rank, row.handle, row.points, row.won, row.picks]));
    after = body.nextAfter;
    pages++;
  }
  return { rows, pages };
}

async function setOrder(scope: string, tieBreak: StandingsTieBreak[]) {
  const { status } = await json(
    await putRuleRoute(await apiRequest("/api/admin/standings/tieBreak", { method: "PUT", as: admin, body: { scope, tieBreak } }), none),
  );
  expect(status).toBe(200);
}

beforeAll(async () => {
  const db = await getDb();
  admin = await createProfile({ superAdmin: true });
  const tag = randomBytes(3).toString("hex");
  const players = await db
    .insert(profiles)
    .values(
      Array.from({ length: PLAYERS }, (_, i) => ({
        handle: `st${tag}_${String(i).padStart(3, "0")}`,
        phone: `+1556${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
        handleIsGenerated: false,
      })),
    )
    .returning({ id: profiles.id, handle: profiles.handle });

  const specs: Array<[string, Pack["league"], Pack["status"], string]> = [
    ["sunday1", "nfl", "graded", "2024-09-08T17:00:00Z"], // week 1, Sunday
    ["monday1", "nfl", "graded", "2024-09-10T00:15:00Z"], // week 1, Monday night in New York
    ["sunday2", "nfl", "live", "2024-09-15T17:00:00Z"], // week 2, still taking picks
    ["draft1", "nfl", "draft", "2024-09-08T18:00:00Z"], // never counts
    ["mlb1", "mlb", "graded", "2024-09-08T18:00:00Z"], // another league
  ];
  for (const [name, league, status, close] of specs) {
    const [pack] = await db
      .insert(packs)
      .values({
        packUrl: `st-${name}-${tag}`,
        title: name,
        league,
        status,
        openTime: new Date("2024-09-01T00:00:00Z"),
        closeTime: new Date(close),
      })
      .returning({ id: packs.id });
    const propRows = await db
      .insert(props)
      .values(
        [1, 2, 3].map((n) => ({
          packId: pack!.id,
          shortLabel: `P${n}`,
          title: `Prop ${n}`,
          sideAShort: "A",
          sideBShort: "B",
          sideATake: "A wins",
          sideBTake: "B wins",
          status: status === "graded" ? ("gradedA" as const) : ("open" as const),
        })),
      )
      .returning({ id: props.id });
    packsByName[name] = { id: pack!.id, league, status, closeTime: new Date(close), propIds: propRows.map((p) => p.id) };
  }

  // Few distinct scores, picks and times, so every tie-break step has players level on the steps before it.
  const random = seededRandom(20240908);
  const receiptRows: Array<typeof receipts.$inferInsert> = [];
  const takeRows: Array<typeof takes.$inferInsert> = [];
  for (const player of players) {
    for (const [name, pack] of Object.entries(packsByName)) {
      if (random() < 0.15) continue; // skipped this pack
      const receiptId = `r${randomBytes(6).toString("hex")}`;
      const submittedAt = new Date(Date.parse("2024-09-05T12:00:00Z") + Math.floor(random() * 4) * 3_600_000);
      receiptRows.push({ id: receiptId, profileId: player.id, packId: pack.id, idempotencyKey: randomUUID(), createdAt: submittedAt });
      const picks = 1 + Math.floor(random() * 3);
      for (const propId of pack.propIds.slice(0, picks)) {
        const won = pack.status === "graded" && random() < 0.5;
        const points = won ? (random() < 0.5 ? 100 : 200) : 0;
        const result = pack.status !== "graded" ? "pending" : won ? "won" : "lost";
        takeRows.push({
          profileId: player.id,
          propId,
          packId: pack.id,
          receiptId,
          side: "A",
          lockedValue: 100,
          result,
          points,
          createdAt: submittedAt,
        });
        facts.push({ profileId: player.id, handle: player.handle, packId: pack.id, points, won, submittedAt });
        void name;
      }
    }
  }
  for (let i = 0; i < receiptRows.length; i += 500) await db.insert(receipts).values(receiptRows.slice(i, i + 500));
  for (let i = 0; i < takeRows.length; i += 500) await db.insert(takes).values(takeRows.slice(i, i + 500));
  await drainLeaderboardQueue();

  contestSlug = `st-contest-${tag}`;
  const [contest] = await db
    .insert(contests)
    .values({ slug: contestSlug, title: "Standings contest", status: "coming-up" })
    .returning({ id: contests.id });
  await db
    .insert(contestPacks)
    .values([packsByName.sunday1!, packsByName.sunday2!, packsByName.mlb1!].map((p) => ({ contestId: contest!.id, packId: p.id })));
}, 120_000);

describe("league standings", () => {
  const week1 = () => [packsByName.sunday1!.id, packsByName.monday1!.id];
  const season = () => [packsByName.sunday1!.id, packsByName.monday1!.id, packsByName.sunday2!.id];

  it.each(STANDINGS_TIE_BREAKS.map((step) => [step]))(
    "ranks a week's standings (Sunday and Monday-night packs, no draft, no other league) by points, then %s, page by page",
    async (step) => {
      await setOrder(`league:nfl:season:${SEASON}`, [step]);
      const { rows, pages } = await readAll(`league=nfl&season=${SEASON}&week=2024-09-05`, 200);
      expect(rows.length).toBeGreaterThan(200);
      expect(pages).toBe(2);
      expect(rows).toEqual(expected(week1(), [step]));
    },
  );

  it("reads any day of a week as that week (the Sunday of NFL week 1 names the Thursday-to-Wednesday week)", async () => {
    const sunday = await readAll(`league=nfl&season=${SEASON}&week=2024-09-08`, 200);
    expect(sunday.rows).toEqual((await readAll(`league=nfl&season=${SEASON}&week=2024-09-05`, 200)).rows);
    const { body } = await json(await standingsRoute(await apiRequest(`/api/standings?league=nfl&season=${SEASON}&week=2024-09-08`), none));
    expect(body.week).toBe("2024-09-05");
  });

  it("ranks the season over every week's packs with a two-step order, the same whichever page size reads it", async () => {
    await setOrder(`league:nfl:season:${SEASON}`, ["fewest_picks", "earliest"]);
    const big = await readAll(`league=nfl&season=${SEASON}`, 200);
    const small = await readAll(`league=nfl&season=${SEASON}`, 37);
    expect(big.rows).toEqual(expected(season(), ["fewest_picks", "earliest"]));
    expect(small.rows).toEqual(big.rows);
    expect(small.pages).toBe(Math.ceil(big.rows.length / 37));
    // The export's reader gives the same rows, a page at a time.
    const streamed = [];
    for await (const row of iterateStandings({
      set: { kind: "league", league: "nfl", season: SEASON, week: null },
      order: ["fewest_picks", "earliest"],
      pageSize: 64,
    }))
      streamed.push([row.rank, row.handle, row.points, row.won, row.picks]);
    expect(streamed).toEqual(big.rows);
  });

  it("shows a contest's standings over its packs (whatever their league) with the contest's own order", async () => {
    const [contest] = await (await getDb()).select({ id: contests.id }).from(contests).where(eq(contests.slug, contestSlug));
    await setOrder(`contest:${contest!.id}`, ["most_picks", "won"]);
    const { rows } = await readAll(`contest=${contestSlug}`, 200);
    const ids = [packsByName.sunday1!.id, packsByName.sunday2!.id, packsByName.mlb1!.id];
    expect(rows).toEqual(expected(ids, ["most_picks", "won"]));
    const week = await readAll(`contest=${contestSlug}&week=2024-09-05`, 200);
    expect(week.rows).toEqual(expected([packsByName.sunday1!.id], ["most_picks", "won"]));
  });

  it("lists the weekly winners newest first, final only once every pack of the week is graded", async () => {
    await setOrder(`league:nfl:season:${SEASON}`, ["won", "earliest"]);
    const { status, body } = await json(await winnersRoute(await apiRequest(`/api/standings/winners?league=nfl&season=${SEASON}`), none));
    expect(status).toBe(200);
    const firsts = (ids: string[]) => {
      const rows = expected(ids, ["won", "earliest"]);
      return rows.filter((row) => row[0] === 1).map((row) => row[1]);
    };
    expect(body.weeks.map((w) => [w.weekStart, w.label, w.packs, w.final, w.winners.map((x) => x.handle)])).toEqual([
      ["2024-09-12", "Week 2", 1, false, firsts([packsByName.sunday2!.id]).slice(0, 5)],
      ["2024-09-05", "Week 1", 2, true, firsts(week1()).slice(0, 5)],
    ]);
    expect(body.tieBreakWords[1]).toBe("Then most props won");
    // A week's page reads the same weeks for its tabs without working out their winners.
    const tabs = await readStandingsWeeks({ set: { kind: "league", league: "nfl", season: SEASON, week: null } });
    expect(tabs.map((w) => [w.weekStart, w.packs, w.final])).toEqual(body.weeks.map((w) => [w.weekStart, w.packs, w.final]));
  });

  it("marks the viewer's own row and sends it beside any page", async () => {
    const last = facts.at(-1)!;
    const viewer = { id: last.profileId, handle: last.handle, phone: "", superAdmin: false };
    const { body } = await json(
      await standingsRoute(await apiRequest(`/api/standings?league=nfl&season=${SEASON}&limit=1`, { as: viewer }), none),
    );
    expect(body.me).toMatchObject({ handle: last.handle, isMe: true });
    expect(body.rows).toHaveLength(1);
  });

  it("refuses a bad request with a 400 and an unknown contest with a 404, never a 500", async () => {
    for (const query of [
      "league=nfl&week=2024-02-30",
      "league=nhl",
      "",
      "league=nfl&contest=x",
      "league=nfl&limit=201",
      "league=nfl&after=-1",
    ]) {
      const { status, body } = await json(await standingsRoute(await apiRequest(`/api/standings?${query}`), none));
      expect([status, body.success]).toEqual([400, false]);
    }
    const { status } = await json(await standingsRoute(await apiRequest("/api/standings?contest=no-such-contest"), none));
    expect(status).toBe(404);
  });
});

describe("the commissioner's tie-break setting", () => {
  it("answers the default before any choice, saves a choice with the audit log, and refuses repeats and unknown steps", async () => {
    const scope = `league:mlb:season:${SEASON}`;
    const before = await json(await getRuleRoute(await apiRequest(`/api/admin/standings/tieBreak?scope=${scope}`, { as: admin }), none));
    expect(before.body).toMatchObject({ tieBreak: ["won", "earliest"], chosen: false });
    await setOrder(scope, ["earliest"]);
    const after = await json(await getRuleRoute(await apiRequest(`/api/admin/standings/tieBreak?scope=${scope}`, { as: admin }), none));
    expect(after.body).toMatchObject({ tieBreak: ["earliest"], chosen: true });
    const [entry] = await (await getDb()).select().from(adminAuditLog).where(eq(adminAuditLog.entityId, scope));
    expect(entry).toMatchObject({
      action: "standings_rule.update",
      before: { tieBreak: ["won", "earliest"] },
      after: { tieBreak: ["earliest"] },
    });

    for (const body of [
      { scope, tieBreak: ["won", "won"] },
      { scope, tieBreak: ["coin_flip"] },
      { scope: "league:nhl:season:2024", tieBreak: [] },
    ]) {
      const refused = await json(
        await putRuleRoute(await apiRequest("/api/admin/standings/tieBreak", { method: "PUT", as: admin, body }), none),
      );
      expect([refused.status, refused.body.success]).toEqual([400, false]);
    }
  });
});
