import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { CsvValue } from "@/domain/csv";
import { getReadDb, queryRows } from "@/server/db/client";
import type { CsvBatches } from "./csv-stream";
import type { ExportPack, ExportScope } from "./export-scope";
import type { WinRecord } from "@/domain/grading";

// The rows of the three admin exports (docs/decisions/063-bulk-tools.md), each read in
// keyset-paged batches of EXPORT_BATCH rows: one short query per batch, never a transaction held
// open across the download (PGlite runs one query at a time for the whole app) and never more
// than a batch in memory. No export carries a phone number.

/** Rows per query. Large enough that a 100,000-take pack is 50 queries, small enough to stay a few hundred KB. */
export const EXPORT_BATCH = 2000;

type Row = CsvValue[];

/** Walks each pack in turn through `page`, which answers one keyset batch after `after` (null: the first). */
async function* perPack<K, R>(
  packs: ExportPack[],
  page: (pack: ExportPack, after: K | null, limit: number) => Promise<R[]>,
  keyOf: (row: R) => K,
  toCsv: (pack: ExportPack, row: R) => Row,
  batchSize: number,
): AsyncGenerator<Row[]> {
  for (const pack of packs) {
    let after: K | null = null;
    for (;;) {
      const rows: R[] = await page(pack, after, batchSize);
      if (rows.length === 0) break;
      yield rows.map((row) => toCsv(pack, row));
      if (rows.length < batchSize) break;
      after = keyOf(rows[rows.length - 1]!);
    }
  }
}

const cents = (value: number) => Number(value) / 100;

// ---------------------------------------------------------------- picks

export const PICKS_HEADER = [
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
] as const;

interface PickRow {
  id: string;
  profile_id: string;
  handle: string;
  short_label: string;
  side: string;
  side_a_short: string;
  side_b_short: string;
  locked_value: number;
  result: string;
  points: number;
  tokens_cents: number;
  created_at: Date | string;
}

/** Every current take of the scope's packs, a player's picks together (keyset on profile, then take). */
export function pickBatches(scope: ExportScope, batchSize = EXPORT_BATCH): CsvBatches {
  return perPack<[string, string], PickRow>(
    scope.packs,
    async (pack, after, limit) => {
      const keyset: SQL = after ? sql`and (t.profile_id, t.id) > (${after[0]}::uuid, ${after[1]}::uuid)` : sql``;
      return queryRows<PickRow>(
        await getReadDb(),
        sql`select t.id, t.profile_id, pf.handle, pr.short_label, t.side, pr.side_a_short, pr.side_b_short,
                   t.locked_value, t.result, t.points, t.tokens_cents, t.created_at
            from takes t
            join props pr on pr.id = t.prop_id
            join profiles pf on pf.id = t.profile_id
            where t.pack_id = ${pack.id}::uuid and t.is_current ${keyset}
            order by t.profile_id, t.id
            limit ${limit}`,
      );
    },
    (row) => [row.profile_id, row.id],
    (pack, row) => [
      pack.title,
      row.short_label,
      row.handle,
      row.side === "A" ? row.side_a_short : row.side_b_short,
      row.side,
      Number(row.locked_value),
      row.result,
      Number(row.points),
      cents(row.tokens_cents),
      new Date(row.created_at),
      row.id,
    ],
    batchSize,
  );
}

// ---------------------------------------------------------------- ledger

export const LEDGER_HEADER = ["Entry", "When", "Player", "Kind", "Diamonds", "Reason", "Pack", "Prop", "Business key"] as const;

interface LedgerRow {
  id: number;
  created_at: Date | string;
  handle: string | null;
  kind: string;
  amount_cents: number;
  reason: string | null;
  business_key: string;
  short_label: string | null;
}

const ledgerCsv = (pack: ExportPack, row: LedgerRow): Row => [
  Number(row.id),
  new Date(row.created_at),
  row.handle ?? "",
  row.kind,
  cents(row.amount_cents),
  row.reason,
  pack.title,
  row.short_label ?? "",
  row.business_key,
];

/**
 * The ledger entries of the scope's packs. Take payouts and their reversals carry no pack id
 * (the grade writes 50,000 of them in one statement, src/server/grading/grade-prop.ts): they are
 * found by their business keys, `payout:{propId}:v{n}:{takeId}` and `reversal:…`, for each batch of
 * the pack's takes and each grade version of its prop — unique-index lookups. Entries that name
 * their pack (head-to-head bonuses) follow, from their own small index (migration 0031).
 */
