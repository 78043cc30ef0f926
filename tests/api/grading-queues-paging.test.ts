// The three admin grading queues page by keyset cursor (docs/decisions/024-season-scale.md,
// src/server/http/keyset.ts): a season's backlog is thousands of packs, and a list that stops at
// 200 hides the rest from the admin without a word.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import * as gradePacksRoute from "@/app/api/admin/gradePacks/route";
import * as gradePropsRoute from "@/app/api/admin/gradeProps/route";
import * as gradedPacksRoute from "@/app/api/admin/gradedPacks/route";
import { encodeCursor } from "@/server/http/keyset";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";

let admin: TestProfile;
beforeAll(async () => {
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
});
afterAll(closeTestDb);

type Handler = (req: import("next/server").NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const call = async (handler: Handler, path: string) => {
  const response = await handler(await apiRequest(path, { as: admin }), routeParams({}));
  return { status: response.status, body: await response.json() };
};

/** Every page of a queue, following nextCursor to the end. */
async function pageThrough<T>(handler: Handler, path: string, field: "packs" | "props", pageSize: number) {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const answer: { status: number; body: Record<string, unknown> } = await call(handler, cursor ? `${path}?cursor=${cursor}` : path);
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    const rows = answer.body[field] as T[];
    expect(rows.length).toBeLessThanOrEqual(pageSize);
    pages.push(rows);
    cursor = answer.body.nextCursor as string | null;
    // Only the last page may be short.
    if (cursor) expect(rows).toHaveLength(pageSize);
    expect(pages.length).toBeLessThan(50);
  } while (cursor);
  return { pages, rows: pages.flat() };
}

const ascending = (a: number, b: number) => (a === b ? 0 : a < b ? -1 : 1);
const column = async <T>(query: ReturnType<typeof sql>) => (await queryRows<{ v: T }>(await getDb(), query)).map((row) => row.v);

describe("packs to grade", () => {
  beforeAll(async () => {
    const db = await getDb();
    // 30 finished games, three to each start time (ties on the event time).
    await db.execute(sql`
      insert into events (league, title, start_time, status)
      select 'nfl', 'Queue game ' || k, timestamptz '2025-06-01 00:00:00+00' - (k % 10) * interval '1 hour', 'final'
      from generate_series(0, 29) k`);
    // 120 closed packs: close times tie in fours and differ by a microsecond in threes; every
    // fifth pack has no game (it sorts last), every seventh two games (the earlier one counts).
    await db.execute(sql`
      insert into packs (pack_url, title, league, status, open_time, close_time)
      select 'tograde-' || lpad(n::text, 3, '0'), 'To grade ' || n, 'nfl', 'live', timestamptz '2025-05-20 00:00:00+00',
             timestamptz '2025-06-02 00:00:00+00' + (n % 4) * interval '1 hour' + (n % 3) * interval '1 microsecond'
      from generate_series(0, 119) n`);
    await db.execute(sql`
      insert into pack_events (pack_id, event_id, position)
      select p.id, e.id, g
      from packs p cross join generate_series(0, 1) g
      join events e on e.title = 'Queue game ' || ((substr(p.pack_url, 9)::int + g) % 30)
      where p.pack_url like 'tograde-%' and substr(p.pack_url, 9)::int % 5 <> 0
        and (g = 0 or substr(p.pack_url, 9)::int % 7 = 1)`);
    // One prop waiting per pack, a second for every tenth, and one already graded that does not count.
    await db.execute(sql`
      insert into props (pack_id, position, short_label, title, side_a_short, side_b_short, side_a_take, side_b_take, status)
      select p.id, g, 'Q' || g, 'Q' || g || '?', 'Yes', 'No', 'yes', 'no', (array['closed', 'open', 'gradedA'])[g + 1]
      from packs p cross join generate_series(0, 2) g
      where p.pack_url like 'tograde-%' and (g <> 1 or substr(p.pack_url, 9)::int % 10 = 3)`);
    // Not in the queue: a pack whose game is still on, and a graded (and settled) pack.
    await db.execute(sql`
      insert into packs (pack_url, title, league, status, open_time, close_time, winners_set_at) values
        ('skipgrade-playing', 'Still playing', 'nfl', 'live', timestamptz '2025-05-20 00:00:00+00', timestamptz '2025-06-02 00:00:00+00', null),
        ('skipgrade-graded', 'Already graded', 'nfl', 'graded', timestamptz '2025-05-20 00:00:00+00', timestamptz '2025-06-02 00:00:00+00', now())`);
    await db.execute(
      sql`insert into events (league, title, start_time, status) values ('nfl', 'Game on', timestamptz '2025-06-01 00:00:00+00', 'in_progress')`,
    );
    await db.execute(sql`
      insert into pack_events (pack_id, event_id)
      select p.id, e.id from packs p, events e where p.pack_url = 'skipgrade-playing' and e.title = 'Game on'`);
    await db.execute(sql`
      insert into props (pack_id, short_label, title, side_a_short, side_b_short, side_a_take, side_b_take, status)
      select p.id, 'Q', 'Q?', 'Yes', 'No', 'yes', 'no', 'closed' from packs p where p.pack_url like 'skipgrade-%'`);
  });

  it("an admin sees every pack waiting for grades, 50 at a time, earliest game first and packs without a game last, none twice", async () => {
    const { pages, rows } = await pageThrough<{ id: string; packURL: string; eventTime: string | null; ungradedProps: number }>(
      gradePacksRoute.GET as Handler,
      "/api/admin/gradePacks",
      "packs",
      50,
    );
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);

    const expected = await column<string>(sql`
      select p.pack_url as v from packs p
      where p.pack_url like 'tograde-%'
      order by (select min(e.start_time) from pack_events pe join events e on e.id = pe.event_id where pe.pack_id = p.id) asc nulls last,
               p.close_time asc, p.id asc`);
    expect(expected).toHaveLength(120);
    const mine = rows.filter((row) => row.packURL.startsWith("tograde-"));
    expect(mine.map((row) => row.packURL)).toEqual(expected);
    expect(rows.map((row) => row.packURL)).not.toContain("skipgrade-playing");
    expect(rows.map((row) => row.packURL)).not.toContain("skipgrade-graded");

    // The list as a whole is in event time order with the packs without a game at the end.
    const times = rows.map((row) => (row.eventTime ? Date.parse(row.eventTime) : Infinity));
    expect(times).toEqual([...times].sort(ascending));
    expect(mine.filter((row) => row.eventTime === null)).toHaveLength(24);
    expect(mine.find((row) => row.packURL === "tograde-001")).toMatchObject({ eventTime: "2025-05-31T22:00:00.000Z", ungradedProps: 1 });
    expect(mine.find((row) => row.packURL === "tograde-013")).toMatchObject({ ungradedProps: 2 });
  });
});

