// Share links and texts (docs/SCREENS.md §4.2, §2.5). Every link a player shares
// carries `?ref={their handle}` so the referral can be credited.

/** `{origin}/packs/{packURL}` (or a receipt under it), with `?ref={handle}` when a handle is known. */
export function packLink(origin: string, packURL: string, options: { receiptId?: string; ref?: string | null } = {}): string {
  const path = `/packs/${encodeURIComponent(packURL)}${options.receiptId ? `/${encodeURIComponent(options.receiptId)}` : ""}`;
  const url = new URL(path, origin);
  if (options.ref) url.searchParams.set("ref", options.ref);
  return url.toString();
}

/** The shareMyTakes preview: a header line, one "🔮" line per saved pick, then the invitation. */
export function shareMyTakesText(packTitle: string, takeSentences: string[], link: string): string {
  return [`Here's my 🏟️ ${packTitle} ⚡️ Takes`, ...takeSentences.map((s) => `🔮 ${s}`), `Make Your Take ⚡️ ${link}`].join("\n");
}

/** What packCompleted's "Share Pack" hands to the native share sheet (the link goes separately). */
export function packCompletedShareText(packTitle: string, firstTakeSentence: string | undefined): string {
  return [
    `I just made my takes on ${packTitle}`,
    ...(firstTakeSentence ? [`🔮 ${firstTakeSentence}`] : []),
    "Think you can beat my takes?",
  ].join("\n");
}

/** The receipt page's "Copy Link" text: "My picks: {prop}: {side}, … {url}". */
export function receiptCopyText(picks: Array<{ prop: string; side: string }>, link: string): string {
  return `My picks: ${picks.map((p) => `${p.prop}: ${p.side}`).join(", ")} ${link}`;
}

/** The "pack submitted" text to the player: their takes and the pack link. */
export function packSubmittedText(packTitle: string, takeSentences: string[], link: string): string {
  return [`Your takes on ${packTitle} are in:`, ...takeSentences.map((s) => `• ${s}`), `See the pack: ${link}`].join("\n");
}

// The shapes of what links carry; anything else names nothing (and never reaches SQL).
const PACK_URL = /^[a-z0-9][a-z0-9-]{0,79}$/;
const HANDLE = /^[A-Za-z0-9_]{1,40}$/;
const RECEIPT_ID = /^[A-Za-z0-9_-]{8,32}$/;

export const isPackURL = (value: string) => PACK_URL.test(value);
export const isHandle = (value: string) => HANDLE.test(value);
export const isReceiptId = (value: string) => RECEIPT_ID.test(value);

/** The text a challenged player gets (src/server/h2h/create-challenge.ts): who, on which pack, and the link to answer. */
export function challengeText(productName: string, challengerHandle: string, packTitle: string, link: string): string {
  return `${productName}: @${challengerHandle} challenged you to a head-to-head on ${packTitle}! Accept or decline before the pack closes: ${link}`;
}
