import "server-only";
import { randomFillSync } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { hasPackClosed, isAcceptingTakes, isComingSoon, isPropOpen } from "@/domain/pack-state";
import { TAKE_SIDES } from "@/domain/points";
import { isHandle, isPackURL } from "@/domain/share";
import { batchedTransaction } from "@/server/db/batched-transaction";
import { getDb, getDbHandle, queryRows, type DbOrTx } from "@/server/db/client";
import { col, rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";
import { creditReferral } from "@/server/referrals/credit-referral";
import { findReferrer } from "@/server/referrals/referrer";
import type { InferOutput } from "valibot";
import type { VSubmittedTake, VSubmitTakesResult } from "@/domain/schemas/play";
import type { SubmitTakesRequest } from "@/domain/schemas/player-requests";
import { receiptTakesFrom } from "@/server/receipts/receipt-takes-sql";

type SubmittedTake = InferOutput<typeof VSubmittedTake>;

/** What POST /api/packs/{packURL}/takes answers (src/domain/schemas/play.ts); `stored` is false when nothing new was stored. */
type SubmitTakesResult = InferOutput<typeof VSubmitTakesResult>;

// 9 random bytes → 12 URL-safe characters (72 bits): short, unguessable.
// The bytes come from the same CSPRNG as randomBytes, drawn 4 KB at a time
// rather than with one system call per receipt (docs/decisions/022-cheaper-submission.md);
// each receipt's bytes are used once, then overwritten by the next draw.
const RECEIPT_BYTES = 9;
const entropy = Buffer.alloc(RECEIPT_BYTES * 455);
let entropyAt = entropy.length;
export function newReceiptId(): string {
  if (entropyAt + RECEIPT_BYTES > entropy.length) {
    randomFillSync(entropy);
    entropyAt = 0;
  }
  const id = entropy.toString("base64url", entropyAt, entropyAt + RECEIPT_BYTES);
  entropyAt += RECEIPT_BYTES;
  return id;
}

export const closedPropsMessage = (labels: string[]) =>
  `Nothing was saved. These props are now closed: ${labels.join(", ")}. Their picks were removed — submit again to save the rest.`;

/** What takes_submit (migration 0008) answers: the outcome and what the server needs to explain it. */
interface SubmitRow {
  outcome: "stored" | "unchanged" | "replay" | "not_found" | "pack_closed" | "not_props" | "props_closed";
  receipt_id: string | null;
  pack_id: string | null;
  status: string | null;
  open_time: Date | string | null;
  close_time: Date | string | null;
  now: Date | string;
  props: PickedPropRow[] | string | null;
  ticket: SubmittedTake[] | string | null;
}
interface PickedPropRow {
  id: string;
  shortLabel: string;
  status: string;
  closeTime: string | null;
}

const json = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/** The database refused with a rule of src/domain/pack-state.ts that says yes: never store or refuse on a disagreement silently. */
function rulesDisagree(what: string): never {
  throw new Error(`submitTakes: takes_submit and src/domain/pack-state.ts disagree on ${what}`);
}

/**
 * Stores a player's picks on one pack atomically: either every take is stored
 * or none. Closed props or a closed pack refuse the whole submission; a
 * replayed idempotency key returns the same receipt; unchanged picks store
 * nothing; a changed pick keeps the old take as history; each new take locks
 * its side's current point value.
 *
 * One round trip in all: this is the hottest write of the game. takes_submit
 * (migration 0008) takes the locks, checks and writes; this function turns its
 * outcome into the answer, deriving every refusal's message from the rules of
 * src/domain/pack-state.ts (decision 014). Without a referral the call is one
 * statement sent alone, which PostgreSQL runs as its own transaction
 * (decision 022).
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
  const receiptId = newReceiptId();
  const statement = takesSubmitStatement({ ...input, receiptId, referrerId });

  if (!referrerId) {
    // One statement is a transaction of its own: the call commits as it answers, without BEGIN and COMMIT around it.
    const row = await submitAlone(statement);
    return explain(row, receiptId, async (id) => loadReceiptTakes(await getDb(), id));
  }
  // A referral (rare) is paid in the same transaction, so then the transaction stays open after the call.
  return batchedTransaction(async (tx) => {
    const [[row]] = (await tx.run([sql.raw(statement)])) as unknown as [SubmitRow[]];
    return explain(
      row,
      receiptId,
      async (id) => loadReceiptTakes(await tx.drizzle(), id),
      async (packId) => creditReferral(await tx.drizzle(), { referrerId, referredId: input.profileId, packId }),
    );
  });
}

/** Runs one statement on its own, as its own transaction. */
async function submitAlone(statement: string): Promise<SubmitRow | undefined> {
  const handle = await getDbHandle();
  if (handle.pool) return (await handle.pool.query<SubmitRow>(statement)).rows[0];
  // Left unchecked (docs/decisions/055-typed-row-edge.md), like the pool's answer above: the hottest write reads takes_submit's one row as the function declares it (decision 022).
  return (await queryRows<SubmitRow>(handle.db, sql.raw(statement)))[0];
}

/** The answer to takes_submit's outcome; `credit` pays a referral in the submission's transaction. */
async function explain(
  row: SubmitRow | undefined,
  receiptId: string,
  loadReplay: (receiptId: string) => Promise<SubmittedTake[]>,
  credit?: (packId: string) => Promise<unknown>,
): Promise<SubmitTakesResult> {
  if (!row) throw new Error("submitTakes: takes_submit answered nothing");
  const now = new Date(row.now);
  switch (row.outcome) {
    case "stored":
      if (credit) await credit(row.pack_id!);
      return { receiptId, takes: json(row.ticket!), stored: true };
    case "unchanged":
      // Identical picks: nothing new; the answer names the receipt that holds them.
      return { receiptId: row.receipt_id!, takes: json(row.ticket!), stored: false };
    case "replay":
      return { receiptId: row.receipt_id!, takes: await loadReplay(row.receipt_id!), stored: false };
    case "not_found":
      throw new AppError("NOT_FOUND", "Pack not found");
    case "pack_closed": {
      const pack = {
        status: row.status!,
        openTime: col.dateOrNull(row.open_time, "open_time"),
        closeTime: col.dateOrNull(row.close_time, "close_time"),
      };
      if (isAcceptingTakes(pack, now)) rulesDisagree("whether the pack takes picks");
      const notYet = isComingSoon(pack, now) && !hasPackClosed(pack, now);
      throw new AppError("CONFLICT", notYet ? "This pack is not open yet." : "Pack is closed.", {
        code: notYet ? "pack_not_open" : "pack_closed",
      });
    }
    case "not_props":
      throw new AppError("BAD_REQUEST", "Some picks are not props of this pack.");
    case "props_closed": {
      const closed = json(row.props!).filter(
        (p) => !isPropOpen({ status: p.status, closeTime: col.dateOrNull(p.closeTime, "closeTime") }, now),
      );
      if (closed.length === 0) rulesDisagree("which props are closed");
      throw new AppError("CONFLICT", closedPropsMessage(closed.map((p) => p.shortLabel)), {
        code: "props_closed",
        closedPropIds: closed.map((p) => p.id),
      });
    }
    default:
      throw new Error(`submitTakes: unknown outcome ${String(row.outcome)}`);
  }
}

const literal = (value: string | null) => (value === null ? "null" : pg.escapeLiteral(value));

/**
 * The call to takes_submit as SQL text, every value quoted by pg's
 * escapeLiteral: what drizzle's template and inlineStatement wrote, built
 * without them (they cost a submission about as much as everything else it
 * does in TypeScript; decision 022). The batched transaction sends it in a
 * multi-statement message, which cannot carry parameters.
 */
export function takesSubmitStatement(input: {
  profileId: string;
  packURL: string;
  idempotencyKey: string;
  receiptId: string;
  referrerId: string | null;
  now?: Date;
  takes: SubmitTakesRequest["takes"];
}): string {
  let props = "";
  let sides = "";
  for (const take of input.takes) {
    props += (props ? ", " : "") + literal(take.propId);
    sides += (sides ? ", " : "") + literal(take.side);
  }
  return (
    `select * from takes_submit(${literal(input.profileId)}::uuid, ${literal(input.packURL)}, ${literal(input.idempotencyKey)}, ` +
    `${literal(input.receiptId)}, ${literal(input.referrerId)}::uuid, ${literal(input.now ? input.now.toISOString() : null)}::timestamptz, ` +
    `array[${props}]::uuid[], array[${sides}]::text[])`
  );
}

async function findReferrerId(handle: string, selfId: string): Promise<string | null> {
  const referrer = await findReferrer(await getDb(), handle);
  return referrer && referrer.id !== selfId ? referrer.id : null;
}

/** The picks a receipt stands for: every take of its owner on the pack that was current right after it. */
async function loadReceiptTakes(tx: DbOrTx, receiptId: string): Promise<SubmittedTake[]> {
  return selectRows(
    tx,
    sql`select t.prop_id, t.side, t.locked_value, t.receipt_id
        ${receiptTakesFrom(receiptId)}
        order by p.position, p.created_at`,
    submittedTakeRow,
  );
}

const submittedTakeRow = rowShape((r) => ({
  propID: r.text("prop_id"),
  propSide: r.oneOf("side", TAKE_SIDES),
  lockedValue: r.int("locked_value"),
  receiptId: r.text("receipt_id"),
}));