describe("props to grade", () => {
  beforeAll(async () => {
    const db = await getDb();
    // Four finished games on two start times, and one still being played.
    await db.execute(sql`
      insert into events (league, title, start_time, status, espn_event_id)
      select 'nfl', 'Prop game ' || j, timestamptz '2025-06-30 00:00:00+00' + (j % 2) * interval '1 hour', 'final', 'propq-' || j
      from generate_series(0, 3) j`);
    await db.execute(
      sql`insert into events (league, title, start_time, status) values ('nfl', 'Prop game on', timestamptz '2025-06-30 00:00:00+00', 'in_progress')`,
    );
    // 23 packs of ten props: 230 waiting. Pack close times tie in threes; three packs have none
    // (their props close on their own). A third of the props have no game.
    await db.execute(sql`
      insert into packs (pack_url, title, league, status, open_time, close_time)
      select 'propq-' || lpad(k::text, 2, '0'), 'Prop queue ' || k, 'nfl', 'live', timestamptz '2025-06-20 00:00:00+00',
             case when k % 11 = 0 then null else timestamptz '2025-07-01 00:00:00+00' + (k % 3) * interval '1 hour' end
      from generate_series(0, 22) k`);
    await db.execute(sql`
      insert into props (pack_id, event_id, position, short_label, title, side_a_short, side_b_short, side_a_take, side_b_take, status, close_time)
      select p.id, e.id, g, 'P' || g, p.pack_url || ' prop ' || g || '?', 'Yes', 'No', 'yes', 'no', 'closed',
             case when p.close_time is null then timestamptz '2025-07-01 00:00:00+00' end
      from packs p cross join generate_series(0, 9) g
      left join events e on g % 3 <> 0 and e.title = 'Prop game ' || (g % 4)
      where p.pack_url like 'propq-%'`);
    // Not in the queue: a graded prop, and a prop whose game is still on.
    await db.execute(sql`
      insert into props (pack_id, event_id, position, short_label, title, side_a_short, side_b_short, side_a_take, side_b_take, status)
      select p.id, case when s = 'closed' then e.id end, 20, 'X', 'skipped ' || s || '?', 'Yes', 'No', 'yes', 'no', s
      from packs p, events e, unnest(array['gradedA', 'closed']) s
      where p.pack_url = 'propq-01' and e.title = 'Prop game on'`);
  });

  it("an admin sees every prop ready to grade, 100 at a time, soonest game first, none twice", async () => {
    const { pages, rows } = await pageThrough<{ propId: string; question: string; eventTime: string | null; boxScoreUrl: string | null }>(
      gradePropsRoute.GET as Handler,
      "/api/admin/gradeProps",
      "props",
      100,
    );
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((row) => row.propId)).size).toBe(rows.length);

    const expected = await column<string>(sql`
      select pr.id as v from props pr join packs p on p.id = pr.pack_id left join events e on e.id = pr.event_id
      where p.pack_url like 'propq-%' and pr.status = 'closed' and pr.position < 20
      order by e.start_time asc nulls last, p.close_time asc nulls last, pr.position asc, pr.id asc`);
    expect(expected).toHaveLength(230);
    const mine = rows.filter((row) => row.question.startsWith("propq-"));
    expect(mine.map((row) => row.propId)).toEqual(expected);
    expect(rows.map((row) => row.question)).not.toContain("skipped gradedA?");
    expect(rows.map((row) => row.question)).not.toContain("skipped closed?");

    const times = rows.map((row) => (row.eventTime ? Date.parse(row.eventTime) : Infinity));
    expect(times).toEqual([...times].sort(ascending));
    expect(mine.find((row) => row.question === "propq-05 prop 1?")).toMatchObject({
      eventTime: "2025-06-30T01:00:00.000Z",
      boxScoreUrl: expect.stringContaining("propq-1"),
    });
  });
});

