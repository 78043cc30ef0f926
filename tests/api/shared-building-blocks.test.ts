import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { appendLedgerEntry, getBalanceCents } from "@/server/ledger/append-ledger-entry";
import { consumeRateLimit } from "@/server/ratelimit/consume-rate-limit";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createProfile } from "../helpers/auth";

beforeAll(createTestDb);
afterAll(closeTestDb);

describe("ledger", () => {
  it("pays a business event once even when it is recorded twice in parallel", async () => {
    const db = await getDb();
    const player = await createProfile();
    const entry = { profileId: player.id, amountCents: 1875, kind: "admin_adjustment" as const, businessKey: `test:${player.id}` };
    const results = await Promise.all(Array.from({ length: 10 }, () => appendLedgerEntry(db, entry)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await getBalanceCents(db, player.id)).toBe(1875);
  });
});

describe("rate limits", () => {
  it("allows the limit within a window and refuses the next hit with a retry time", async () => {
    const db = await getDb();
    const now = new Date("2026-01-01T00:00:10Z");
    const rule = { bucket: "test:bucket", limit: 3, windowMs: 60_000 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consumeRateLimit(db, rule, now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBe(50);
    expect((await consumeRateLimit(db, rule, new Date("2026-01-01T00:01:00Z"))).allowed).toBe(true);
  });
});
