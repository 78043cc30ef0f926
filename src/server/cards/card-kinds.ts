import "server-only";
import type { DrawnCard } from "./draw-cards";
import { loadGroupInviteCard } from "./load-group-invite-card";
import { loadHeadToHeadCard } from "./load-head-to-head-card";
import { loadPackCard } from "./load-pack-card";
import { loadProfileCard } from "./load-profile-card";
import { loadReceiptCard } from "./load-receipt-card";

/**
 * What each kind of share card is drawn from (docs/decisions/067-share-cards.md): `load(key, now)`
 * reads exactly the data the card shows and draws it, or answers null when nothing players may
 * see has that key (unknown, draft or archived, deleted or suspended): the route's 404. The
 * card's version is a hash of what was drawn, so loading is the cheap part and rendering the PNG
 * happens once per version.
 */
export interface CardKind {
  load(key: string, now: Date): Promise<DrawnCard | null>;
}

export const CARD_KINDS = {
  /** key: the pack's packURL. */
  pack: { load: loadPackCard },
  /** key: the receipt's id. */
  receipt: { load: loadReceiptCard },
  /** key: the player's profile id (not the handle, which can change). */
  profile: { load: (key) => loadProfileCard(key) },
  /** key: the challenge's id. */
  h2h: { load: loadHeadToHeadCard },
  /** key: a group's invite token (a rotated token or a hidden group: no card). */
  group: { load: loadGroupInviteCard },
} satisfies Record<string, CardKind>;

export type CardKindName = keyof typeof CARD_KINDS;

export const isCardKind = (value: string): value is CardKindName => Object.hasOwn(CARD_KINDS, value);
