import "server-only";
import { randomBytes } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { hasPackClosed, isAcceptingTakes, isComingSoon, isPropOpen } from "@/domain/pack-state";
import { isHandle, isPackURL } from "@/domain/share";
import { batchedTransaction } from "@/server/db/batched-transaction";
import { getDb, queryRows, type DbOrTx } from "@/server/db/client";
import { profiles } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { creditReferral } from "@/server/referrals/credit-referral";

export const ZSubmitTakesRequest = z.object({
  takes: z
    .array(
      z.object({
        propId: z.uuid({ message: "Unknown prop" }),
        side: z.enum(["A", "B"], { message: "Side must be A or B" }),
      }),
    )
    .min(1, "Pick at least one side")
    .max(100, "Too many takes in one submission")
    .refine((list) => new Set(list.map((t) => t.propId)).size === list.length, "Each prop can be picked once"),
  // Printable ASCII (the client sends a UUID): the key is written into the submission's SQL as a literal.
  idempotencyKey: z
    .string()
    .trim()
    .min(8, "Missing idempotency key")
    .max(100)
    .regex(/^[\x21-\x7e]+$/, "Invalid idempotency key"),
  ref: z.string().trim().max(40).optional().nullable(),
});
export type SubmitTakesRequest = z.infer<typeof ZSubmitTakesRequest>;

export interface SubmittedTake {
  propID: string;
  propSide: "A" | "B";
  lockedValue: number;
  receiptId: string;
}

export interface SubmitTakesResult {
  receiptId: string;
  takes: SubmittedTake[];
  /** False when every pick matched the saved ones (or the key was replayed): nothing new was stored. */
  stored: boolean;
}

// 9 random bytes → 12 URL-safe characters (72 bits): short, unguessable.
export const newReceiptId = () => randomBytes(9).toString("base64url");

export const closedPropsMessage = (labels: string[]) =>
  `Nothing was saved. These props are now closed: ${labels.join(", ")}. Their picks were removed — submit again to save the rest.`;

interface PackRead {
  replay_id: string | null;
  pack_id: string;
  status: string;
  open_time: Date | string | null;
  close_time: Date | string | null;
  props: PropRow[] | string;
  current: CurrentTakeRow[] | string;
}
interface PropRow {
  id: string;
  shortLabel: string;
  status: string;
  closeTime: string | null;
  sideAValue: number;
  sideBValue: number;
}
interface CurrentTakeRow {
  id: string;
  propId: string;
  side: "A" | "B";
  lockedValue: number;
  receiptId: string;
}

const json = <T,>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);
const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Stores a player's picks on one pack atomically: either every take is stored
 * or none. Closed props or a closed pack refuse the whole submission; a
 * replayed idempotency key returns the same receipt; unchanged picks store
 * nothing; a changed pick keeps the old take as history; each new take locks
 * its side's current point value.
 */
