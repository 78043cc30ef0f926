// Award and promo cards (docs/PRODUCT.md §8): pure rules shared by the server, the
// admin form and the claim dialogs.

export const AWARD_KINDS = ["award", "promo"] as const;
export const AWARD_CARD_STATUSES = ["available", "disabled"] as const;
/** What a preview reports; only `available` can be claimed. */
export const AWARD_PREVIEW_STATUSES = ["available", "disabled", "expired", "exhausted"] as const;
export type AwardPreviewStatus = (typeof AWARD_PREVIEW_STATUSES)[number];

export const AWARD_MESSAGES = {
  invalidCode: "Invalid code",
  loadFailed: "Could not load award",
  claimFailed: "Could not claim",
  notAvailable: "This code is not available to claim.",
  expired: "This code has expired.",
  exhausted: "This code has been claimed as many times as it allows.",
  alreadyOrUnavailable: "Already claimed or unavailable.",
} as const;

/** Why a preview cannot be claimed, in the player's words: expired and used-up codes say so. */
export function unavailableMessage(status: AwardPreviewStatus): string {
  if (status === "expired") return AWARD_MESSAGES.expired;
  if (status === "exhausted") return AWARD_MESSAGES.exhausted;
  return AWARD_MESSAGES.notAvailable;
}

/** Codes are letters, digits, `-` and `_`; matching ignores case and surrounding spaces. */
export const AWARD_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function normalizeAwardCode(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const code = raw.trim();
  return AWARD_CODE_PATTERN.test(code) ? code : null;
}

export interface AwardCardWindow {
  status: string;
  validFrom: Date | null;
  validUntil: Date | null;
  maxClaims: number | null;
  claimsCount: number;
}

/**
 * Disabled wins over everything; outside [validFrom, validUntil) the card is
 * expired (before its start too: nobody can claim it yet); at the cap it is exhausted.
 */
export function awardPreviewStatus(card: AwardCardWindow, now: Date): AwardPreviewStatus {
  if (card.status !== "available") return "disabled";
  const t = now.getTime();
  if (card.validFrom && t < card.validFrom.getTime()) return "expired";
  if (card.validUntil && t >= card.validUntil.getTime()) return "expired";
  if (card.maxClaims !== null && card.claimsCount >= card.maxClaims) return "exhausted";
  return "available";
}

/**
 * A card's state in the admin's list (docs/SCREENS.md §3.8), in the words of its preview status:
 * a card past its end reads "Expired" though its saved status is still "available".
 */
export function adminCardStatusLabel(card: AwardCardWindow, now: Date): string {
  const status = awardPreviewStatus(card, now);
  if (status === "expired" && card.validFrom && now.getTime() < card.validFrom.getTime()) return "Not started";
  return { available: "Available", disabled: "Disabled", expired: "Expired", exhausted: "All claimed" }[status];
}

/** Diamonds as the API shows them (cents → 18.75). */
export const centsToTokens = (cents: number): number => cents / 100;

/** Diamonds typed by an admin ("18.75") → exact cents, or null when not a valid amount. */
export function tokensToCents(tokens: number): number | null {
  if (!Number.isFinite(tokens) || tokens < 0) return null;
  const cents = Math.round(tokens * 100);
  return Math.abs(cents - tokens * 100) < 1e-6 ? cents : null;
}

/** An award's diamonds as players read them: up to two decimals ("18.75", "5"). */
export const formatDiamonds = (tokens: number): string => tokens.toLocaleString("en-US", { maximumFractionDigits: 2 });

/** The shareable link of a card: `?card=` works on any page (docs/SCREENS.md §5). */
export const awardCardPath = (code: string): string => `/?card=${encodeURIComponent(code)}`;

/** The award preview's address for a code (GET /api/awards/preview). */
export const awardPreviewPath = (code: string) => `/api/awards/preview?code=${encodeURIComponent(code)}`;
