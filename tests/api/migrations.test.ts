import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { queryRows, type DbHandle } from "@/server/db/client";
import { appliedMigrationCount, expectedMigrationCount } from "@/server/db/migrate";
import { packs, profiles, props, receipts, takes } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "../helpers/db";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(closeTestDb);

describe("migrations", () => {
  it("apply every committed migration to an empty database", async () => {
    expect(await appliedMigrationCount(handle.db)).toBe(expectedMigrationCount());
    const [tables] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    expect(Number(tables?.n)).toBeGreaterThanOrEqual(30);
  });

  it("refuse a second current take by one profile on one prop", async () => {
    const { db } = handle;
    const [profile] = await db.insert(profiles).values({ handle: "dbrule", phone: "+15555550001" }).returning();
    const [pack] = await db.insert(packs).values({ packUrl: "db-rule", title: "Rule", league: "nfl" }).returning();
    const [prop] = await db
      .insert(props)
      .values({
        packId: pack!.id,
        shortLabel: "Who wins?",
        title: "Who wins?",
        sideAShort: "A",
        sideBShort: "B",
        sideATake: "A wins",
        sideBTake: "B wins",
      })
      .returning();
    const [receipt] = await db
      .insert(receipts)
      .values({ id: "rcpt0001", profileId: profile!.id, packId: pack!.id, idempotencyKey: randomUUID() })
      .returning();
    const take = { profileId: profile!.id, propId: prop!.id, packId: pack!.id, receiptId: receipt!.id, lockedValue: 250 };
    await db.insert(takes).values({ ...take, side: "A" });
    await expect(db.insert(takes).values({ ...take, side: "B" })).rejects.toThrow();
  });

  it("refuse a take on another pack than its prop's, on another player's or another pack's receipt, or on a prop or receipt that does not exist", async () => {
    const { db } = handle;
    const [alice, bob] = await db
      .insert(profiles)
      .values([
        { handle: "dbrule_alice", phone: "+15555550011" },
        { handle: "dbrule_bob", phone: "+15555550012" },
      ])
      .returning();
    const [home, other] = await db
      .insert(packs)
      .values([
        { packUrl: "db-rule-home", title: "Home", league: "nfl" },
        { packUrl: "db-rule-other", title: "Other", league: "nfl" },
      ])
      .returning();
    const sides = { sideAShort: "A", sideBShort: "B", sideATake: "A wins", sideBTake: "B wins" };
    const [prop] = await db
      .insert(props)
      .values({ packId: home!.id, shortLabel: "Who wins?", title: "Who wins?", ...sides })
      .returning();
    const receiptOf = async (id: string, profileId: string, packId: string) =>
      (await db.insert(receipts).values({ id, profileId, packId, idempotencyKey: randomUUID() }).returning())[0]!;
    const alicesHome = await receiptOf("rcptA0001", alice!.id, home!.id);
    const alicesOther = await receiptOf("rcptA0002", alice!.id, other!.id);
    const bobsHome = await receiptOf("rcptB0001", bob!.id, home!.id);
    const take = { profileId: alice!.id, propId: prop!.id, packId: home!.id, receiptId: alicesHome.id, side: "A", lockedValue: 250 };
    const refusedBy = async (values: typeof take) => {
      const error = await db
        .insert(takes)
        .values(values)
        .then(
          () => null,
          (e: unknown) => e as { cause?: { constraint?: string }; constraint?: string },
        );
      return error ? (error.cause?.constraint ?? error.constraint ?? "some other error") : "accepted";
    };

    // Credited to another pack than its prop's: the other pack's leaderboard and winner would count it.
    expect(await refusedBy({ ...take, packId: other!.id, receiptId: alicesOther.id })).toBe("takes_prop_in_its_pack");
    // On Bob's receipt, or on a receipt of another pack.
    expect(await refusedBy({ ...take, receiptId: bobsHome.id })).toBe("takes_on_its_receipt");
    expect(await refusedBy({ ...take, receiptId: alicesOther.id })).toBe("takes_on_its_receipt");
    // The two composite keys are the only ones (migration 0010): they alone refuse a prop or a receipt that does not exist.
    expect(await refusedBy({ ...take, propId: randomUUID() })).toBe("takes_prop_in_its_pack");
    expect(await refusedBy({ ...take, receiptId: "rcptNONE01" })).toBe("takes_on_its_receipt");
    expect(await refusedBy(take)).toBe("accepted");
    // A player with takes cannot be deleted from under them (their receipts' key refuses it).
    const profileDelete = await db
      .delete(profiles)
      .where(sql`${profiles.id} = ${alice!.id}`)
      .then(
        () => "deleted",
        () => "refused",
      );
    expect(profileDelete).toBe("refused");
    // Deleting the prop still takes its takes with it.
    await db.delete(props).where(sql`${props.id} = ${prop!.id}`);
    const [left] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from takes where prop_id = ${prop!.id}`);
    expect(Number(left?.n)).toBe(0);
  });

  it("refuse handles that differ only by case", async () => {
    const { db } = handle;
    await db.insert(profiles).values({ handle: "CaseFan", phone: "+15555550002" });
    await expect(db.insert(profiles).values({ handle: "casefan", phone: "+15555550003" })).rejects.toThrow();
  });
});

describe("npm run db:migrate", () => {
  it("migrates an empty embedded database and says how many migrations it applied", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "takes-migrate-"));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      const output = await new Promise<string>((resolve, reject) =>
        execFile("npm", ["run", "-s", "db:migrate"], { env, timeout: 60_000 }, (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
        ),
      );
      expect(output).toContain(`${expectedMigrationCount()} migrations applied`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
