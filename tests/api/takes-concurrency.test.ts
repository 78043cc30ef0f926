// Races on submitting takes. They run on PGlite (which serialises everything)
// and, with TEST_DATABASE_URL, on real Postgres where the requests truly overlap.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { POST as submitRoute } from "@/app/api/packs/[packURL]/takes/route";
import { getDb, queryRows } from "@/server/db/client";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createTestPack } from "../helpers/packs";
import { gradeProp } from "@/server/grading/grade-prop";

beforeAll(createTestDb);
afterAll(closeTestDb);

const PARALLEL = 20;

async function post(packURL: string, body: unknown, as: TestProfile) {
  const response = await submitRoute(await apiRequest(`/api/packs/${packURL}/takes`, { body, as }), routeParams({ packURL }));
  return { status: response.status, body: (await response.json()) as { success: boolean; receiptId?: string; error?: string } };
}

async function counts(profileId: string, packId: string) {
  const db = await getDb();
  const [row] = await queryRows<{ current_per_prop_max: number; current: number; total: number; receipts: number; empty_receipts: number }>(
    db,
    sql`select
          (select coalesce(max(n), 0)::int from (select count(*) as n from takes where profile_id = ${profileId} and pack_id = ${packId} and is_current group by prop_id) c) as current_per_prop_max,
          (select count(*)::int from takes where profile_id = ${profileId} and pack_id = ${packId} and is_current) as current,
          (select count(*)::int from takes where profile_id = ${profileId} and pack_id = ${packId}) as total,
          (select count(*)::int from receipts where profile_id = ${profileId} and pack_id = ${packId}) as receipts,
          (select count(*)::int from receipts r where r.profile_id = ${profileId} and r.pack_id = ${packId}
             and not exists (select 1 from takes t where t.receipt_id = r.id)) as empty_receipts`,
  );
  const r = row!;
  return {
    current_per_prop_max: Number(r.current_per_prop_max),
    current: Number(r.current),
    total: Number(r.total),
    receipts: Number(r.receipts),
    empty_receipts: Number(r.empty_receipts),
  };
}

describe("parallel submissions", () => {
  it("20 identical submissions (one key): one receipt and one current take per prop", async () => {
    const player = await createProfile();
    const pack = await createTestPack({ props: 4 });
    const body = { takes: pack.props.map((p) => ({ propId: p.id, side: "A" })), idempotencyKey: randomUUID() };
    const results = await Promise.all(Array.from({ length: PARALLEL }, () => post(pack.packURL, body, player)));
    expect(results.map((r) => r.status)).toEqual(Array(PARALLEL).fill(200));
    expect(new Set(results.map((r) => r.body.receiptId)).size).toBe(1);
    expect(await counts(player.id, pack.id)).toEqual({ current_per_prop_max: 1, current: 4, total: 4, receipts: 1, empty_receipts: 0 });
  });

  it("20 identical picks under 20 keys: still one take per prop, no duplicate receipts", async () => {
    const player = await createProfile();
    const pack = await createTestPack({ props: 4 });
    const takes = pack.props.map((p) => ({ propId: p.id, side: "B" }));
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => post(pack.packURL, { takes, idempotencyKey: randomUUID() }, player)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.receiptId)).size).toBe(1);
    expect(await counts(player.id, pack.id)).toEqual({ current_per_prop_max: 1, current: 4, total: 4, receipts: 1, empty_receipts: 0 });
  });

  it("20 competing submissions switching sides: one current take per prop, one receipt per stored submission", async () => {
    const player = await createProfile();
    const pack = await createTestPack({ props: 3 });
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        post(
          pack.packURL,
          { takes: pack.props.map((p) => ({ propId: p.id, side: i % 2 ? "A" : "B" })), idempotencyKey: randomUUID() },
          player,
        ),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const c = await counts(player.id, pack.id);
    expect(c.current_per_prop_max).toBe(1);
    expect(c.current).toBe(3);
    expect(c.empty_receipts).toBe(0);
    // Every stored submission switched all three props: three takes per receipt, history kept.
    expect(c.total).toBe(c.receipts * 3);
    expect(new Set(results.map((r) => r.body.receiptId)).size).toBe(c.receipts);
  });

  it("many players at once each get their own receipt", async () => {
    const pack = await createTestPack({ props: 5 });
    const players = await Promise.all(Array.from({ length: 10 }, () => createProfile()));
    const results = await Promise.all(
      players.map((player) =>
        post(pack.packURL, { takes: pack.props.map((p) => ({ propId: p.id, side: "A" })), idempotencyKey: randomUUID() }, player),
      ),
    );
    expect(new Set(results.map((r) => r.body.receiptId)).size).toBe(10);
    const db = await getDb();
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from takes where pack_id = ${pack.id} and is_current`);
    expect(Number(row!.n)).toBe(50);
  });

  it("picks racing a grade are either graded with it or refused, never left pending on a graded prop", async () => {
    const admin = await createProfile({ superAdmin: true });
    const pack = await createTestPack({ props: 1 });
    const prop = pack.props[0]!;
    const players = await Promise.all(Array.from({ length: 12 }, () => createProfile()));
    const submissions = players.map((player, i) =>
      post(pack.packURL, { takes: [{ propId: prop.id, side: i % 2 ? "A" : "B" }], idempotencyKey: randomUUID() }, player),
    );
    const [graded, ...results] = await Promise.all([
      gradeProp({ propId: prop.id, outcome: "A", actorProfileId: admin.id }),
      ...submissions,
    ]);
    expect(graded.changed).toBe(true);
    // Each pick was stored (200) or refused because the prop had been graded (409); nothing else.
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const stored = results.filter((r) => r.status === 200).length;
    const db = await getDb();
    const takes = await queryRows<{ result: string }>(db, sql`select result from takes where prop_id = ${prop.id} and is_current`);
    expect(takes).toHaveLength(stored);
    // Every stored pick was scored by the grade: none is pending on a graded prop.
    expect(takes.filter((t) => t.result === "pending")).toEqual([]);
  });
});
