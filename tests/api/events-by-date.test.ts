import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { GET as eventLeagues } from "@/app/api/admin/eventLeagues/route";
import { GET as eventsByDate } from "@/app/api/admin/eventsByDate/route";
import { GET as getEvent, DELETE as deleteEvent } from "@/app/api/admin/events/[eventId]/route";
import { GET as listEvents } from "@/app/api/admin/events/route";
import { POST as fetchMlbEvents } from "@/app/api/admin/fetchMlbEvents/route";
import { POST as fetchNflEvents } from "@/app/api/admin/fetchNflEvents/route";
import { nflWeekRange } from "@/domain/nfl-weeks";
import { getDb } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { forgetNflCalendars } from "@/server/events/nfl-week-ranges";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { readFixture, type EspnReplayServer } from "../helpers/espn-server";
import { useEspnReplay } from "../helpers/espn-env";

let espn: EspnReplayServer;
let admin: TestProfile;

beforeAll(async () => {
  await createTestDb();
  espn = await useEspnReplay();
  admin = await createProfile({ superAdmin: true });
  forgetNflCalendars();
  for (const [handler, path, body] of [
    [fetchNflEvents, "/api/admin/fetchNflEvents", { year: 2025, week: 1 }],
    [fetchMlbEvents, "/api/admin/fetchMlbEvents", { date: "20250604" }],
  ] as const) {
    const response = await handler(await apiRequest(path, { body, as: admin }), routeParams({}));
    expect(response.status).toBe(200);
  }
});
afterAll(async () => {
  await espn.close();
  await closeTestDb();
});
beforeEach(() => espn.reset());

async function day(date: string, league: string, tz = "America/New_York") {
  const query = new URLSearchParams({ date, league, tz });
  const response = await eventsByDate(await apiRequest(`/api/admin/eventsByDate?${query}`, { as: admin }), routeParams({}));
  return { status: response.status, body: await response.json() };
}

describe("eventsByDate lists a league's events on one New York day", () => {
  it("keeps late West Coast games on their Eastern date, not the next UTC day", async () => {
    const { status, body } = await day("2025-06-04", "mlb");
    expect(status).toBe(200);
    expect(body.events).toHaveLength(15);
    // MIN @ ATH starts 10:05 PM ET (02:05Z on June 5); NYM @ LAD at 10:10 PM ET.
    const late = body.events.filter((e: { eventTime: string }) => e.eventTime >= "2025-06-05T00:00:00.000Z");
    expect(late.map((e: { shortName: string }) => e.shortName)).toEqual(["BAL @ SEA", "SD @ SF", "MIN @ ATH", "NYM @ LAD"]);
    // ESPN names this game "Minnesota Twins at Athletics Athletics"; the app names each club once.
    expect(late.find((e: { shortName: string }) => e.shortName === "MIN @ ATH").eventTitle).toBe("Minnesota Twins at Athletics");
    expect((await day("2025-06-05", "mlb")).body.events).toEqual([]);
  });

  it("puts a 10:20 pm ET game on its ET date", async () => {
    const board = readFixture("scoreboard-mlb-20250604.json") as { events: Array<Record<string, unknown>> };
    const game = structuredClone(board.events[0]!) as { id: string; date: string; competitions: Array<{ id: string; date: string }> };
    game.id = "999000001";
    game.date = "2025-07-02T02:20Z";
    game.competitions[0]!.date = "2025-07-02T02:20Z";
    espn.answer("baseball/mlb/scoreboard?dates=20250701", { json: { events: [game] } });
    const imported = await fetchMlbEvents(
      await apiRequest("/api/admin/fetchMlbEvents", { body: { date: "20250701" }, as: admin }),
      routeParams({}),
    );
    expect((await imported.json()).processedCount).toBe(1);

    const july1 = await day("20250701", "mlb");
    expect(july1.body.events.map((e: { espnEventId: string }) => e.espnEventId)).toEqual(["999000001"]);
    expect(july1.body.events[0].eventTime).toBe("2025-07-02T02:20:00.000Z");
    expect((await day("2025-07-02", "mlb")).body.events).toEqual([]);
  });

  it("lists an NFL week as seven daily calls that together hold all 16 games", async () => {
    const { days } = nflWeekRange(2025, 1);
    const perDay = await Promise.all(days.map(async (date) => (await day(date, "nfl")).body.events.length));
    expect(perDay).toEqual([1, 1, 0, 13, 1, 0, 0]);
    // Thursday's 8:20 PM ET opener (00:20Z Friday) is Thursday's; Monday night's game is Monday's.
    expect((await day("2025-09-04", "nfl")).body.events[0]).toMatchObject({
      shortName: "DAL @ PHI",
      eventLeague: "nfl",
      homeTeam: { abbreviation: "PHI", slug: "eagles" },
      awayTeam: { abbreviation: "DAL" },
      homeTeamLogo: expect.stringContaining("phi.png"),
    });
    expect((await day("2025-09-08", "nfl")).body.events[0].shortName).toBe("MIN @ CHI");
  });

  it("refuses other leagues, bad dates and other time zones", async () => {
    expect(await day("2025-06-04", "nba")).toMatchObject({ status: 400, body: { error: "Unsupported league" } });
    expect(await day("2025-13-40", "mlb")).toMatchObject({ status: 400, body: { error: "Invalid date" } });
    expect((await day("2025-06-04", "mlb", "UTC")).status).toBe(400);
  });
});

