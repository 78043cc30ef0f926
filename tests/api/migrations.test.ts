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
