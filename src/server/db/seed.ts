import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { League } from "@/config";
import { toE164 } from "@/domain/phone";
import { nyDay } from "@/domain/time";
import { serverEnv } from "@/env";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { hashSecret } from "@/server/auth/secret-hash";
import { type ParsedEspnTeam, parseEspnTeams } from "@/server/integrations/espn/parse-teams";
import { packWinnersSql } from "@/server/grading/pack-winner-rule";
import { rebuildLeaderboardTotalsInTransaction } from "@/server/leaderboards/rebuild-leaderboard-totals";
import type { Db, Tx } from "./client";
import {
  adminAuditLog,
  awardCards,
  awardClaims,
  contestPacks,
  contests,
  events,
  exchanges,
  follows,
  h2hChallenges,
  itemCodes,
  items,
  leaderboardTotals,
  memberPasswords,
  packEvents,
  packGradedViews,
  packs,
  players,
  profiles,
  props,
  propPrices,
  receipts,
  series,
  seriesPacks,
  smsOutbox,
  subscriptions,
  takes,
  teams,
  tokenLedger,
} from "./schema";
import { DEMO_ADMIN_PHONE, DEMO_MEMBERS_PASSWORD, DEMO_PLAYERS, type SeedOptions, type SeedResult } from "./seed/identities";
import type { Row, World } from "./seed/rows";
import { buildWorld } from "./seed/world";

// The demo world is built by the modules in ./seed/ (identities, clock, games, props, pack plans,
// rows, world, catalog, community); this module writes it, and its exports are the seed's API.
export { DEMO_ADMIN_PHONE, DEMO_MEMBERS_PASSWORD_ID, DEMO_MEMBERS_PASSWORD, DEMO_PLAYERS } from "./seed/identities";
export type { SeedOptions, SeedResult } from "./seed/identities";

// ---------------------------------------------------------------- tables

/**
 * Everything the demo world writes, children before parents so that deleting
 * in this order never trips a foreign key. Rate-limit counters, sign-in codes
 * and the job queue are left alone: they are the running system's state, not
 * demo content. Drizzle's migration journal lives in its own schema and is
 * never touched.
 */
const CONTENT_TABLES_CHILDREN_FIRST: PgTable[] = [
  adminAuditLog,
  h2hChallenges,
  contestPacks,
  contests,
  smsOutbox,
  subscriptions,
  follows,
  tokenLedger,
  awardClaims,
  awardCards,
  exchanges,
  itemCodes,
  items,
  leaderboardTotals,
  packGradedViews,
  takes,
  receipts,
  seriesPacks,
  series,
  props,
  packEvents,
  packs,
  memberPasswords,
  profiles,
  players,
  events,
  teams,
];

// Any constant: two app instances booting at once on one Postgres serialise here.
const SEED_LOCK_KEY = 727_002;

/**
 * Builds the demo world around `now` in one transaction: all of it or nothing.
 * Refuses (seeded: false) when the database already holds data, unless `force`,
 * which first wipes the content tables in the same transaction.
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const adminPhone = toE164(options.adminPhone ?? DEMO_ADMIN_PHONE);
  if (!adminPhone) {
    return { seeded: false, reason: `adminPhone ${options.adminPhone} is not a 10-digit US phone number` };
  }
  if (DEMO_PLAYERS.some((player) => player.phone === adminPhone)) {
    return { seeded: false, reason: `adminPhone ${adminPhone} belongs to a demo player` };
  }

  const world = buildWorld({
    clock: { now, today: nyDay(now) },
    teams: [...loadFixtureTeams("nfl"), ...loadFixtureTeams("mlb")],
    adminPhone,
    membersPasswordHash: await hashSecret(initialMembersPassword(options)),
  });

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const occupied = await occupiedTables(tx);
    if (occupied.length > 0 && !options.force) {
      return {
        seeded: false,
        reason: `the database already has data (${occupied.join(", ")}); use force to wipe it and seed again`,
      };
    }
    // The AI player is part of the schema, not of the demo world: it stays (docs/decisions/069-rivals-and-the-ai-player.md).
    for (const table of CONTENT_TABLES_CHILDREN_FIRST)
      await (table === profiles ? tx.delete(profiles).where(sql`not ${profiles.isBot}`) : tx.delete(table));
    await insertWorld(tx, world);
    // Winners by the rule grading uses (src/server/grading/pack-winner-rule.ts), set half an hour after each grade.
    await tx.execute(sql`
      update packs p set winner_profile_id = w.profile_id, winner_points = w.points, winners_set_at = p.graded_at + interval '30 minutes'
      from (${packWinnersSql(sql`t.pack_id in (select id from packs where status = 'graded')`)}) w
      where p.id = w.pack_id`);
    await rebuildLeaderboardTotalsInTransaction(tx);
    await recordAdminAction(tx, {
      actorProfileId: world.adminId,
      action: "seed",
      entityType: "database",
      after: world.counts,
    });
    return { seeded: true, counts: world.counts };
  });
}

/** The gate compares typed passwords trimmed, so the stored one is trimmed too; blank means unset. */
function initialMembersPassword(options: SeedOptions): string {
  const candidates = [options.membersPassword, serverEnv().MEMBERS_PASSWORD, DEMO_MEMBERS_PASSWORD];
  return candidates.map((candidate) => candidate?.trim()).find((candidate) => candidate) ?? DEMO_MEMBERS_PASSWORD;
}

