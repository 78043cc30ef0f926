// What the admin players screen shows (docs/SCREENS.md §3.12 and §3.13), shared by the
// use-cases that read it and the components that draw it. Phones appear here only because
// these views are for admins (docs/SCREENS.md §3).

import { toE164 } from "./phone";

/** The rows and the head of the players screen: their schemas are the answers' (src/domain/schemas/admin-players.ts). */
export type { AdminExchangeRow, AdminLedgerRow, AdminPlayerDetail, AdminPlayerPack, AdminPlayerRow } from "./schemas/admin-players";

/** What the search box holds: a phone (10 digits, punctuation and a leading 1 allowed) or a handle prefix. */
export function classifyPlayerQuery(
  raw: string,
): { kind: "all" } | { kind: "phone"; e164: string } | { kind: "handle"; prefix: string } | { kind: "none" } {
  const text = raw.trim().replace(/^@/, "");
  if (!text) return { kind: "all" };
  if (/^[+0-9()\s.-]+$/.test(text)) {
    // The one normalisation sign-in stores numbers with (src/domain/phone.ts), so any way of typing finds the account.
    const e164 = toE164(text);
    if (e164) return { kind: "phone", e164 };
    // Handles may be all digits too ("taker123456" is not, "12345" could be): a short number is a handle prefix.
    if (/^[0-9]{1,20}$/.test(text)) return { kind: "handle", prefix: text.toLowerCase() };
    return { kind: "none" };
  }
  if (/^[A-Za-z0-9_]{1,20}$/.test(text)) return { kind: "handle", prefix: text.toLowerCase() };
  return { kind: "none" };
}

/** Cents as diamonds: 1250 → "12.5". */
export const formatDiamondCents = (cents: number) => (cents / 100).toLocaleString("en-US", { maximumFractionDigits: 2 });

/** The confirmation of a balance adjustment: the amount and the balance it leaves (docs/SCREENS.md §3.13). */
/** The server's refusal of a deduction below zero (src/server/ledger/adjust-balance.ts), said before the confirmation. */
export const BELOW_ZERO_MESSAGE = "That would take the balance below zero.";

/** Why an adjustment of `amountCents` cannot be made to a balance of `balanceCents`, or null when it can. */
export function adjustmentRefusal(amountCents: number, balanceCents: number): string | null {
  return balanceCents + amountCents < 0 ? `${BELOW_ZERO_MESSAGE} The balance is ${formatDiamondCents(balanceCents)} diamonds.` : null;
}

export function adjustmentConfirmMessage(handle: string, amountCents: number, balanceCents: number): string {
  const amount = formatDiamondCents(Math.abs(amountCents));
  const after = formatDiamondCents(balanceCents + amountCents);
  const verb = amountCents >= 0 ? `Add ${amount} diamonds to` : `Take ${amount} diamonds from`;
  return `${verb} @${handle}'s balance? New balance: ${after} diamonds.`;
}