describe("graded packs without winners", () => {
  beforeAll(async () => {
    const db = await getDb();
    // 120 graded packs: grading times tie in tens, every sixth pack has none (it sorts last), and
    // titles tie in fours within those. Titles of 110 non-ASCII letters would not fit in a cursor.
    await db.execute(sql`
      insert into packs (pack_url, title, league, status, open_time, close_time, graded_at)
      select 'winless-' || lpad(n::text, 3, '0'), repeat('Ü', 110) || ' ' || (n % 4), 'nfl', 'graded',
             timestamptz '2025-05-01 00:00:00+00', timestamptz '2025-05-02 00:00:00+00',
             case when n % 6 = 0 then null else timestamptz '2025-05-03 00:00:00+00' + (n % 10) * interval '1 hour' end
      from generate_series(0, 119) n`);
    await db.execute(sql`
      insert into packs (pack_url, title, league, status, open_time, close_time, graded_at, winners_set_at)
      values ('winless-settled', 'Settled', 'nfl', 'graded', timestamptz '2025-05-01 00:00:00+00', timestamptz '2025-05-02 00:00:00+00', now(), now())`);
  });

  it("an admin sees every graded pack still without winners, 50 at a time, latest graded first, none twice", async () => {
    const { pages, rows } = await pageThrough<{ airtableId: string; packURL: string; title: string }>(
      gradedPacksRoute.GET as Handler,
      "/api/admin/gradedPacks",
      "packs",
      50,
    );
    expect(pages.map((page) => page.length)).toEqual([50, 50, 20]);
    const expected = await column<string>(sql`
      select p.pack_url as v from packs p
      where p.pack_url like 'winless-%' and p.winners_set_at is null
      order by p.graded_at desc nulls last, p.title asc, p.id asc`);
    expect(expected).toHaveLength(120);
    expect(rows.map((row) => row.packURL)).toEqual(expected);
    expect(new Set(rows.map((row) => row.airtableId)).size).toBe(120);
  });
});

describe("a cursor the server did not make", () => {
  const uuid = "00000000-0000-4000-8000-000000000000";
  const routes: Array<[string, Handler]> = [
    ["/api/admin/gradePacks", gradePacksRoute.GET as Handler],
    ["/api/admin/gradeProps", gradePropsRoute.GET as Handler],
    ["/api/admin/gradedPacks", gradedPacksRoute.GET as Handler],
  ];
  const forged = [
    "nonsense",
    "a".repeat(500),
    "%00",
    Buffer.from('["x","y"]').toString("base64url"),
    encodeCursor("2025-02-30 00:00:00+00", uuid),
    encodeCursor(JSON.stringify(["2025-06-01 00:00:00+00", "tomorrow"]), uuid),
    encodeCursor(JSON.stringify(["infinity", "2025-06-01 00:00:00+00", "1e9"]), uuid),
    encodeCursor(JSON.stringify(["infinity", "2025-06-01 00:00:00+00", "1'; drop table packs; --"]), uuid),
    encodeCursor(JSON.stringify(["2025-06-01 00:00:00+00"]), uuid),
  ];

  it.each(routes)("%s answers a garbled cursor with a 400 and a message, not a server error", async (path, handler) => {
    for (const cursor of forged) {
      const answer = await call(handler, `${path}?cursor=${cursor}`);
      expect(answer.status, cursor).toBe(400);
      // A NUL is turned away at the request edge (docs/decisions/017-request-edge.md), the rest by the cursor's check.
      expect(answer.body, cursor).toEqual({ success: false, error: expect.stringMatching(/cursor|null character/i) });
    }
  });

  it("a cursor from one queue is refused by another", async () => {
    const packsCursor = encodeCursor(JSON.stringify(["infinity", "2025-06-02 00:00:00+00"]), uuid);
    const winnersCursor = encodeCursor("2025-05-03 00:00:00+00", uuid);
    expect((await call(gradedPacksRoute.GET as Handler, `/api/admin/gradedPacks?cursor=${packsCursor}`)).status).toBe(400);
    expect((await call(gradePacksRoute.GET as Handler, `/api/admin/gradePacks?cursor=${winnersCursor}`)).status).toBe(400);
    expect((await call(gradePropsRoute.GET as Handler, `/api/admin/gradeProps?cursor=${packsCursor}`)).status).toBe(400);
  });
});
