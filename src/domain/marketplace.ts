import { formatTokens } from "./points";
import { countOf } from "./plural";
// Marketplace rules shared by the pages, the dialogs and the server
// (docs/PRODUCT.md §7). Balances are ledger cents; item prices are whole diamonds.

export const CENTS_PER_DIAMOND = 100;

export const ITEM_STATUSES = ["available", "hidden", "sold-out"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  available: "Available",
  hidden: "Hidden",
  "sold-out": "Sold out",
};

/** An available item with fewer unused codes than this is low on codes (the hub counts them; the inventory dialog marks them). */
export const LOW_ON_CODES_BELOW = 5;

/** The one rule for "low on codes" (issue 41 item 7): the hub's count and the inventory dialog's mark. */
export function isLowOnCodes(item: { status: string; codesLeft: number }): boolean {
  return item.status === "available" && item.codesLeft < LOW_ON_CODES_BELOW;
}

export const SOLD_OUT_MESSAGE = "This item is sold out. Nothing was spent.";
export const SOMETHING_WENT_WRONG = "Something went wrong";
export const ITEM_NOT_FOUND_MESSAGE = "Item not found.";
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = "This confirmation was already used for another item. Nothing was spent.";
export const PRICE_CHANGED_MESSAGE = "The price of this item has changed. Please review it and try again.";
export const SELECT_ITEM_MESSAGE = "Please select an item";
export const NO_CODES_MESSAGE = "Please provide at least one code";

export const MAX_CODE_LENGTH = 200;

/** Items with fewer unused codes than this are "low on codes" for admins. */
export const LOW_STOCK_THRESHOLD = 3;

export function itemPriceCents(itemTokens: number): number {
  return itemTokens * CENTS_PER_DIAMOND;
}

export function canRedeem(balanceCents: number, itemTokens: number): boolean {
  return balanceCents >= itemPriceCents(itemTokens);
}

/**
 * Diamonds still to earn before the item is affordable, in ledger cents (0 when it already is).
 * Exact, like the balance beside it in the item dialog: a balance of 101.5 and a 500 item need
 * 398.5, so the three figures add up (diamonds are earned in hundredths, docs/PRODUCT.md §4).
 */
export function centsStillNeeded(balanceCents: number, itemTokens: number): number {
  return Math.max(0, itemPriceCents(itemTokens) - balanceCents);
}

/** Share of the price the balance covers, from 0 to 1, for progress bars. */
export function redeemProgress(balanceCents: number, itemTokens: number): number {
  const price = itemPriceCents(itemTokens);
  if (price <= 0) return 1;
  return Math.min(1, Math.max(0, balanceCents / price));
}

export function notEnoughDiamondsMessage(itemTokens: number, balanceCents: number): string {
  // Exact, not rounded: 499.6 is not 500 when 500 is what the item costs.
  return `Not enough diamonds. Required: ${itemTokens}, Available: ${formatTokens(balanceCents)}`;
}

export function inventoryResultMessage(added: number, totalProvided: number): string {
  return `Added ${added} of ${countOf(totalProvided, "code")}.`;
}

export interface NormalizedCodes {
  /** Distinct codes in the order first pasted. */
  codes: string[];
  /** Non-empty lines provided, duplicates included. */
  totalProvided: number;
}

/**
 * Inventory paste rules (docs/PRODUCT.md §14): one code per line, each trimmed,
 * empty lines dropped, a code repeated within the paste counted once.
 */
export function normalizeInventoryCodes(input: string | readonly string[]): NormalizedCodes {
  const lines = (typeof input === "string" ? [input] : input).flatMap((chunk) => chunk.split(/\r\n|\r|\n/));
  const provided = lines.map((line) => line.trim()).filter((line) => line.length > 0);
  return { codes: [...new Set(provided)], totalProvided: provided.length };
}

/**
 * The first pasted code longer than MAX_CODE_LENGTH, with its line in the paste (1-based, blank
 * lines counted, as the admin sees the text box), and the admin-facing words for it: "Line 3:
 * the code “ABCDEFGHIJKL…” is 245 characters; codes must be at most 200." Null when all fit.
 */
export function overlongInventoryCode(
  input: string | readonly string[],
): { line: number; start: number; end: number; message: string } | null {
  const text = typeof input === "string" ? input : input.join("\n");
  let offset = 0;
  const lines = text.split(/(\r\n|\r|\n)/);
  let lineNumber = 0;
  for (let index = 0; index < lines.length; index += 2) {
    const raw = lines[index]!;
    lineNumber++;
    const code = raw.trim();
    if (code.length > MAX_CODE_LENGTH) {
      const start = offset + raw.indexOf(code);
      return {
        line: lineNumber,
        start,
        end: start + code.length,
        message: `Line ${lineNumber}: the code “${code.slice(0, 12)}…” is ${code.length} characters; codes must be at most ${MAX_CODE_LENGTH}.`,
      };
    }
    offset += raw.length + (lines[index + 1]?.length ?? 0);
  }
  return null;
}

/** The picture to show for an item: its per-team image in a team view, else its own image. */
export function itemImageFor(
  item: { imageUrl: string | null; teamImages: Record<string, string> | null },
  teamSlug?: string | null,
): string | null {
  if (teamSlug) {
    const teamImage = item.teamImages?.[teamSlug.toLowerCase()];
    if (teamImage) return teamImage;
  }
  return item.imageUrl;
}

/** Per-team images as admins type them: one `team-slug URL` pair per line. */
export function formatTeamImages(teamImages: Record<string, string> | null | undefined): string {
  return Object.entries(teamImages ?? {})
    .map(([slug, url]) => `${slug} ${url}`)
    .join("\n");
}

export type TeamImagesParse = { ok: true; teamImages: Record<string, string> } | { ok: false; error: string };

export function parseTeamImages(text: string): TeamImagesParse {
  const teamImages: Record<string, string> = {};
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^([a-z0-9-]+)\s+(\S+)$/i.exec(line);
    if (!match || !isHttpUrl(match[2]!)) {
      return { ok: false, error: `Per-team images: "${line}" is not "team-slug https://…"` };
    }
    teamImages[match[1]!.toLowerCase()] = match[2]!;
  }
  return { ok: true, teamImages };
}

export function isHttpUrl(value: string): boolean {
  if (value.startsWith("/") && !value.startsWith("//")) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
