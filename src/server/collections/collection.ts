import "server-only";
import { eq, sql, type SQL } from "drizzle-orm";
import type { PackOption } from "@/domain/schemas/contests";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb, type Db, type DbOrTx, type Tx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import type { contests, series } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { packOptionRow } from "@/server/contests/search-contest-packs";
import { refreshContestLeaderboard, refreshSeriesLeaderboard } from "@/server/leaderboards/refresh-contest-leaderboard";
import { isId } from "@/domain/ids";

/**
 * A collection is a named set of packs with a leaderboard over their takes: a contest (a prize,
 * dates, a status and maybe a members gate) or a series (an ordered run of packs fans follow).
 * Both keep their own table for what only they have; what a collection is — which packs it holds,
 * how an admin saves it, how its board is recounted — lives here once
 * (docs/decisions/044-collections.md).
 */
export type CollectionKind = "contest" | "series";

/** The kinds' own tables. */
type CollectionTable = typeof contests | typeof series;

interface KindSpec {
  /** The table of its packs and the column naming the collection there. */
  members: SQL;
  owner: SQL;
  /** Series keep the admin's order (a position per pack); a contest's packs are a set, shown by close time. */
  ordered: boolean;
  notFound: string;
  refreshBoard(id: string, db: Db): Promise<void>;
}

const KINDS: Record<CollectionKind, KindSpec> = {
  contest: {
    members: sql.raw("contest_packs"),
    owner: sql.raw("contest_id"),
    ordered: false,
    notFound: "Contest not found.",
    refreshBoard: (contestId, db) => refreshContestLeaderboard({ contestId, db }),
  },
  series: {
    members: sql.raw("series_packs"),
    owner: sql.raw("series_id"),
    ordered: true,
    notFound: "Series not found.",
    refreshBoard: (seriesId, db) => refreshSeriesLeaderboard({ seriesId, db }),
  },
};

/** What a collection's public page takes besides the collection: the viewer, the board's page and how many pack cards. */
export interface CollectionPageRequest {
  viewerProfileId?: string | null;
  page?: number;
  /** How many pack cards to show (default one page); the current packs are listed whatever it is. */
  packLimit?: number;
  now?: Date;
  db?: DbOrTx;
}

/** A collection by its id or its slug (links carry the slug; admin screens may carry either). */
export function collectionKeyFilter(key: string, alias = "c"): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return isId(key) ? sql`(${column("id")} = ${key}::uuid or ${column("slug")} = ${key})` : sql`${column("slug")} = ${key.toLowerCase()}`;
}

/**
 * Makes the collection hold exactly `packIds` (in that order for a series), inside the caller's
 * transaction. Unknown or archived packs are refused, so a stale admin screen cannot link them.
 * Returns the pack ids before and after (in order for a series, sorted for a contest).
 */
export async function replaceCollectionPacks(
  tx: Tx,
  kind: CollectionKind,
  id: string,
  packIds: string[],
): Promise<{ before: string[]; after: string[] }> {
  const spec = KINDS[kind];
  const order = spec.ordered ? sql`order by m.position` : sql``;
  const before = (
    await selectRows(
      tx,
      sql`select m.pack_id as "packId" from ${spec.members} m where m.${spec.owner} = ${id}::uuid ${order}`,
      rowShape((r) => ({ packId: r.text("packId") })),
    )
  ).map((row) => row.packId);
  if (packIds.length > 0) {
    const [found] = await selectRows(
      tx,
      sql`select count(*)::int as n from packs p where p.id = any(${`{${packIds.join(",")}}`}::uuid[]) and p.status <> 'archived'`,
      rowShape((r) => ({ n: r.int("n") })),
    );
    if (Number(found?.n ?? 0) !== packIds.length) throw new AppError("BAD_REQUEST", "Some packs no longer exist.");
  }
  await tx.execute(sql`delete from ${spec.members} where ${spec.owner} = ${id}::uuid`);
  if (packIds.length > 0) {
    const rows = packIds.map((packId, position) =>
      spec.ordered ? sql`(${id}::uuid, ${packId}::uuid, ${position})` : sql`(${id}::uuid, ${packId}::uuid)`,
    );
    const columns = spec.ordered ? sql`(${spec.owner}, pack_id, position)` : sql`(${spec.owner}, pack_id)`;
    await tx.execute(sql`insert into ${spec.members} ${columns} values ${sql.join(rows, sql`, `)}`);
  }
  const tidy = (ids: string[]) => (spec.ordered ? ids : [...ids].sort());
  return { before: tidy(before), after: tidy(packIds) };
}

