// Game day, live (issue 37, docs/decisions/053-game-day-live.md): a game's reading reaches every
// open stream of this instance through one LISTEN, without a reload, and a stream that dropped
// gets what it missed when it comes back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { GET as streamRoute } from "@/app/api/live/stream/route";
import { GET as liveRoute } from "@/app/api/live/route";
import { LIVE_CHANNEL, type LiveGame } from "@/domain/live";
import { getDb } from "@/server/db/client";
import { events, props } from "@/server/db/schema";
import { liveHub, WRITE_SLICE } from "@/server/live/hub";
import { appMetrics } from "@/server/ops/metrics";
import { routeParams } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createTestPack, type TestPack } from "../helpers/packs";

let pack: TestPack;
let eventId: string;
let whoWinsProp: string;
let totalProp: string;

beforeAll(async () => {
  await createTestDb();
  pack = await createTestPack({ props: 2, eventStart: new Date(Date.now() - 3_600_000) });
  eventId = pack.eventIds[0]!;
  [whoWinsProp, totalProp] = pack.props.map((p) => p.id) as [string, string];
  const db = await getDb();
  await db
    .update(props)
    .set({ eventId, gradingRule: "who_wins", gradingParams: { homeSide: "A" } })
    .where(eq(props.id, whoWinsProp));
  await db
    .update(props)
    .set({ eventId, gradingRule: "total_over_under", gradingParams: { line: 44.5, overSide: "A" } })
    .where(eq(props.id, totalProp));
});
afterAll(async () => {
  await liveHub().close();
  await closeTestDb();
});

