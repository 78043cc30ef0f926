// The picks a player has made on a pack but not submitted yet, kept in this
// browser so a reload, a tab the phone threw away while they fetched their
// sign-in code, or a trip to the login page does not lose them (issue 23 item
// 14). Loaded with pack-play-extras, after the first paint.
import type { Side } from "./submit-picks";

/** One localStorage entry for every pack's draft: {packId: {at, picks: {propId: side}}}. */
const KEY = "takes:pick-drafts";
/** The drafts of this many packs at most: the least recently changed go first. */
const MAX_PACKS = 10;
/** Picks kept of one pack (a pack has a handful of props). */
const MAX_PICKS = 50;
/** A draft left this long is forgotten: its pack has long closed. */
const MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

export type DraftPicks = Array<[propId: string, side: Side]>;
type Drafts = Record<string, { at: number; picks: Record<string, Side> }>;

/** The stored drafts, keeping only well-formed, recent ones: anything else in storage reads as no draft. */
export function parseDrafts(text: string | null, now: number): Drafts {
  let stored: unknown;
  try {
    stored = JSON.parse(text ?? "{}");
  } catch {
    return {};
  }
  const drafts: Drafts = {};
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return drafts;
  for (const [packId, draft] of Object.entries(stored as Record<string, unknown>)) {
    const { at, picks } = (draft && typeof draft === "object" ? draft : {}) as { at?: unknown; picks?: unknown };
    if (typeof at !== "number" || !(now - at < MAX_AGE_MS) || !picks || typeof picks !== "object" || Array.isArray(picks)) continue;
    const kept = Object.entries(picks as Record<string, unknown>)
      .filter((entry): entry is [string, Side] => entry[1] === "A" || entry[1] === "B")
      .slice(0, MAX_PICKS);
    if (kept.length) drafts[packId] = { at, picks: Object.fromEntries(kept) };
  }
  return drafts;
}

/** The drafts with this pack's replaced by `picks` (or removed, when there are none), the newest MAX_PACKS kept. */
export function withDraft(drafts: Drafts, packId: string, picks: DraftPicks, now: number): Drafts {
  const others = Object.entries(drafts)
    .filter(([id]) => id !== packId)
    .sort(([, a], [, b]) => b.at - a.at);
  const mine = picks.length ? [[packId, { at: now, picks: Object.fromEntries(picks.slice(0, MAX_PICKS)) }] as const] : [];
  return Object.fromEntries([...mine, ...others].slice(0, MAX_PACKS));
}

/** localStorage, or null where the browser refuses it (some private modes, blocked site data). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** This pack's draft picks; none when nothing is kept or storage cannot be read. */
export function readDraft(packId: string): DraftPicks {
  try {
    return Object.entries(parseDrafts(storage()?.getItem(KEY) ?? null, Date.now())[packId]?.picks ?? {});
  } catch {
    return [];
  }
}

/** Keeps `picks` as this pack's draft (none clears it). Without storage, or with it full, the picks live on the page only. */
export function saveDraft(packId: string, picks: DraftPicks): void {
  const store = storage();
  if (!store) return;
  try {
    const now = Date.now();
    const drafts = withDraft(parseDrafts(store.getItem(KEY), now), packId, picks, now);
    if (Object.keys(drafts).length) store.setItem(KEY, JSON.stringify(drafts));
    else store.removeItem(KEY);
  } catch {
    // Quota exceeded or storage refused: nothing to do but keep playing.
  }
}