async function occupiedTables(tx: Tx): Promise<string[]> {
  const checks = { profiles, packs, teams, events, items, awardCards } as const;
  const occupied: string[] = [];
  for (const [name, table] of Object.entries(checks)) {
    // The AI player's profile comes with the migrations (decision 069): it is not data.
    const rows = await tx
      .select({ one: sql<number>`1` })
      .from(table)
      .where(table === profiles ? sql`not ${profiles.isBot}` : undefined)
      .limit(1);
    if (rows.length > 0) occupied.push(name);
  }
  return occupied;
}

function loadFixtureTeams(league: League): ParsedEspnTeam[] {
  // Committed ESPN /teams responses, read from the app's own tree (cwd is the
  // project root for next, the CLI and vitest alike, as for migrations).
  const file = path.join(process.cwd(), "fixtures", "espn", `teams-${league}.json`);
  return parseEspnTeams(JSON.parse(readFileSync(file, "utf8")), league);
}

// ---------------------------------------------------------------- writing

async function insertWorld(tx: Tx, world: World): Promise<void> {
  // Parents before children; each table in one statement.
  await insertRows(tx, teams, world.teams);
  await insertRows(tx, profiles, world.profiles);
  await insertRows(tx, events, world.events);
  await insertRows(tx, packs, world.packs);
  await insertRows(tx, packEvents, world.packEvents);
  await insertRows(tx, props, world.props);
  // Each demo prop's line history starts with its price, set by the admin when its pack opened (decision 056).
  const opened = new Map(world.packs.map((pack) => [pack.id, pack.openTime ?? undefined]));
  await insertRows(
    tx,
    propPrices,
    world.props.map((prop) => ({
      propId: prop.id,
      sideAMoneyline: prop.sideAMoneyline ?? null,
      sideBMoneyline: prop.sideBMoneyline ?? null,
      source: "authoring" as const,
      actorProfileId: world.adminId,
      recordedAt: opened.get(prop.packId),
    })),
  );
  await insertRows(tx, series, world.series);
  await insertRows(tx, seriesPacks, world.seriesPacks);
  await insertRows(tx, contests, world.contests);
  await insertRows(tx, contestPacks, world.contestPacks);
  await insertRows(tx, receipts, world.receipts);
  await insertRows(tx, takes, world.takes);
  await insertRows(tx, items, world.items);
  await insertRows(tx, itemCodes, world.itemCodes);
  await insertRows(tx, exchanges, world.exchanges);
  await insertRows(tx, awardCards, world.awardCards);
  await insertRows(tx, awardClaims, world.awardClaims);
  await insertRows(tx, tokenLedger, world.ledger);
  await insertRows(tx, follows, world.follows);
  await insertRows(tx, subscriptions, world.subscriptions);
  await insertRows(tx, h2hChallenges, world.h2hChallenges);
  await insertRows(tx, memberPasswords, world.memberPasswords);
}

async function insertRows<T extends PgTable>(tx: Tx, table: T, rows: Row<T>[]): Promise<void> {
  if (rows.length > 0) await tx.insert(table).values(rows);
}
