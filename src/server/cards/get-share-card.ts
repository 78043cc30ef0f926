import "server-only";
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { shareCards } from "@/server/db/schema";
import { appMetrics } from "@/server/ops/metrics";
import { renderPng } from "@/server/pictures/render-png";
import { CARD_KINDS, type CardKindName } from "./card-kinds";
import { CARD_WIDTH, type DrawnCard } from "./draw-cards";

/** How a card was answered: from the stored PNG, rendered now, or not sent at all (the client's copy is current). */
export type CardCacheOutcome = "hit" | "miss" | "not_modified";

export interface ShareCardAnswer {
  version: string;
  /** Null when the client's copy is current (304). */
  png: Uint8Array | null;
  outcome: CardCacheOutcome;
}

/** A card's version: a hash of the SVG drawn, so anything that changes what the card shows (a lock, a grade, a handle) is a new version. */
export const cardVersion = (card: DrawnCard) => createHash("sha256").update(card.svg).digest("base64url").slice(0, 22);

/** The card of `kind` for `key` as drawn now, with its version; null when there is none to show. */
export async function drawShareCard(input: {
  kind: CardKindName;
  key: string;
  now?: Date;
}): Promise<(DrawnCard & { version: string }) | null> {
  const card = await CARD_KINDS[input.kind].load(input.key, input.now ?? new Date());
  return card ? { ...card, version: cardVersion(card) } : null;
}

/** Whether an If-None-Match header names `version` (strong or weak, alone or in a list, or `*`). */
function matches(ifNoneMatch: string | null, version: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const bare = tag.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    return bare === version || bare === "*";
  });
}

/**
 * A share card as a 1200×630 PNG (docs/decisions/067-share-cards.md), rendered once per version:
 * the data is read and drawn on every request (a few small queries and a string), the PNG is
 * rendered only when `share_cards` does not hold this version yet, then stored for every instance.
 * One row per card: a new version replaces the old one. Two instances asked for the same new
 * version at once may both render it; the upsert keeps one row. Null when there is no card.
 */
export async function getShareCard(input: {
  kind: CardKindName;
  key: string;
  ifNoneMatch?: string | null;
  now?: Date;
}): Promise<ShareCardAnswer | null> {
  const card = await drawShareCard(input);
  if (!card) return null;
  const counted = (answer: ShareCardAnswer) => {
    appMetrics().shareCards.inc({ outcome: answer.outcome });
    return answer;
  };
  if (matches(input.ifNoneMatch ?? null, card.version)) return counted({ version: card.version, png: null, outcome: "not_modified" });
  const db = await getDb();
  const [stored] = await db
    .select({ png: shareCards.png })
    .from(shareCards)
    .where(and(eq(shareCards.kind, input.kind), eq(shareCards.key, input.key), eq(shareCards.version, card.version)))
    .limit(1);
  if (stored) return counted({ version: card.version, png: stored.png, outcome: "hit" });
  const png = renderPng(card.svg, CARD_WIDTH);
  await db
    .insert(shareCards)
    .values({ kind: input.kind, key: input.key, version: card.version, png, renderedAt: input.now ?? new Date() })
    .onConflictDoUpdate({
      target: [shareCards.kind, shareCards.key],
      set: { version: card.version, png, renderedAt: sql`excluded.rendered_at` },
      setWhere: sql`${shareCards.version} <> excluded.version`,
    });
  return counted({ version: card.version, png, outcome: "miss" });
}

/** Cards not rendered again for this long are dropped (the next request renders them anew). */
export const SHARE_CARD_KEEP_DAYS = 30;

/** Rows dropped per statement: the hourly purge never holds a long lock. */
const PURGE_BATCH = 5_000;

/** Drops stored cards not rendered for SHARE_CARD_KEEP_DAYS: the table holds the cards shared lately, not every card ever. */
export async function purgeOldShareCards(now: Date = new Date()): Promise<void> {
  const db = await getDb();
  const before = new Date(now.getTime() - SHARE_CARD_KEEP_DAYS * 86_400_000);
  await db.execute(
    sql`delete from share_cards where (kind, key) in (
          select kind, key from share_cards where rendered_at < ${before} order by rendered_at limit ${PURGE_BATCH})`,
  );
}
