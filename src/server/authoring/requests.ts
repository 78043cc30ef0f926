import { z } from "zod";
import { PACK_STATUSES, PACK_URL_MESSAGE, PACK_URL_PATTERN, PROP_STATUSES } from "@/domain/authoring";
import { ZGradingRuleConfig } from "@/domain/auto-grade";
import { isValidMoneyline } from "@/domain/points";
import { ZPackOpenText } from "@/domain/schemas/pack-texts";
import { SLATE_MODES } from "@/domain/slate";
import { ZDay, ZLeague } from "@/server/events/requests";
import { ZCursor } from "@/server/http/keyset";
import { idSchema } from "@/domain/ids";

// Request schemas of the packs and props admin routes. The forms validate the
// same things; the server is the authority.


const optionalText = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} is too long (${max.toLocaleString("en-US")} characters at most).`)
    .transform((v) => v.trim() || null)
    .nullable()
    .optional();

/** An instant as ISO 8601 with an offset; null clears it. */
const ZInstant = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)), {
    message: "Times must be full date-times with a time zone.",
  })
  .transform((v) => new Date(v))
  .nullable()
  .optional();

/** An http(s) URL or a path on this site (generated covers). */
const ZImageUrl = z
  .string()
  .trim()
  .max(2_000, "Image URL is too long.")
  .refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v) || /^\/[^/\\]\S*$/.test(v), { message: "Image URL must start with https:// or /" })
  .transform((v) => v || null)
  .nullable()
  .optional();

const ZMoneyline = z
  .union([z.number(), z.string().trim()])
  .transform((v, ctx) => {
    if (v === "" ) return null;
    const n = typeof v === "number" ? v : Number(v.replace(/^\+/, ""));
    if (!isValidMoneyline(n)) {
      ctx.addIssue({ code: "custom", message: "Moneylines are whole numbers of at least +100 or at most −100." });
      return z.NEVER;
    }
    return n;
  })
  .nullable()
  .optional();

const packFields = {
  title: z.string({ error: "Pack title is required." }).trim().min(1, "Pack title is required.").max(120, "Pack title is too long (120 characters at most)."),
  packUrl: z.string({ error: PACK_URL_MESSAGE }).trim().regex(PACK_URL_PATTERN, PACK_URL_MESSAGE),
  league: ZLeague,
  summary: optionalText(2_000, "Summary"),
  coverUrl: ZImageUrl,
  prizeTitle: optionalText(200, "Prize title"),
  prizeImageUrl: ZImageUrl,
  prizePoints: z.number().int("Points required must be a whole number.").min(0, "Points required cannot be negative.").max(10_000_000).nullable().optional(),
  prizeSummary: optionalText(1_000, "Prize summary"),
  openTime: ZInstant,
  closeTime: ZInstant,
  eventIds: z.array(idSchema("Unknown event")).max(30, "A pack links at most 30 events.").optional(),
  featured: z.boolean().optional(),
  status: z.enum(PACK_STATUSES, { error: "Unknown pack status" }).optional(),
};

const windowOrder = (pack: { openTime?: Date | null; closeTime?: Date | null }) =>
  !pack.openTime || !pack.closeTime || pack.openTime < pack.closeTime;
const WINDOW_MESSAGE = { message: "Close time must be after open time.", path: ["closeTime"] };

export const ZCreatePackRequest = z.object(packFields).refine(windowOrder, WINDOW_MESSAGE);
export type CreatePackRequest = z.infer<typeof ZCreatePackRequest>;

export const ZUpdatePackRequest = z
  .object({ ...packFields, openText: ZPackOpenText.optional() })
  .partial()
  .refine(windowOrder, WINDOW_MESSAGE);
export type UpdatePackRequest = z.infer<typeof ZUpdatePackRequest>;

/** `openText` is the admin's pack-open text choice when the change opens the pack (decision 040). */
export const ZPackStatusRequest = z.object({ status: z.enum(PACK_STATUSES, { error: "Unknown pack status" }), openText: ZPackOpenText.optional() });
export const ZPackFeaturedRequest = z.object({ featured: z.boolean({ error: "featured must be true or false" }) });
export const ZReorderPropsRequest = z.object({
  propIds: z.array(idSchema("Unknown prop")).min(1, "No props to order.").max(200),
});
export const ZCopyPropsRequest = z.object({
  copyPropIds: z.array(idSchema("Unknown prop")).min(1, "Select at least one prop.").max(100),
});

const propFields = {
  eventId: idSchema("Unknown event").nullable().optional(),
  shortLabel: z.string({ error: "Short label is required." }).trim().min(1, "Short label is required.").max(120, "Short label is too long (120 characters at most)."),
  title: optionalText(300, "Question"),
  summary: optionalText(2_000, "Summary"),
  sideAShort: z.string({ error: "Side A needs a label." }).trim().min(1, "Side A needs a label.").max(60, "Side labels are 60 characters at most."),
  sideBShort: z.string({ error: "Side B needs a label." }).trim().min(1, "Side B needs a label.").max(60, "Side labels are 60 characters at most."),
  sideATake: z.string({ error: "Side A needs a take sentence." }).trim().min(1, "Side A needs a take sentence.").max(200, "Take sentences are 200 characters at most."),
  sideBTake: z.string({ error: "Side B needs a take sentence." }).trim().min(1, "Side B needs a take sentence.").max(200, "Take sentences are 200 characters at most."),
  sideAMoneyline: ZMoneyline,
  sideBMoneyline: ZMoneyline,
  closeTime: ZInstant,
  /** Null or "manual" clears the rule. */
  gradingRule: z.enum(["manual", "who_wins", "total_over_under", "spread"], { error: "Unknown grading rule" }).nullable().optional(),
  gradingParams: z.unknown().optional(),
  thumbnailUrl: ZImageUrl,
};

/** The rule and its parameters must agree (src/domain/auto-grade.ts documents each rule's parameters). */
const ruleIsValid = (prop: { gradingRule?: string | null; gradingParams?: unknown }) =>
  !prop.gradingRule || prop.gradingRule === "manual" || ZGradingRuleConfig.safeParse({ rule: prop.gradingRule, params: prop.gradingParams }).success;
const RULE_MESSAGE = { message: "The auto-grade rule needs its line and sides.", path: ["gradingParams"] };

export const ZCreatePropRequest = z
  .object({ packId: idSchema("Unknown pack"), ...propFields })
  .refine(ruleIsValid, RULE_MESSAGE);
export type CreatePropRequest = z.infer<typeof ZCreatePropRequest>;

export const ZUpdatePropRequest = z.object(propFields).partial().refine(ruleIsValid, RULE_MESSAGE);
export type UpdatePropRequest = z.infer<typeof ZUpdatePropRequest>;

export const ZPropStatusRequest = z.object({ status: z.enum(PROP_STATUSES, { error: "Unknown prop status" }) });

export const ZSuperPropRequest = z
  .object({
    packTitle: packFields.title,
    packUrl: packFields.packUrl,
    ...propFields,
    eventId: idSchema("Link an event to publish a super prop."),
  })
  .refine(ruleIsValid, RULE_MESSAGE);
export type SuperPropRequest = z.infer<typeof ZSuperPropRequest>;

export const PROP_VIEWS = ["all", "open", "toGrade", "graded"] as const;

export const ZPropsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).catch(100).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).catch(0).default(0),
  view: z.enum(PROP_VIEWS).catch("all").default("all"),
  status: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",").filter((s): s is (typeof PROP_STATUSES)[number] => (PROP_STATUSES as readonly string[]).includes(s)) : [])),
  league: ZLeague.optional(),
  q: z.string().max(200).optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
  eventDay: ZDay.optional(),
  packId: idSchema("Unknown pack").optional(),
  sort: z.enum(["created_desc", "created_asc", "event_time_asc", "event_time_desc", "event_asc", "event_desc", "prop_asc", "prop_desc"]).catch("created_desc").default("created_desc"),
});
export type PropsQuery = z.infer<typeof ZPropsQuery>;

export const ZAdminPacksQuery = z.object({
  statuses: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",").filter((s): s is (typeof PACK_STATUSES)[number] => (PACK_STATUSES as readonly string[]).includes(s)) : [])),
  q: z.string().max(200).optional(),
  league: ZLeague.optional(),
  sort: z.enum(["newest", "oldest", "close_asc", "close_desc"]).catch("newest").default("newest"),
  cursor: ZCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/**
 * POST /api/admin/slate: the games of a league between two New York days (a day or an NFL week,
 * at most 8 days), one pack per game or one for the slate; a dry run previews
 * (docs/decisions/037-slate-authoring.md).
 */
export const ZSlateRequest = z
  .object({
    league: ZLeague,
    from: ZDay,
    to: ZDay,
    mode: z.enum(SLATE_MODES, { error: "Mode must be perGame or slate" }),
    dryRun: z.boolean({ error: "dryRun must be true or false" }).default(true),
  })
  .refine((v) => v.from <= v.to, { message: "The range must end on or after its start.", path: ["to"] })
  .refine((v) => Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`) <= 7 * 86_400_000, {
    message: "Pick a day or a week (8 days at most).",
    path: ["to"],
  });

/** GET /api/admin/packs/{packId}/openText: the opening to preview; the form's unsaved times ("" = none) override the pack's. */
export const ZPackOpenTextQuery = z.object({
  status: z.enum(["open", "coming-soon"], { error: "Preview an opening: status open or coming-soon." }).default("open"),
  openTime: z.preprocess((v) => (v === "" ? null : v), ZInstant),
  closeTime: z.preprocess((v) => (v === "" ? null : v), ZInstant),
});
