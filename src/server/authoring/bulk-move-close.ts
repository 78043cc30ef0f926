import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { BulkMoveAnswer, BulkMoveItem, BulkMoveRequest } from "@/domain/schemas/bulk-tools";
import { isGradedStatus } from "@/domain/grading";
import { formatAdminDateTime } from "@/domain/time";
import { getDb, queryRows, type Tx } from "@/server/db/client";
import { adminAuditLog } from "@/server/db/schema";
import { uuidList } from "@/server/db/uuid-list";

// Moving the close of many props or packs at once (issue 41 item 5, docs/decisions/063-bulk-tools.md).
// One transaction: every selected row is locked (in id order, so two moves never deadlock), each
// new close is worked out and checked, the movable ones are written with one audit row each, and
// the answer counts what moved, what already had that close and what was left alone and why. A
// dry run does the same and rolls back, so the confirmation's counts are the real ones.

interface Candidate {
  id: string;
  title: string;
  status: string;
  closeTime: Date | null;
  /** A prop's pack's open time, or a pack's own. */
  openTime: Date | null;
  /** A prop's game's start, or a pack's last linked game's start; null without a game. */
  gameStart: Date | null;
}

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/** Reads and locks the candidates a query selects as id, title, status, close_time, open_time, game_start. */
async function lockCandidates(tx: Tx, query: SQL): Promise<Candidate[]> {
  const rows = await queryRows<{
    id: string;
    title: string;
    status: string;
    close_time: Date | string | null;
    open_time: Date | string | null;
    game_start: Date | string | null;
  }>(tx, query);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    closeTime: asDate(r.close_time),
    openTime: asDate(r.open_time),
    gameStart: asDate(r.game_start),
  }));
}

function lockProps(tx: Tx, ids: string[]): Promise<Candidate[]> {
  return lockCandidates(
    tx,
    sql`select p.id, p.short_label as title, p.status, p.close_time, pk.open_time, e.start_time as game_start
        from props p
        join packs pk on pk.id = p.pack_id
        left join events e on e.id = p.event_id
        where p.id in (${uuidList(ids)})
        order by p.id
        for update of p`,
  );
}

function lockPacks(tx: Tx, ids: string[]): Promise<Candidate[]> {
  return lockCandidates(
    tx,
    sql`select pk.id, pk.title, pk.status, pk.close_time, pk.open_time,
               (select max(e.start_time) from pack_events pe join events e on e.id = pe.event_id where pe.pack_id = pk.id) as game_start
        from packs pk
        where pk.id in (${uuidList(ids)})
        order by pk.id
        for update of pk`,
  );
}

/** Why a prop or pack cannot be moved as asked, or its new close. */
export function plannedClose(
  target: BulkMoveRequest["target"],
  row: Candidate,
  request: Pick<BulkMoveRequest, "mode" | "closeTime" | "shiftMinutes">,
  now: Date,
): { skip: string } | { close: Date } {
  if (target === "props" && isGradedStatus(row.status)) return { skip: "Graded: take the grade back first" };
  if (target === "packs" && (row.status === "graded" || row.status === "archived")) return { skip: `Pack is ${row.status}` };
  let close: Date;
  if (request.mode === "set") close = request.closeTime!;
  else if (request.mode === "shift") {
    if (!row.closeTime) return { skip: "Has no close time to shift" };
    close = new Date(row.closeTime.getTime() + request.shiftMinutes! * 60_000);
  } else {
    if (!row.gameStart) return { skip: target === "props" ? "Not on a game" : "No linked games" };
    close = row.gameStart;
  }
  if (row.closeTime && close.getTime() === row.closeTime.getTime()) return { close };
  // A close already passed would end picks at a moment that has gone: close it from its status instead.
  if (close.getTime() <= now.getTime()) return { skip: `The new close (${formatAdminDateTime(close)}) has passed` };
  if (row.openTime && close.getTime() <= row.openTime.getTime())
    return { skip: target === "props" ? "Would close before its pack opens" : "Would close before it opens" };
  return { close };
}

class DryRun extends Error {
  constructor(readonly answer: BulkMoveAnswer) {
    super("dry run");
  }
}

export async function bulkMoveClose(input: BulkMoveRequest & { actorProfileId: string; now?: Date }): Promise<BulkMoveAnswer> {
  const now = input.now ?? new Date();
  const ids = [...new Set(input.ids)];
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const rows = input.target === "props" ? await lockProps(tx, ids) : await lockPacks(tx, ids);
      const found = new Set(rows.map((r) => r.id));
      const items: BulkMoveItem[] = ids
        .filter((id) => !found.has(id))
        .map((id) => ({ id, title: "—", before: null, after: null, skip: "Not found (deleted?)" }));
      const moves: Array<{ row: Candidate; close: Date }> = [];
      let unchanged = 0;
      for (const row of rows) {
        const plan = plannedClose(input.target, row, input, now);
        const before = row.closeTime?.toISOString() ?? null;
        if ("skip" in plan) {
          items.push({ id: row.id, title: row.title, before, after: before, skip: plan.skip });
          continue;
        }
        items.push({ id: row.id, title: row.title, before, after: plan.close.toISOString(), skip: null });
        if (row.closeTime?.getTime() === plan.close.getTime()) unchanged += 1;
        else moves.push({ row, close: plan.close });
      }
      const table = input.target === "props" ? sql`props` : sql`packs`;
      for (const move of moves) {
        await tx.execute(
          sql`update ${table} set close_time = ${move.close.toISOString()}::timestamptz, updated_at = now() where id = ${move.row.id}::uuid`,
        );
      }
      if (moves.length) {
        await tx.insert(adminAuditLog).values(
          moves.map((move) => ({
            actorProfileId: input.actorProfileId,
            action: `${input.target === "props" ? "prop" : "pack"}.close_move`,
            entityType: input.target === "props" ? "prop" : "pack",
            entityId: move.row.id,
            before: { closeTime: move.row.closeTime?.toISOString() ?? null },
            after: { closeTime: move.close.toISOString(), bulk: describeMode(input), selected: ids.length },
          })),
        );
      }
      const answer: BulkMoveAnswer = {
        moved: moves.length,
        unchanged,
        skipped: items.filter((i) => i.skip).length,
        items,
        applied: !input.dryRun,
      };
      if (input.dryRun) throw new DryRun(answer);
      return answer;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.answer;
    throw error;
  }
}

/** "Set to …", "Shifted +90 min", "Each at its game's start", for the audit log. */
function describeMode(input: Pick<BulkMoveRequest, "mode" | "closeTime" | "shiftMinutes">): string {
  if (input.mode === "set") return `Set to ${formatAdminDateTime(input.closeTime!)}`;
  if (input.mode === "shift") return `Shifted ${input.shiftMinutes! > 0 ? "+" : ""}${input.shiftMinutes} min`;
  return "Each at its game's start";
}