export async function submitTakes(input: {
  profileId: string;
  packURL: string;
  takes: SubmitTakesRequest["takes"];
  idempotencyKey: string;
  ref?: string | null;
  now?: Date;
}): Promise<SubmitTakesResult> {
  if (!isPackURL(input.packURL)) throw new AppError("NOT_FOUND", "Pack not found");
  const referrerId = input.ref && isHandle(input.ref) ? await findReferrerId(input.ref, input.profileId) : null;

  // Two round trips in all: this is the hottest write of the game. The locks
  // and the read go in one message, the write and the commit in another
  // (batched-transaction.ts); both are functions of migration 0006, so
  // Postgres plans their statements once per connection, not per submission.
  return batchedTransaction(async (tx) => {
    const [[read]] = (await tx.run([
      sql`select * from takes_submission_read(${input.profileId}::uuid, ${input.packURL}, ${input.idempotencyKey})`,
    ])) as unknown as [PackRead[]];
    // Read the clock after the locks so history stays in submission order.
    const now = input.now ?? new Date();

    if (read?.replay_id) return { receiptId: read.replay_id, takes: await loadReceiptTakes(await tx.drizzle(), read.replay_id), stored: false };
    if (!read || read.status === "draft" || read.status === "archived") throw new AppError("NOT_FOUND", "Pack not found");
    const pack = { status: read.status, openTime: toDate(read.open_time), closeTime: toDate(read.close_time) };
    if (!isAcceptingTakes(pack, now)) {
      const notYet = isComingSoon(pack, now) && !hasPackClosed(pack, now);
      throw new AppError("CONFLICT", notYet ? "This pack is not open yet." : "Pack is closed.", { code: notYet ? "pack_not_open" : "pack_closed" });
    }

    const packProps = json(read.props);
    const sideOf = new Map(input.takes.map((t) => [t.propId, t.side]));
    const picked = packProps.filter((p) => sideOf.has(p.id));
    if (picked.length !== sideOf.size) throw new AppError("BAD_REQUEST", "Some picks are not props of this pack.");
    const closed = picked.filter((p) => !isPropOpen({ status: p.status, closeTime: toDate(p.closeTime) }, now));
    if (closed.length > 0) {
      throw new AppError("CONFLICT", closedPropsMessage(closed.map((p) => p.shortLabel)), {
        code: "props_closed",
        closedPropIds: closed.map((p) => p.id),
      });
    }

    const current = new Map(json(read.current).map((t) => [t.propId, t]));
    const changed = picked.filter((p) => current.get(p.id)?.side !== sideOf.get(p.id));
    // The answer is the whole ticket after this submission, in prop order.
    const ticket = (fresh: Map<string, SubmittedTake>): SubmittedTake[] =>
      packProps.flatMap((p) => {
        const saved = current.get(p.id);
        const take = fresh.get(p.id) ?? (saved && { propID: p.id, propSide: saved.side, lockedValue: saved.lockedValue, receiptId: saved.receiptId });
        return take ? [take] : [];
      });

    if (changed.length === 0) {
      // Identical picks: nothing new; answer with the receipt that holds them.
      const latest = await findLatestReceipt(await tx.drizzle(), input.profileId, read.pack_id);
      return { receiptId: latest!, takes: ticket(new Map()), stored: false };
    }

    const receiptId = newReceiptId();
    const fresh = new Map<string, SubmittedTake>(
      changed.map((p) => {
        const side = sideOf.get(p.id)!;
        return [p.id, { propID: p.id, propSide: side, lockedValue: side === "A" ? p.sideAValue : p.sideBValue, receiptId }];
      }),
    );
    const replaced = changed.flatMap((p) => (current.has(p.id) ? [current.get(p.id)!.id] : []));
    const takes = [...fresh.values()];
    const array = (values: (string | number)[], type: SQL) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::${type}`;
    const write = sql`select takes_submission_store(${input.profileId}::uuid, ${read.pack_id}::uuid, ${receiptId}, ${input.idempotencyKey},
      ${referrerId}::uuid, ${now.toISOString()}::timestamptz, ${array(replaced, sql`uuid[]`)},
      ${array(takes.map((t) => t.propID), sql`uuid[]`)}, ${array(takes.map((t) => t.propSide), sql`text[]`)},
      ${array(takes.map((t) => t.lockedValue), sql`integer[]`)}) as inserted`;
    // The referral (rare) is paid in the same transaction before it commits.
    const [[written]] = (await (referrerId ? tx.run([write]) : tx.runAndCommit([write]))) as [{ inserted: number }[]];
    if (Number(written?.inserted) !== fresh.size) throw new Error("submitTakes: takes were not all stored");
    if (referrerId) await creditReferral(await tx.drizzle(), { referrerId, referredId: input.profileId, packId: read.pack_id });
    return { receiptId, takes: ticket(fresh), stored: true };
  });
}

async function findReferrerId(handle: string, selfId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.handle}) = lower(${handle})`)
    .limit(1);
  return row && row.id !== selfId ? row.id : null;
}

async function findLatestReceipt(db: DbOrTx, profileId: string, packId: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from receipts where profile_id = ${profileId} and pack_id = ${packId} order by created_at desc, id desc limit 1`,
  );
  return row?.id ?? null;
}

/** The picks a receipt stands for: every take of its owner on the pack that was current right after it. */
async function loadReceiptTakes(tx: DbOrTx, receiptId: string): Promise<SubmittedTake[]> {
  const rows = await queryRows<{ prop_id: string; side: "A" | "B"; locked_value: number; receipt_id: string }>(
    tx,
    sql`select t.prop_id, t.side, t.locked_value, t.receipt_id
        from receipts r
        join takes t on t.profile_id = r.profile_id and t.pack_id = r.pack_id
         and t.created_at <= r.created_at and (t.overwritten_at is null or t.overwritten_at > r.created_at)
        join props p on p.id = t.prop_id
        where r.id = ${receiptId}
        order by p.position, p.created_at`,
  );
  return rows.map((r) => ({ propID: r.prop_id, propSide: r.side, lockedValue: Number(r.locked_value), receiptId: r.receipt_id }));
}