/** What the live poller does when ESPN's reading changes: a new version and a notice, in one transaction. */
async function scoreChange(change: { home: number; away: number; state?: string; detail?: string }) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(events)
      .set({
        status: change.state === "final" ? "final" : "in_progress",
        liveState: change.state ?? "in_progress",
        statusDetail: change.detail ?? "Q2 4:12",
        homeScore: change.home,
        awayScore: change.away,
        scoreReadAt: new Date(),
        liveVersion: sql`nextval('events_live_version_seq')`,
      })
      .where(eq(events.id, eventId))
      .returning({ version: events.liveVersion });
    await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ kind: "game", eventId, version: row!.version })})`);
    return row!.version!;
  });
}

interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
}

/** An open stream as a browser holds it: its events in order, parsed as EventSource does. */
async function openStream(query: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const response = await streamRoute(
    new NextRequest(`http://localhost:3000/api/live/stream?${query}`, { headers, signal: abort.signal }),
    routeParams({}),
  );
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const received: SseEvent[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = {};
        for (const line of block.split("\n")) {
          const colon = line.indexOf(":");
          if (colon <= 0) continue;
          const field = line.slice(0, colon) as keyof SseEvent;
          event[field] = line.slice(colon + 1).trimStart();
        }
        if (event.event || event.data) received.push(event);
      }
    }
  })().catch(() => undefined);
  const games = () => received.filter((e) => e.event === "game").map((e) => JSON.parse(e.data!) as LiveGame);
  return {
    received,
    games,
    async waitFor(predicate: (games: LiveGame[]) => boolean, what: string) {
      const deadline = Date.now() + 5_000;
      while (!predicate(games())) {
        if (Date.now() > deadline) throw new Error(`stream never showed ${what}; it showed ${JSON.stringify(games())}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: async () => {
      abort.abort();
      await reader.cancel().catch(() => undefined);
      await pump;
    },
  };
}

describe("the live stream", () => {
  it("sends the game's current reading as soon as a stream opens", async () => {
    const version = await scoreChange({ home: 7, away: 3 });
    const stream = await openStream(`events=${eventId}`);
    await stream.waitFor((games) => games.some((g) => g.version === version), "the current reading");
    const game = stream.games().at(-1)!;
    expect(game).toMatchObject({ eventId, state: "in_progress", homeScore: 7, awayScore: 3, detail: "Q2 4:12" });
    // Home leads: side A of "who wins" (home side A) is winning; 10 points is under 44.5, so side B of the total.
    expect(game.leaders).toEqual({ [whoWinsProp]: "A", [totalProp]: "B" });
    await stream.close();
  });

  it("pushes a score change to every open stream without a reload, read once for all of them", async () => {
    const streams = await Promise.all(Array.from({ length: 50 }, () => openStream(`events=${eventId}`)));
    await Promise.all(streams.map((s) => s.waitFor((games) => games.length > 0, "the first reading")));
    const readsBefore = (await appMetrics().liveReads.get()).values[0]?.value ?? 0;
    const version = await scoreChange({ home: 7, away: 10, detail: "Q3 11:02" });
    await Promise.all(streams.map((s) => s.waitFor((games) => games.some((g) => g.version === version), "the away side's field goal")));
    for (const stream of streams)
      expect(stream.games().at(-1)).toMatchObject({ homeScore: 7, awayScore: 10, leaders: { [whoWinsProp]: "B" } });
    const readsAfter = (await appMetrics().liveReads.get()).values[0]?.value ?? 0;
    expect(readsAfter - readsBefore).toBe(1);
    await Promise.all(streams.map((s) => s.close()));
    expect(liveHub().streamCount).toBe(0);
  });

  it("writes quick changes to more streams than one slice holds, each stream seeing them in order", async () => {
    // The hub writes WRITE_SLICE streams per turn of the event loop; two changes in a row must not overtake each other.
    const streams = await Promise.all(Array.from({ length: WRITE_SLICE * 2 + 10 }, () => openStream(`events=${eventId}`)));
    await Promise.all(streams.map((s) => s.waitFor((games) => games.length > 0, "the first reading")));
    const first = await scoreChange({ home: 14, away: 10, detail: "Q3 2:40" });
    await new Promise((resolve) => setTimeout(resolve, 60)); // past the hub's 25 ms coalescing: two flushes
    const second = await scoreChange({ home: 14, away: 17, detail: "Q4 9:15" });
    await Promise.all(streams.map((s) => s.waitFor((games) => games.some((g) => g.version === second), "the second change")));
    for (const stream of streams) {
      const versions = stream.games().map((g) => g.version);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
      expect(versions).toContain(first);
      expect(stream.games().at(-1)).toMatchObject({ homeScore: 14, awayScore: 17, detail: "Q4 9:15" });
    }
    await Promise.all(streams.map((s) => s.close()));
  });

  it("gives a stream that comes back with Last-Event-ID the change it missed while away", async () => {
    const first = await openStream(`events=${eventId}`);
    await first.waitFor((games) => games.length > 0, "the first reading");
    const seen = first.received.filter((e) => e.id).at(-1)!.id!;
    await first.close();
    const missed = await scoreChange({ home: 14, away: 10, detail: "Q4 2:00" });
    const resumed = await openStream(`events=${eventId}`, { "last-event-id": seen });
    await resumed.waitFor((games) => games.some((g) => g.version === missed && g.homeScore === 14), "the touchdown it missed");
    await resumed.close();
  });

  it("answers the polling fallback with the same reading", async () => {
    const version = await scoreChange({ home: 21, away: 10, state: "halftime", detail: "Halftime" });
    const response = await liveRoute(new NextRequest(`http://localhost:3000/api/live?events=${eventId}`), routeParams({}));
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body.games).toEqual([expect.objectContaining({ eventId, version, state: "halftime", homeScore: 21, awayScore: 10 })]);
  });

  it("refuses a stream without games, or with more than a page shows, with a clear JSON error", async () => {
    for (const query of ["", "events=", "events=not-a-game", `events=${Array.from({ length: 41 }, () => crypto.randomUUID()).join(",")}`]) {
      const response = await streamRoute(new NextRequest(`http://localhost:3000/api/live/stream?${query}`), routeParams({}));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, error: expect.any(String) });
    }
  });
});