/** Every pack of a collection, drafts included, as the admin form lists them (series order, else by close). */
export async function listCollectionPackOptions(kind: CollectionKind, id: string, db?: Db): Promise<PackOption[]> {
  const spec = KINDS[kind];
  const order = spec.ordered ? sql`m.position, p.title` : sql`p.close_time nulls last, p.title`;
  return selectRows(
    db ?? (await getDb()),
    sql`
      select p.id, p.pack_url as "packURL", p.title, p.league, p.status,
             (select count(*) from props pr where pr.pack_id = p.id)::int as "propsCount"
      from ${spec.members} m join packs p on p.id = m.pack_id
      where m.${spec.owner} = ${id}::uuid
      order by ${order}
    `,
    packOptionRow,
  );
}

/**
 * The `lock` of an edit for saveCollection: the kind's row (`contests` or `series`) found by its
 * id or slug and locked FOR UPDATE.
 */
const lockCollectionRow =
  <T extends CollectionTable>(table: T, key: string) =>
  async (tx: Tx): Promise<T["$inferSelect"] | undefined> => {
    // Drizzle types a query on either table, not on a type parameter: the row read is T's own.
    const either: CollectionTable = table;
    const [row] = await tx
      .select()
      .from(either)
      .where(sql`${either.id} = (select c.id from ${either} c where ${collectionKeyFilter(key)} limit 1)`)
      .for("update");
    return row as T["$inferSelect"] | undefined;
  };

/**
 * An admin's edit of a collection: its row locked by id or slug, its own columns set (`set`, with
 * updatedAt), its packs replaced, in one saveCollection. The slug is kept, so shared links last.
 */
export async function editCollection<T extends CollectionTable>(options: {
  kind: CollectionKind;
  table: T;
  key: string;
  packIds: string[];
  actorProfileId: string;
  set: Omit<T["$inferInsert"], "slug">;
}): Promise<T["$inferSelect"]> {
  const { table } = options;
  return saveCollection({
    kind: options.kind,
    packIds: options.packIds,
    actorProfileId: options.actorProfileId,
    lock: lockCollectionRow(table, options.key),
    write: async (tx, existing) => {
      const either: CollectionTable = table;
      const [row] = await tx.update(either).set(options.set).where(eq(either.id, existing!.id)).returning();
      return row as T["$inferSelect"];
    },
  });
}

/**
 * Creates or edits a collection and its packs in one transaction. `lock` (edits only) finds and
 * locks the kind's row by its id or slug, so two admins saving at once apply one after the other;
 * `write` inserts or updates the kind's own row. The audit row holds the before and after with the
 * pack ids. When the set of packs changed, the collection's board is recounted from their takes (a
 * maintained leaderboard scope, not a sum at read time).
 */
export async function saveCollection<Row extends { id: string }>(options: {
  kind: CollectionKind;
  packIds: string[];
  actorProfileId: string;
  lock?: (tx: Tx) => Promise<Row | undefined>;
  write: (tx: Tx, existing: Row | null) => Promise<Row>;
}): Promise<Row> {
  const spec = KINDS[options.kind];
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    let existing: Row | null = null;
    if (options.lock) {
      existing = (await options.lock(tx)) ?? null;
      if (!existing) throw new AppError("NOT_FOUND", spec.notFound);
    }
    const row = await options.write(tx, existing);
    const packs = await replaceCollectionPacks(tx, options.kind, row.id, options.packIds);
    await recordAdminAction(tx, {
      actorProfileId: options.actorProfileId,
      action: `${options.kind}.${existing ? "update" : "create"}`,
      entityType: options.kind,
      entityId: row.id,
      ...(existing ? { before: { ...existing, packIds: packs.before } } : {}),
      after: { ...row, packIds: packs.after },
    });
    const changed = packs.before.length !== packs.after.length || packs.before.some((id) => !packs.after.includes(id));
    return { row, changed };
  });
  if (saved.changed) await spec.refreshBoard(saved.row.id, db);
  return saved.row;
}
