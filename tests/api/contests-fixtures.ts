// Packs, props and graded takes written straight into the database, for the
// contest, series and head-to-head tests (what submission and grading would
// have left behind).
import { randomBytes, randomUUID } from "node:crypto";
import { getDb } from "@/server/db/client";
import { packs, props, receipts, takes } from "@/server/db/schema";
import type { TestProfile } from "../helpers/auth";

type PackRow = typeof packs.$inferSelect;
type PropRow = typeof props.$inferSelect;
export type FixtureResult = "pending" | "won" | "lost" | "push" | "void";

const HOUR = 3_600_000;

export async function createPack(overrides: Partial<typeof packs.$inferInsert> = {}): Promise<PackRow> {
  const db = await getDb();
  const [pack] = await db
    .insert(packs)
    .values({
      packUrl: `pack-${randomBytes(5).toString("hex")}`,
      title: `Pack ${randomBytes(3).toString("hex")}`,
      league: "nfl",
      status: "graded",
      openTime: new Date(Date.now() - 48 * HOUR),
      closeTime: new Date(Date.now() - 24 * HOUR),
      ...overrides,
    })
    .returning();
  return pack!;
}

export async function createProp(pack: PackRow, overrides: Partial<typeof props.$inferInsert> = {}): Promise<PropRow> {
  const db = await getDb();
  const [prop] = await db
    .insert(props)
    .values({
      packId: pack.id,
      shortLabel: "Who wins?",
      title: "Who wins the game?",
      sideAShort: "Home",
      sideBShort: "Away",
      sideATake: "The home team wins",
      sideBTake: "The away team wins",
      status: pack.status === "graded" ? "gradedA" : "open",
      ...overrides,
    })
    .returning();
  return prop!;
}

/** One current take with its graded result and points (and, optionally, an older overwritten one). */
export async function addTake(options: {
  profile: TestProfile;
  prop: PropRow;
  side?: "A" | "B";
  result?: FixtureResult;
  points?: number;
  lockedValue?: number;
  current?: boolean;
  createdAt?: Date;
}) {
  const db = await getDb();
  const receiptId = `r${randomBytes(6).toString("hex")}`;
  await db.insert(receipts).values({
    id: receiptId,
    profileId: options.profile.id,
    packId: options.prop.packId,
    idempotencyKey: randomUUID(),
  });
  const current = options.current ?? true;
  const points = options.points ?? 0;
  const [take] = await db
    .insert(takes)
    .values({
      profileId: options.profile.id,
      propId: options.prop.id,
      packId: options.prop.packId,
      receiptId,
      side: options.side ?? "A",
      lockedValue: options.lockedValue ?? 250,
      isCurrent: current,
      overwrittenAt: current ? null : new Date(),
      result: options.result ?? "pending",
      points,
      tokensCents: points * 5,
      createdAt: options.createdAt,
    })
    .returning();
  return take!;
}

/** Deterministic pseudo-random numbers (mulberry32), so a failing case can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
