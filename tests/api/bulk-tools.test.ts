// Bulk tools (issue 41 item 5, docs/decisions/063-bulk-tools.md): moving the close of many props
// or packs at once, and the streamed CSV exports of picks, standings and the ledger.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { POST as bulkClose } from "@/app/api/admin/bulk/close/route";
import { GET as exportPicks } from "@/app/api/admin/exports/picks/route";
import { GET as exportStandings } from "@/app/api/admin/exports/standings/route";
import { GET as exportLedger } from "@/app/api/admin/exports/ledger/route";
import { getDb, queryRows } from "@/server/db/client";
import { adminAuditLog, contestPacks, contests, packs, props } from "@/server/db/schema";
import { gradeProp } from "@/server/grading/grade-prop";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import { pickBatches, EXPORT_BATCH } from "@/server/exports/export-rows";
import { resolveExportScope } from "@/server/exports/export-scope";
import { csvCell } from "@/domain/csv";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { createEvent, createPack, submitTakes, type TestPack } from "../helpers/grading-fixtures";

type Handler = (req: Awaited<ReturnType<typeof apiRequest>>, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const HOUR = 3_600_000;
let admin: TestProfile;
let player: TestProfile;

beforeAll(async () => {
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
  player = await createProfile();
});
afterAll(closeTestDb);

async function move(body: Record<string, unknown>, as: TestProfile = admin) {
  const response = await (bulkClose as Handler)(await apiRequest("/api/admin/bulk/close", { body, as }), routeParams({}));
  return { status: response.status, body: await response.json() };
}

async function closesOf(ids: string[]) {
  const db = await getDb();
  const rows = await db.select({ id: props.id, closeTime: props.closeTime }).from(props).where(inArray(props.id, ids));
  return new Map(rows.map((r) => [r.id, r.closeTime?.toISOString() ?? null]));
}

async function openPackWithProps(count: number, closeIn = 24 * HOUR): Promise<TestPack> {
  const pack = await createPack({
    status: "open",
    props: Array.from({ length: count }, () => ({})),
    openTime: new Date(Date.now() - HOUR),
    closeTime: new Date(Date.now() + 48 * HOUR),
  });
  const db = await getDb();
  await db
    .update(props)
    .set({ closeTime: new Date(Date.now() + closeIn) })
    .where(eq(props.packId, pack.id));
  return pack;
}

describe("moving the close of many props at once", () => {
  it("previews the counts without changing anything, then shifts every prop by the same amount, audited one row each", async () => {
    const pack = await openPackWithProps(3);
    const ids = pack.props.map((p) => p.id);
    const before = await closesOf(ids);
    const preview = await move({ target: "props", ids, mode: "shift", shiftMinutes: 90, dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ moved: 3, unchanged: 0, skipped: 0, applied: false });
    expect(await closesOf(ids)).toEqual(before);

    const done = await move({ target: "props", ids, mode: "shift", shiftMinutes: 90, dryRun: false });
    expect(done.body).toMatchObject({ moved: 3, skipped: 0, applied: true });
    const after = await closesOf(ids);
    for (const id of ids) expect(Date.parse(after.get(id)!) - Date.parse(before.get(id)!)).toBe(90 * 60_000);
    const db = await getDb();
    const audit = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "prop.close_move"), inArray(adminAuditLog.entityId, ids)));
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({ actorProfileId: admin.id, after: expect.objectContaining({ bulk: "Shifted +90 min" }) });
  });

  it("locks each prop at its game's start, and leaves a prop without a game and a graded prop alone, saying why", async () => {
    const pack = await openPackWithProps(3);
    const kickoff = new Date(Date.now() + 5 * HOUR);
    const { eventId } = await createEvent({ packId: pack.id, status: "scheduled", startTime: kickoff });
    const db = await getDb();
    await db
      .update(props)
      .set({ eventId })
      .where(inArray(props.id, [pack.props[0]!.id, pack.props[1]!.id]));
    await db.update(props).set({ status: "closed" }).where(eq(props.id, pack.props[1]!.id));
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 1, side: "A" }] });
    await gradeProp({ propId: pack.props[1]!.id, outcome: "A", actorProfileId: admin.id });

    const { status, body } = await move({ target: "props", ids: pack.props.map((p) => p.id), mode: "gameStart", dryRun: false });
    expect(status).toBe(200);
    expect(body).toMatchObject({ moved: 1, skipped: 2 });
    const reasons = Object.fromEntries(body.items.map((i: { id: string; skip: string | null }) => [i.id, i.skip]));
    expect(reasons[pack.props[0]!.id]).toBeNull();
    expect(reasons[pack.props[1]!.id]).toBe("Graded: take the grade back first");
    expect(reasons[pack.props[2]!.id]).toBe("Not on a game");
    expect((await closesOf([pack.props[0]!.id])).get(pack.props[0]!.id)).toBe(kickoff.toISOString());
  });

  it("refuses a close that has already passed or falls before the pack opens, and counts a close already there as unchanged", async () => {
    const pack = await openPackWithProps(2);
    const ids = pack.props.map((p) => p.id);
    const past = await move({ target: "props", ids, mode: "set", closeTime: new Date(Date.now() - HOUR).toISOString(), dryRun: false });
    expect(past.body).toMatchObject({ moved: 0, skipped: 2 });
    expect(past.body.items[0].skip).toMatch(/has passed/);

    const db = await getDb();
    await db
      .update(packs)
      .set({ openTime: new Date(Date.now() + 10 * HOUR) })
      .where(eq(packs.id, pack.id));
    const early = await move({
      target: "props",
      ids,
      mode: "set",
      closeTime: new Date(Date.now() + 5 * HOUR).toISOString(),
      dryRun: false,
    });
    expect(early.body.items[0].skip).toBe("Would close before its pack opens");

    const current = (await closesOf(ids)).get(ids[0]!)!;
    const same = await move({ target: "props", ids: [ids[0]], mode: "set", closeTime: current, dryRun: false });
    expect(same.body).toMatchObject({ moved: 0, unchanged: 1, skipped: 0 });
  });

  it("moves packs' closes, each to its last linked game's start, and refuses a graded pack", async () => {
    const pack = await openPackWithProps(1);
    const lateStart = new Date(Date.now() + 30 * HOUR);
    await createEvent({ packId: pack.id, status: "scheduled", startTime: new Date(Date.now() + 20 * HOUR) });
    await createEvent({ packId: pack.id, status: "scheduled", startTime: lateStart });
    const graded = await createPack({ status: "graded", props: [{}] });
    const { body } = await move({ target: "packs", ids: [pack.id, graded.id], mode: "gameStart", dryRun: false });
    expect(body).toMatchObject({ moved: 1, skipped: 1 });
    expect(body.items.find((i: { id: string }) => i.id === graded.id).skip).toBe("Pack is graded");
    const db = await getDb();
    const [row] = await db.select({ closeTime: packs.closeTime }).from(packs).where(eq(packs.id, pack.id));
    expect(row!.closeTime!.toISOString()).toBe(lateStart.toISOString());
  });

  it("two moves of the same props at once both apply, one after the other, without a deadlock", async () => {
    const pack = await openPackWithProps(6);
    const ids = pack.props.map((p) => p.id);
    const before = await closesOf(ids);
    // Selected in opposite orders: the rows are locked in id order whatever the selection's.
    const [first, second] = await Promise.all([
      move({ target: "props", ids, mode: "shift", shiftMinutes: 30, dryRun: false }),
      move({ target: "props", ids: [...ids].reverse(), mode: "shift", shiftMinutes: -10, dryRun: false }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.moved, second.body.moved]).toEqual([6, 6]);
    const after = await closesOf(ids);
    for (const id of ids) expect(Date.parse(after.get(id)!) - Date.parse(before.get(id)!)).toBe(20 * 60_000);
  });

  it("answers a 400 in words for a request it cannot do, and refuses players", async () => {
    const pack = await openPackWithProps(1);
    const ids = pack.props.map((p) => p.id);
    expect(await move({ target: "props", ids, mode: "set", dryRun: false })).toMatchObject({
      status: 400,
      body: { success: false, error: "Choose the new close time." },
    });
    expect(await move({ target: "props", ids, mode: "shift", shiftMinutes: 0 })).toMatchObject({ status: 400 });
    expect(await move({ target: "props", ids: [], mode: "gameStart" })).toMatchObject({
      status: 400,
      body: { error: "Select at least one." },
    });
    expect(await move({ target: "teams", ids, mode: "gameStart" })).toMatchObject({ status: 400 });
    expect((await move({ target: "props", ids, mode: "gameStart" }, player)).status).toBe(403);
  });
});

