import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { InferOutput } from "valibot";
import {
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  ITEM_NOT_FOUND_MESSAGE,
  PRICE_CHANGED_MESSAGE,
  SOLD_OUT_MESSAGE,
  canRedeem,
  itemPriceCents,
  notEnoughDiamondsMessage,
} from "@/domain/marketplace";
import { redemptionContactSchema } from "@/domain/schemas/marketplace";
import type { VRedemptionAnswer } from "@/domain/schemas/play";
import { getDb, type Tx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { exchanges, itemCodes, items } from "@/server/db/schema";
import { conflict, notFound } from "@/server/http/app-error";
import { appendLedgerEntry, getBalanceCents, lockProfileLedger } from "@/server/ledger/append-ledger-entry";
import { isItemId } from "./marketplace-item";

/**
 * What POST /api/marketplace/redeem answers (src/domain/schemas/play.ts: diamonds spent, the item's
 * code, shown to the redeemer only, and the balance after it, the ledger sum), with the time as a Date.
 */
type Redemption = Omit<InferOutput<typeof VRedemptionAnswer>, "redeemedAt"> & { redeemedAt: Date };

/**
 * Atomic: either the player pays the item's price, one unused code becomes
 * theirs and the exchange is recorded, or nothing changes. One player's
 * redemptions are serialised (they can never overspend); players racing for
 * the last codes each get a different code or "sold out".
 *
 * Stock is codes: an item with no unused code left is sold out, so an
 * available item without any codes cannot be redeemed until an admin adds
 * some (physical items use their codes as order numbers).
 */
export async function redeemItem({
  profileId,
  itemId,
  contact,
  expectedTokens,
  idempotencyKey,
  now = new Date(),
}: {
  profileId: string;
  itemId: string;
  contact: unknown;
  expectedTokens?: number;
  /**
   * The client's key for this one confirmation. A request repeated with the
   * same key (a retry after a lost answer) gets the first redemption back and
   * pays nothing more.
   */
  idempotencyKey?: string;
  now?: Date;
}): Promise<Redemption> {
  if (!isItemId(itemId)) throw notFound(ITEM_NOT_FOUND_MESSAGE);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockProfileLedger(tx, profileId);
    // After the lock: a parallel request with the same key has committed (and is found) or not started.
    if (idempotencyKey) {
      const replay = await findRedemptionByKey(tx, profileId, idempotencyKey);
      if (replay) {
        if (replay.itemID !== itemId) throw conflict(IDEMPOTENCY_KEY_REUSED_MESSAGE, { reason: "idempotency_key_reused" });
        return replay;
      }
    }

    const [item] = await tx.select().from(items).where(eq(items.id, itemId)).limit(1);
    if (!item || item.status === "hidden") throw notFound(ITEM_NOT_FOUND_MESSAGE);
    const validContact = redemptionContactSchema(item.requiresShipping).parse(contact);
    if (item.status === "sold-out") throw conflict(SOLD_OUT_MESSAGE, { reason: "sold_out" });
    if (expectedTokens !== undefined && expectedTokens !== item.tokens) {
      throw conflict(PRICE_CHANGED_MESSAGE, { reason: "price_changed", itemTokens: item.tokens });
    }

    const balanceCents = await getBalanceCents(tx, profileId);
    if (!canRedeem(balanceCents, item.tokens)) {
      throw conflict(notEnoughDiamondsMessage(item.tokens, balanceCents), { reason: "insufficient_tokens" });
    }

    // SKIP LOCKED: a code another redemption is taking right now is passed
    // over instead of waited on, so racing players each get their own code.
    const [code] = await selectRows(
      tx,
      sql`select ${itemCodes.id} as id, ${itemCodes.code} as code from ${itemCodes}
          where ${itemCodes.itemId} = ${item.id} and ${itemCodes.usedAt} is null
          order by ${itemCodes.createdAt}, ${itemCodes.id}
          limit 1 for update skip locked`,
      rowShape((r) => ({ id: r.text("id"), code: r.text("code") })),
    );
    if (!code) throw conflict(SOLD_OUT_MESSAGE, { reason: "sold_out" });

    const marked = await tx
      .update(itemCodes)
      .set({ usedAt: now })
      .where(and(eq(itemCodes.id, code.id), isNull(itemCodes.usedAt)))
      .returning({ id: itemCodes.id });
    if (marked.length !== 1) throw new Error(`item code ${code.id} was used under its row lock`);

    const [exchange] = await tx
      .insert(exchanges)
      .values({
        profileId,
        itemId: item.id,
        itemCodeId: code.id,
        tokens: item.tokens,
        contact: validContact,
        idempotencyKey: idempotencyKey ?? null,
        createdAt: now,
      })
      .returning({ id: exchanges.id });
    const exchangeId = exchange!.id;

    const priceCents = itemPriceCents(item.tokens);
    const appended = await appendLedgerEntry(tx, {
      profileId,
      amountCents: -priceCents,
      kind: "exchange",
      businessKey: `exchange:${exchangeId}`,
      reason: `Redeemed ${item.name}`,
      exchangeId,
    });
    if (!appended) throw new Error(`exchange ${exchangeId} was already charged`);

    return {
      exchangeID: exchangeId,
      itemID: item.id,
      itemName: item.name,
      tokens: item.tokens,
      code: code.code,
      redeemedAt: now,
      tokensBalance: (balanceCents - priceCents) / 100,
    };
  });
}

/** The redemption a key already paid for, as it was answered then (balance as of now). */
async function findRedemptionByKey(tx: Tx, profileId: string, idempotencyKey: string): Promise<Redemption | null> {
  const [row] = await selectRows(
    tx,
    sql`select e.id, e.item_id, i.name, e.tokens, c.code, e.created_at
        from ${exchanges} e
        join ${items} i on i.id = e.item_id
        left join ${itemCodes} c on c.id = e.item_code_id
        where e.profile_id = ${profileId} and e.idempotency_key = ${idempotencyKey}`,
    rowShape((r) => ({
      id: r.text("id"),
      item_id: r.text("item_id"),
      name: r.text("name"),
      tokens: r.int("tokens"),
      code: r.textOrNull("code"),
      created_at: r.date("created_at"),
    })),
  );
  if (!row) return null;
  return {
    exchangeID: row.id,
    itemID: row.item_id,
    itemName: row.name,
    tokens: Number(row.tokens),
    code: row.code ?? "",
    redeemedAt: new Date(row.created_at),
    tokensBalance: (await getBalanceCents(tx, profileId)) / 100,
  };
}
