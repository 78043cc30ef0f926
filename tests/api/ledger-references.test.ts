// The ledger's references are checked per statement by triggers instead of
// row-level foreign keys (drizzle/0004_grading_write_path.sql): these tests
// show the database still refuses what a foreign key refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { packs, profiles, tokenLedger } from "@/server/db/schema";
import { getBalanceCents } from "@/server/ledger/append-ledger-entry";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createProfile } from "../helpers/auth";
import { createPack } from "../helpers/grading-fixtures";

beforeAll(createTestDb);
afterAll(closeTestDb);

const entry = (profileId: string, extra: Partial<typeof tokenLedger.$inferInsert> = {}): typeof tokenLedger.$inferInsert => ({
  profileId,
  amountCents: 100,
  kind: "admin_adjustment",
  businessKey: `test:${randomUUID()}`,
  ...extra,
});

/** The Postgres error code of a failed statement (drizzle wraps the driver's error). */
async function failureCode(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code ?? "unknown";
  }
  return undefined;
}

describe("ledger references", () => {
  it("refuses a ledger row for a profile that does not exist, and writes nothing", async () => {
    const db = await getDb();
    const ghost = randomUUID();
    expect(await failureCode(db.insert(tokenLedger).values(entry(ghost)))).toBe("23503");
    expect(await db.select().from(tokenLedger).where(eq(tokenLedger.profileId, ghost))).toEqual([]);
  });

  it("refuses a whole batch when one row names an unknown actor, take or pack", async () => {
    const db = await getDb();
    const player = await createProfile();
    for (const bad of [{ actorProfileId: randomUUID() }, { takeId: randomUUID() }, { packId: randomUUID() }]) {
      const batch = [entry(player.id), entry(player.id, bad)];
      expect(await failureCode(db.insert(tokenLedger).values(batch))).toBe("23503");
    }
    expect(await db.select().from(tokenLedger).where(eq(tokenLedger.profileId, player.id))).toEqual([]);
  });

  it("accepts rows whose profile, actor and pack exist", async () => {
    const db = await getDb();
    const player = await createProfile();
    const admin = await createProfile({ superAdmin: true });
    const pack = await createPack({ props: [{}] });
    await db.insert(tokenLedger).values(entry(player.id, { actorProfileId: admin.id, packId: pack.id }));
    expect(await db.select().from(tokenLedger).where(eq(tokenLedger.profileId, player.id))).toHaveLength(1);
  });

  it("refuses to delete a profile that holds or granted ledger rows", async () => {
    const db = await getDb();
    const player = await createProfile();
    const admin = await createProfile({ superAdmin: true });
    await db.insert(tokenLedger).values(entry(player.id, { actorProfileId: admin.id }));
    expect(await failureCode(db.delete(profiles).where(eq(profiles.id, player.id)))).toBe("23503");
    expect(await failureCode(db.delete(profiles).where(eq(profiles.id, admin.id)))).toBe("23503");
    expect(await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, player.id))).toHaveLength(1);

    const untouched = await createProfile();
    await db.delete(profiles).where(eq(profiles.id, untouched.id));
    expect(await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, untouched.id))).toEqual([]);
  });

  it("keeps a deleted pack's ledger rows and clears their pack reference", async () => {
    const db = await getDb();
    const player = await createProfile();
    const pack = await createPack({ props: [{}] });
    await db.insert(tokenLedger).values(entry(player.id, { packId: pack.id }));
    await db.delete(packs).where(eq(packs.id, pack.id));
    const rows = await db.select().from(tokenLedger).where(eq(tokenLedger.profileId, player.id));
    expect(rows.map((row) => ({ amountCents: row.amountCents, packId: row.packId }))).toEqual([{ amountCents: 100, packId: null }]);
    expect(await getBalanceCents(db, player.id)).toBe(100);
  });
});