// ---------------------------------------------------------------- exports

async function download(handler: unknown, path: string, as: TestProfile = admin) {
  const response = await (handler as Handler)(await apiRequest(path, { as }), routeParams({}));
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** A tiny RFC 4180 reader for the assertions (quoted cells, doubled quotes, CRLF records). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && body[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

/** `players` fans each pick every prop of the pack (generate_series: thousands of takes in one statement). */
async function seedTakes(pack: TestPack, players: number, tag: string) {
  const db = await getDb();
  await db.execute(sql`
    insert into profiles (handle, phone, handle_is_generated)
    select ${tag} || g, '+1' || (2000000000 + (random() * 7999999999)::bigint)::text, false from generate_series(1, ${players}) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into receipts (id, profile_id, pack_id, idempotency_key)
    select 'r' || substr(md5(pf.id::text || ${pack.id}), 1, 16), pf.id, ${pack.id}::uuid, 'seed-' || pf.id
    from profiles pf where pf.handle like ${`${tag}%`}`);
  await db.execute(sql`
    insert into takes (profile_id, prop_id, pack_id, receipt_id, side, locked_value)
    select r.profile_id, pr.id, r.pack_id, r.id, case when (hashtext(r.id || pr.id::text) & 1) = 0 then 'A' else 'B' end, 250
    from receipts r join props pr on pr.pack_id = r.pack_id
    where r.pack_id = ${pack.id}::uuid`);
}

describe("CSV exports", () => {
  it("neutralises formulas and quotes commas, quotes and line breaks in a cell", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("-cmd")).toBe("'-cmd");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("Over, under")).toBe('"Over, under"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(-2.5)).toBe("-2.5");
    expect(csvCell(null)).toBe("");
  });

  it("streams a pack's picks as an attachment, every take once across batches, with no phone numbers", async () => {
    const pack = await createPack({
      status: "open",
      title: '=cmd|"/c calc"!A1, "Sunday"',
      props: [{ shortLabel: "Over, or\nunder?" }, {}],
    });
    const players = Math.ceil((EXPORT_BATCH + 300) / 2);
    await seedTakes(pack, players, "csvfan");
    const { status, headers, text } = await download(exportPicks, `/api/admin/exports/picks?pack=${pack.id}`);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(headers.get("content-disposition")).toBe(`attachment; filename="picks-pack-${pack.packUrl}.csv"`);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      "Pack",
      "Prop",
      "Player",
      "Pick",
      "Side",
      "Locked value",
      "Result",
      "Points",
      "Diamonds",
      "Submitted at",
      "Take id",
    ]);
    const body = rows.slice(1);
    expect(body).toHaveLength(players * 2);
    expect(new Set(body.map((r) => r[10])).size).toBe(players * 2);
    expect(body[0]![0]).toBe(`'=cmd|"/c calc"!A1, "Sunday"`);
    expect(body.some((r) => r[1] === "Over, or\nunder?")).toBe(true);
    expect(text).not.toMatch(/\+1\d{10}/);
  });

  it("pages by keyset: batches smaller than the pack give the same rows as one", async () => {
    const pack = await createPack({ status: "open", props: [{}, {}, {}] });
    await seedTakes(pack, 40, "pagefan");
    const scope = await resolveExportScope({ pack: pack.id });
    const collect = async (size: number) => {
      const out: string[] = [];
      const batches = pickBatches(scope, size);
      for (let next = await batches.next(); !next.done; next = await batches.next()) out.push(...next.value.map((r) => String(r[10])));
      return out;
    };
    const whole = await collect(1000);
    expect(whole).toHaveLength(120);
    expect(await collect(7)).toEqual(whole);
  });

  it("exports standings ranked like the board, and the ledger's payouts of a graded pack", async () => {
    const pack = await createPack({ status: "live", props: [{}] });
    const fans = [await createProfile(), await createProfile(), await createProfile()];
    await submitTakes({ profile: fans[0]!, pack, picks: [{ propIndex: 0, side: "A" }] });
    await submitTakes({ profile: fans[1]!, pack, picks: [{ propIndex: 0, side: "A" }] });
    await submitTakes({ profile: fans[2]!, pack, picks: [{ propIndex: 0, side: "B" }] });
    await gradeProp({ propId: pack.props[0]!.id, outcome: "A", actorProfileId: admin.id });
    await drainLeaderboardQueue();

    const standings = parseCsv((await download(exportStandings, `/api/admin/exports/standings?pack=${pack.id}`)).text);
    expect(standings[0]).toEqual(["Rank", "Player", "Points", "Won", "Lost", "Pushed", "Takes"]);
    expect(standings.slice(1).map((r) => [r[0], r[3], r[4]])).toEqual([
      ["1", "1", "0"],
      ["1", "1", "0"],
      ["3", "0", "1"],
    ]);
    expect(standings[3]![1]).toBe(fans[2]!.handle);

    const ledger = parseCsv((await download(exportLedger, `/api/admin/exports/ledger?pack=${pack.id}`)).text);
    const payouts = ledger.slice(1);
    expect(payouts).toHaveLength(2);
    expect(new Set(payouts.map((r) => r[2]))).toEqual(new Set([fans[0]!.handle, fans[1]!.handle]));
    for (const row of payouts) expect(row[3]).toBe("take_payout");
  });

  it("exports a contest's and a week's picks across their packs", async () => {
    const first = await createPack({ status: "open", props: [{}], closeTime: new Date("2031-03-04T18:00:00Z") });
    const second = await createPack({ status: "open", props: [{}], closeTime: new Date("2031-03-08T18:00:00Z") });
    const later = await createPack({ status: "open", props: [{}], closeTime: new Date("2031-03-11T18:00:00Z") });
    for (const pack of [first, second, later]) await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });
    const week = parseCsv((await download(exportPicks, "/api/admin/exports/picks?week=2031-03-05")).text);
    expect(week.slice(1).map((r) => r[0])).toEqual([first.title, second.title]);

    const db = await getDb();
    const [contest] = await db.insert(contests).values({ slug: "bulk-export-contest", title: "Export cup" }).returning();
    await db.insert(contestPacks).values([first, later].map((p) => ({ contestId: contest!.id, packId: p.id })));
    const inContest = await download(exportPicks, `/api/admin/exports/picks?contest=${contest!.id}`);
    const bySlug = await download(exportPicks, "/api/admin/exports/picks?contest=bulk-export-contest");
    expect(bySlug.text).toBe(inContest.text);
    expect(inContest.headers.get("content-disposition")).toContain("picks-contest-bulk-export-contest.csv");
    expect(
      parseCsv(inContest.text)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual([first.title, later.title]);
  });

  it("answers a JSON 4xx for a missing or doubled scope and an unknown pack, and refuses players", async () => {
    const none = await download(exportPicks, "/api/admin/exports/picks");
    expect(none.status).toBe(400);
    expect(JSON.parse(none.text)).toMatchObject({ success: false, error: "Choose one of a pack, a week or a contest to export." });
    expect((await download(exportPicks, "/api/admin/exports/picks?week=2031-03-05&pack=00000000-0000-4000-8000-000000000000")).status).toBe(
      400,
    );
    expect((await download(exportLedger, "/api/admin/exports/ledger?pack=00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await download(exportStandings, "/api/admin/exports/standings?week=nope")).status).toBe(400);
    const db = await getDb();
    const [anyPack] = await queryRows<{ id: string }>(db, sql`select id from packs limit 1`);
    expect((await download(exportPicks, `/api/admin/exports/picks?pack=${anyPack!.id}`, player)).status).toBe(403);
  });
});
