// Award and promo cards (docs/PRODUCT.md §8): the request schemas of the players' card routes and,
// beside each, the answer it sends back (inside `{success: true, …}`), one schema shared by the
// route that answers through it (okThrough) and the dialog that parses it (apiFetch). Loaded by
// the card dialogs on demand, never by the budgeted pages' first load (docs/decisions/023, 046);
// the admin form's request schema is src/domain/award-card-form.ts.
import { z } from "zod";
import { AWARD_KINDS, AWARD_MESSAGES, AWARD_PREVIEW_STATUSES } from "../awards";
import { ZSeriesHead } from "./collections";

/** A card's code as a query or body names it; what is not a code at all is "Invalid code". */
const ZCode = z.string({ error: AWARD_MESSAGES.invalidCode }).max(100, AWARD_MESSAGES.invalidCode);

/** GET /api/awards/preview?code and GET /api/awards/check?code. */
export const ZAwardCodeQuery = z.object({ code: ZCode });
/** POST /api/awards/redeem */
export const ZRedeemAwardRequest = z.object({ code: ZCode });

/** docs/PRODUCT.md §13 "Award preview", plus display names; never claim counts or anyone's phone (GET /api/awards/preview). */
export const ZAwardPreview = z.object({
  code: z.string(),
  name: z.string(),
  tokens: z.number(),
  /** Only `available` can be claimed. */
  status: z.enum(AWARD_PREVIEW_STATUSES),
  redirectTeamSlug: z.string().nullable(),
  imageUrl: z.string().nullable(),
  requirementKey: z.literal("follow_team").nullable(),
  requirementTeamSlug: z.string().nullable(),
  requirementTeamName: z.string().nullable(),
  requirementTeamRouteSlug: z.string().nullable(),
  kind: z.enum(AWARD_KINDS),
  targetType: z.enum(["team", "series"]).nullable(),
  targetSlug: z.string().nullable(),
  targetSeriesId: z.string().nullable(),
  /** Team name or series title the promo targets. */
  targetName: z.string().nullable(),
  /** Logo of the card's team (target, requirement or redirect), for dialogs without an image. */
  teamLogoUrl: z.string().nullable(),
  nextPackCoverUrl: z.string().nullable(),
  nextEventTime: z.string().nullable(),
  hasUpcomingOrLive: z.boolean(),
});
export type AwardPreview = z.infer<typeof ZAwardPreview>;

/** GET /api/awards/check: whether the signed-in player has already claimed the card. */
export const ZAwardCheckAnswer = z.object({ already: z.boolean() });
export type AwardCheckResult = z.infer<typeof ZAwardCheckAnswer>;

/** POST /api/awards/redeem: the claim, or the earlier one (`already`). */
export const ZRedeemAwardAnswer = z.object({
  already: z.boolean(),
  name: z.string(),
  /** Diamonds of this claim (copied at claim time), or the card's value when already claimed before. */
  tokens: z.number(),
  redirectTeamSlug: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type RedeemAwardResult = z.infer<typeof ZRedeemAwardAnswer>;

/** A stored card as the admin API answers it (its row; times as ISO text in the JSON). */
const ZAwardCardRow = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.string(),
  tokensCents: z.number().int(),
  status: z.string(),
  validFrom: z.coerce.date().nullable(),
  validUntil: z.coerce.date().nullable(),
  maxClaims: z.number().int().nullable(),
  claimsCount: z.number().int(),
  imageUrl: z.string().nullable(),
  redirectTeamId: z.string().nullable(),
  requirementKey: z.string().nullable(),
  requirementTeamId: z.string().nullable(),
  targetType: z.string().nullable(),
  targetTeamId: z.string().nullable(),
  targetSeriesId: z.string().nullable(),
  createdAt: z.coerce.date(),
  updatedAt: z.coerce.date(),
});
/** POST /api/admin/awards and PUT /api/admin/awards/{cardId}: the card as saved. */
export const ZSaveAwardCardAnswer = z.object({ card: ZAwardCardRow });

/** GET /api/admin/awards: every card (newest change first), and the teams (with their route slugs) and series to pick from. */
export const ZAdminAwardCardsAnswer = z.object({
  cards: z.array(ZAwardCardRow),
  teams: z.array(z.object({ id: z.string(), league: z.string(), fullName: z.string(), slug: z.string() })),
  series: z.array(ZSeriesHead),
});

/** POST /api/awards/redeem refused: its code, and the team to follow first when the card asks for one (the AppError's extras). */
export const ZRedeemAwardRefusal = z.object({ code: z.string().optional(), requirementTeamRouteSlug: z.string().nullish() });
