// The admin "Create / Update" card form (docs/SCREENS.md §3.8): one schema for the
// admin page and the admin API, kept apart from awards.ts so that players'
// dialogs do not load zod.
import { z } from "zod";
import { AWARD_CARD_STATUSES, AWARD_CODE_PATTERN, AWARD_KINDS, tokensToCents } from "./awards";
import { idSchema } from "@/domain/ids";

const optionalDate = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === "") return null;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: "Please enter a valid date and time." });
      return z.NEVER;
    }
    return date;
  });
const optionalText = (max: number) =>
  z
    .union([z.string().max(max), z.null()])
    .optional()
    .transform((value) => (value ? value.trim() || null : null));
const optionalId = z
  .union([idSchema(), z.literal(""), z.null()])
  .optional()
  .transform((value) => value || null);

/** The admin "Create / Update" form (docs/SCREENS.md §3.8), validated the same on client and server. */
export const ZAwardCardInput = z
  .object({
    code: z.string().trim().regex(AWARD_CODE_PATTERN, "Code must be 1–64 letters, numbers, dashes or underscores."),
    name: z.string().trim().min(1, "Please enter a name.").max(120, "Name is too long."),
    kind: z.enum(AWARD_KINDS),
    tokens: z.coerce.number().min(0, "Diamonds cannot be negative.").max(1_000_000, "Too many diamonds.").default(0),
    status: z.enum(AWARD_CARD_STATUSES).default("available"),
    validFrom: optionalDate,
    validUntil: optionalDate,
    maxClaims: z
      .union([
        z.coerce.number().int("Claim cap must be a whole number.").positive("Claim cap must be at least 1."),
        z.literal(""),
        z.null(),
      ])
      .optional()
      .transform((value) => (typeof value === "number" ? value : null)),
    imageUrl: optionalText(2000),
    redirectTeamId: optionalId,
    requirementKey: z
      .union([z.literal("follow_team"), z.literal(""), z.null()])
      .optional()
      .transform((value) => value || null),
    requirementTeamId: optionalId,
    targetType: z
      .union([z.enum(["team", "series"]), z.literal(""), z.null()])
      .optional()
      .transform((value) => value || null),
    targetTeamId: optionalId,
    targetSeriesId: optionalId,
  })
  .superRefine((card, ctx) => {
    const cents = tokensToCents(card.tokens);
    if (cents === null) ctx.addIssue({ code: "custom", path: ["tokens"], message: "Diamonds have at most two decimals." });
    if (card.kind === "award" && !(cents && cents > 0)) {
      ctx.addIssue({ code: "custom", path: ["tokens"], message: "An award needs more than 0 diamonds." });
    }
    if (card.kind === "promo" && cents !== 0) {
      ctx.addIssue({ code: "custom", path: ["tokens"], message: "A promo gives no diamonds." });
    }
    if (card.validFrom && card.validUntil && card.validFrom >= card.validUntil) {
      ctx.addIssue({ code: "custom", path: ["validUntil"], message: "Valid until must be after valid from." });
    }
    if (card.requirementKey === "follow_team" && !card.requirementTeamId) {
      ctx.addIssue({ code: "custom", path: ["requirementTeamId"], message: "Pick the team to follow." });
    }
    if (card.kind === "promo" && !card.targetType) {
      ctx.addIssue({ code: "custom", path: ["targetType"], message: "A promo targets a team or a series." });
    }
    if (card.targetType === "team" && !card.targetTeamId) {
      ctx.addIssue({ code: "custom", path: ["targetTeamId"], message: "Pick the target team." });
    }
    if (card.targetType === "series" && !card.targetSeriesId) {
      ctx.addIssue({ code: "custom", path: ["targetSeriesId"], message: "Pick the target series." });
    }
  })
  .transform((card) => ({
    code: card.code,
    name: card.name,
    kind: card.kind,
    tokensCents: tokensToCents(card.tokens) ?? 0,
    status: card.status,
    validFrom: card.validFrom,
    validUntil: card.validUntil,
    maxClaims: card.maxClaims,
    imageUrl: card.imageUrl,
    redirectTeamId: card.redirectTeamId,
    requirementKey: card.requirementKey,
    requirementTeamId: card.requirementKey ? card.requirementTeamId : null,
    targetType: card.targetType,
    targetTeamId: card.targetType === "team" ? card.targetTeamId : null,
    targetSeriesId: card.targetType === "series" ? card.targetSeriesId : null,
  }));
export type AwardCardInput = z.output<typeof ZAwardCardInput>;