export async function* ledgerBatches(scope: ExportScope, batchSize = EXPORT_BATCH): AsyncGenerator<Row[]> {
  for (const pack of scope.packs) {
    let after: { profile_id: string; id: string } | null = null;
    for (;;) {
      const db = await getReadDb();
      const keyset: SQL = after ? sql`and (t.profile_id, t.id) > (${after.profile_id}::uuid, ${after.id}::uuid)` : sql``;
      const batch: Array<{ profile_id: string; id: string }> = await queryRows<{ profile_id: string; id: string }>(
        db,
        sql`select t.profile_id, t.id from takes t where t.pack_id = ${pack.id}::uuid and t.is_current ${keyset}
            order by t.profile_id, t.id limit ${batchSize}`,
      );
      if (batch.length === 0) break;
      const first = batch[0]!;
      const last = batch[batch.length - 1]!;
      const entries = await queryRows<LedgerRow>(
        db,
        sql`with batch as (
              select t.id, t.prop_id, t.profile_id from takes t
              where t.pack_id = ${pack.id}::uuid and t.is_current
                and (t.profile_id, t.id) >= (${first.profile_id}::uuid, ${first.id}::uuid)
                and (t.profile_id, t.id) <= (${last.profile_id}::uuid, ${last.id}::uuid)
            )
            select l.id, l.created_at, pf.handle, l.kind, l.amount_cents, l.reason, l.business_key, pr.short_label
            from batch b
            join props pr on pr.id = b.prop_id
            cross join lateral generate_series(1, pr.grade_version) as v(n)
            cross join lateral (values ('payout:' || b.prop_id || ':v' || v.n || ':' || b.id),
                                       ('reversal:' || b.prop_id || ':v' || v.n || ':' || b.id)) as k(business_key)
            join token_ledger l on l.business_key = k.business_key
            join profiles pf on pf.id = b.profile_id
            order by b.profile_id, b.id, l.id`,
      );
      if (entries.length) yield entries.map((row) => ledgerCsv(pack, row));
      if (batch.length < batchSize) break;
      after = last;
    }
    let afterId: number | null = null;
    for (;;) {
      const entries: LedgerRow[] = await queryRows<LedgerRow>(
        await getReadDb(),
        sql`select l.id, l.created_at, pf.handle, l.kind, l.amount_cents, l.reason, l.business_key, null as short_label
            from token_ledger l left join profiles pf on pf.id = l.profile_id
            where l.pack_id = ${pack.id}::uuid ${afterId === null ? sql`` : sql`and l.id > ${afterId}`}
            order by l.id limit ${batchSize}`,
      );
      if (entries.length === 0) break;
      yield entries.map((row) => ledgerCsv(pack, row));
      if (entries.length < batchSize) break;
      afterId = Number(entries[entries.length - 1]!.id);
    }
  }
}

// ---------------------------------------------------------------- standings

export const STANDINGS_HEADER = ["Rank", "Player", "Points", "Won", "Lost", "Pushed", "Takes"] as const;

interface StandingRow extends WinRecord {
  profile_id: string;
  handle: string;
  points: number;
  takes: number;
}

/**
 * The standings of an export's scope, best first, with the leaderboard's rank (1 + the players
 * with strictly more points, or as many points and more wins).
 *
 * THE ONE PLACE standings are read for export: it reads the maintained leaderboard aggregates of
 * the scope (`pack:{id}`, `contest:{id}`, `week:{monday}`, which count takes by their New York
 * submission week). When the league standings reader with its tiebreakers lands (issue 41 item 4),
 * point this function at it and the export follows.
 */
export async function* standingsBatches(scope: ExportScope, batchSize = EXPORT_BATCH): AsyncGenerator<Row[]> {
  let after: StandingRow | null = null;
  let seen = 0;
  let rank = 0;
  let last: { points: number; won: number } | null = null;
  for (;;) {
    const keyset: SQL = after
      ? sql`and (points < ${after.points} or (points = ${after.points} and (won < ${after.won}
              or (won = ${after.won} and (lower(handle), profile_id) > (lower(${after.handle}), ${after.profile_id}::uuid)))))`
      : sql``;
    const rows: StandingRow[] = await queryRows<StandingRow>(
      await getReadDb(),
      sql`select profile_id, handle, points, won, lost, pushed, takes from leaderboard_totals
          where scope = ${scope.boardScope} and takes > 0 ${keyset}
          order by points desc, won desc, lower(handle), profile_id
          limit ${batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map((row) => {
      const points = Number(row.points);
      const won = Number(row.won);
      seen += 1;
      if (!last || last.points !== points || last.won !== won) rank = seen;
      last = { points, won };
      return [rank, row.handle, points, won, Number(row.lost), Number(row.pushed), Number(row.takes)];
    });
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!;
  }
}