describe("NFL week ranges for the addEvent dialog", () => {
  async function weeks(season: number) {
    const response = await eventLeagues(await apiRequest(`/api/admin/eventLeagues?season=${season}`, { as: admin }), routeParams({}));
    return response.json();
  }

  it("lists the leagues", async () => {
    const response = await eventLeagues(await apiRequest("/api/admin/eventLeagues", { as: admin }), routeParams({}));
    expect(await response.json()).toEqual({
      success: true,
      leagues: [
        { value: "nfl", label: "NFL" },
        { value: "mlb", label: "MLB" },
      ],
    });
  });

  it("takes 2025's weeks from ESPN's calendar (read as Pacific midnights) and drops its broken week 17", async () => {
    const body = await weeks(2025);
    expect(body.nflWeeks).toHaveLength(22);
    expect(body.nflWeeks[0]).toEqual({ week: 1, start: "2025-09-04", end: "2025-09-10", source: "espn" });
    expect(body.nflWeeks[9]).toEqual({ week: 10, start: "2025-11-06", end: "2025-11-12", source: "espn" });
    // ESPN's recorded week 17 ends in 2027; the computed range stands in.
    expect(body.nflWeeks[16]).toEqual({ week: 17, start: "2025-12-25", end: "2025-12-31", source: "computed" });
  });

  it("falls back to the computed rule when ESPN has no calendar (2026 week 1 is Thu Sep 10)", async () => {
    const body = await weeks(2026);
    expect(body.nflWeeks[0]).toEqual({ week: 1, start: "2026-09-10", end: "2026-09-16", source: "computed" });
  });

  it("lets ESPN's calendar win when it disagrees with the computed rule", async () => {
    const board = readFixture("scoreboard-nfl-2025-week1.json") as {
      leagues: Array<{ season: { year: number }; calendar: Array<{ value: string; entries: Array<Record<string, string>> }> }>;
    };
    const league = board.leagues[0]!;
    league.season.year = 2030;
    league.calendar = [
      { value: "2", entries: [{ label: "Week 1", value: "1", startDate: "2030-09-12T07:00Z", endDate: "2030-09-19T06:59Z" }] },
    ];
    espn.answer("football/nfl/scoreboard?dates=2030&seasontype=2&week=1", { json: { leagues: [league], events: [] } });
    const body = await weeks(2030);
    expect(nflWeekRange(2030, 1).start).toBe("2030-09-05");
    expect(body.nflWeeks[0]).toEqual({ week: 1, start: "2030-09-12", end: "2030-09-18", source: "espn" });
    expect(body.nflWeeks[1].source).toBe("computed");
  });
});

describe("one event", () => {
  it("answers {success, event} with teams, and 404 for unknown ids", async () => {
    const db = await getDb();
    const [row] = await db.select().from(events).where(eq(events.espnEventId, "401695827"));
    const response = await getEvent(await apiRequest(`/api/admin/events/${row!.id}`, { as: admin }), routeParams({ eventId: row!.id }));
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      event: { id: row!.id, status: "postponed", eventTitle: "Kansas City Royals at St. Louis Cardinals", venue: "Busch Stadium" },
    });
    expect(body.event.details).toEqual({ homeRecord: "33-27", awayRecord: "32-29" });
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const missing = await getEvent(await apiRequest(`/api/admin/events/${id}`, { as: admin }), routeParams({ eventId: id }));
      expect(missing.status).toBe(404);
    }
  });

  it("pages a season of games by cursor: every game once, in start order, both ways, games at the same minute included", async () => {
    const db = await getDb();
    const base = Date.UTC(2032, 3, 1, 17);
    // 120 games on a day of their own, three at each start time.
    await db.insert(events).values(
      Array.from({ length: 120 }, (_, n) => ({
        league: "mlb",
        title: `Paging game ${n}`,
        startTime: new Date(base + Math.floor(n / 3) * 600_000),
      })),
    );
    for (const sort of ["soonest", "latest"] as const) {
      const seen: Array<{ id: string; eventTime: string }> = [];
      let cursor: string | null = null;
      do {
        const response = await listEvents(
          await apiRequest(
            `/api/admin/events?from=2032-04-01&to=2032-04-01&q=Paging&sort=${sort}&limit=50${cursor ? `&cursor=${cursor}` : ""}`,
            { as: admin },
          ),
          routeParams({}),
        );
        expect(response.status).toBe(200);
        const body = (await response.json()) as { events: Array<{ id: string; eventTime: string }>; nextCursor: string | null };
        seen.push(...body.events);
        cursor = body.nextCursor;
      } while (cursor);
      expect(new Set(seen.map((event) => event.id)).size, sort).toBe(120);
      const times = seen.map((event) => event.eventTime);
      expect(times, sort).toEqual(sort === "soonest" ? [...times].sort() : [...times].sort().reverse());
    }
  });

  it("lists events for the admin table and deletes one (audited)", async () => {
    const list = await listEvents(
      await apiRequest("/api/admin/events?from=2025-06-04&to=2025-06-04&league=mlb&q=royals", { as: admin }),
      routeParams({}),
    );
    const { events: rows } = await list.json();
    expect(rows.map((e: { shortName: string }) => e.shortName)).toEqual(["KC @ STL"]);
    const id = rows[0].id as string;
    const deleted = await deleteEvent(
      await apiRequest(`/api/admin/events/${id}`, { method: "DELETE", as: admin }),
      routeParams({ eventId: id }),
    );
    expect(deleted.status).toBe(200);
    const gone = await getEvent(await apiRequest(`/api/admin/events/${id}`, { as: admin }), routeParams({ eventId: id }));
    expect(gone.status).toBe(404);
  });
});
