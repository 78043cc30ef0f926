// Settings every connection of the app runs with (src/server/db/client.ts).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/server/db/client";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";

beforeAll(createTestDb);
afterAll(closeTestDb);

describe.skipIf(testDbKind() !== "postgres")("connections to PostgreSQL", () => {
  it("never JIT-compile a query: a season's row estimates made a 0.5 ms leaderboard page spend 9.5 ms compiling", async () => {
    const db = await getDb();
    // Several at once, so more than one pooled connection answers.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => queryRows<{ jit: string }>(db, sql`select current_setting('jit') as jit, pg_sleep(0.05)`)),
    );
    expect(answers.map(([row]) => row!.jit)).toEqual(["off", "off", "off", "off"]);
  });
});
