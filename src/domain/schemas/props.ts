// Request and answer schemas of the props admin endpoints (docs/SCREENS.md §3.6, §4.7), one contract
// shared by the admin forms, the route handlers that answer through them (`okThrough`) and the
// screens that parse the answers (src/components/api/api-fetch.ts, docs/decisions/046-one-typed-contract.md).
import { z } from "zod";
import { SUPPORTED_LEAGUES } from "@/config";
import { PROP_STATUSES } from "@/domain/authoring";
import { ZGradingRuleConfig } from "@/domain/auto-grade";
import { idSchema } from "@/domain/ids";
import { isValidMoneyline } from "@/domain/points";
import { PRICE_SOURCES } from "@/domain/prices";
import { optionalText, ZImageUrl, ZInstant, ZPackTitle, ZPackUrl } from "./authoring-fields";
import { requiredText } from "./fields";
import { ZOpeningTexts, ZPackOpenText } from "./pack-texts";

const ZMoneyline = z
  .union([z.number(), z.string().trim()])
  .transform((v, ctx) => {
    if (v === "") return null;
    const n = typeof v === "number" ? v : Number(v.replace(/^\+/, ""));
    if (!isValidMoneyline(n)) {
      ctx.addIssue({ code: "custom", message: "Moneylines are whole numbers of at least +100 or at most −100." });
      return z.NEVER;
    }
    return n;
  })
  .nullable()
  .optional();

const propFields = {
  eventId: idSchema("Unknown event").nullable().optional(),
  shortLabel: requiredText("Short label is required.", 120, "Short label is too long (120 characters at most)."),
  title: optionalText(300, "Question"),
  summary: optionalText(2_000, "Summary"),
  sideAShort: requiredText("Side A needs a label.", 60, "Side labels are 60 characters at most."),
  sideBShort: requiredText("Side B needs a label.", 60, "Side labels are 60 characters at most."),
  sideATake: requiredText("Side A needs a take sentence.", 200, "Take sentences are 200 characters at most."),
  sideBTake: requiredText("Side B needs a take sentence.", 200, "Take sentences are 200 characters at most."),
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
  !prop.gradingRule ||
  prop.gradingRule === "manual" ||
  ZGradingRuleConfig.safeParse({ rule: prop.gradingRule, params: prop.gradingParams }).success;
const RULE_MESSAGE = { message: "The auto-grade rule needs its line and sides.", path: ["gradingParams"] };

/** POST /api/admin/props. */
export const ZCreatePropRequest = z.object({ packId: idSchema("Unknown pack"), ...propFields }).refine(ruleIsValid, RULE_MESSAGE);
export type CreatePropRequest = z.infer<typeof ZCreatePropRequest>;

/** PATCH /api/admin/props/{propId}: the fields given. */
export const ZUpdatePropRequest = z.object(propFields).partial().refine(ruleIsValid, RULE_MESSAGE);
export type UpdatePropRequest = z.infer<typeof ZUpdatePropRequest>;

/** POST /api/admin/props/{propId}/status. */
export const ZPropStatusRequest = z.object({ status: z.enum(PROP_STATUSES, { error: "Unknown prop status" }) });

/**
 * POST /api/admin/props/super: one prop published as its own open pack. `openText` is the admin's
 * choice in the pack-open text preview (POST /api/admin/props/super/openText with the same fields),
 * as for any other opening (decision 040; omitted → the default wording is sent).
 */
export const ZSuperPropRequest = z
  .object({
    packTitle: ZPackTitle,
    packUrl: ZPackUrl,
    ...propFields,
    eventId: idSchema("Link an event to publish a super prop."),
    openText: ZPackOpenText.optional(),
  })
  .refine(ruleIsValid, RULE_MESSAGE);
export type SuperPropRequest = z.infer<typeof ZSuperPropRequest>;

// ---------------------------------------------------------------------------
// Answers (inside `{success: true, …}`).

const ZLeagueOrNull = z.enum(SUPPORTED_LEAGUES).nullable();

/** A prop's two sides as priced: the moneylines set for them (null when none) and the values a take on each locks in. */
export const propPriceFields = {
  sideAMoneyline: z.number().nullable(),
  sideBMoneyline: z.number().nullable(),
  sideAValue: z.number(),
  sideBValue: z.number(),
};

/**
 * A prop as the admin screens and GET /api/props see it. Field names follow docs/PRODUCT.md §13
 * ("Prop") where it names one; `airtableId` is kept for clients of the old API and equals `propID`.
 */
export const ZAdminProp = z.object({
  propID: z.string(),
  airtableId: z.string(),
  packId: z.string(),
  packURL: z.string(),
  packTitle: z.string(),
  packStatus: z.string(),
  position: z.number(),
  propShort: z.string(),
  propTitle: z.string(),
  propSummary: z.string().nullable(),
  propSideAShort: z.string(),
  propSideBShort: z.string(),
  sideALabel: z.string(),
  sideBLabel: z.string(),
  propSideATake: z.string(),
  propSideBTake: z.string(),
  ...propPriceFields,
  /** The status at the moment read: `closed` from its close time (its own or its pack's) on (decision 065). */
  status: z.string(),
  /** Stored open but past its close time: closed by the clock, not by hand (re-opening means moving the close). */
  closedByClock: z.boolean(),
  resultText: z.string().nullable(),
  closeTime: z.string().nullable(),
  gradingRule: z.string().nullable(),
  gradingParams: z.unknown(),
  thumbnailUrl: z.string().nullable(),
  eventId: z.string().nullable(),
  eventTitle: z.string().nullable(),
  eventTime: z.string().nullable(),
  eventLeague: ZLeagueOrNull,
  eventStatus: z.string().nullable(),
  eventCoverUrl: z.string().nullable(),
  propEventTimeLookup: z.string().nullable(),
  propLeagueLookup: ZLeagueOrNull,
  propESPNLookup: z.string().nullable(),
  propEventMatchup: z.string().nullable(),
  takeCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminProp = z.infer<typeof ZAdminProp>;

/** GET /api/props: a page of props; `nextOffset` is null on the last page. */
export const ZPropsPage = z.object({ props: z.array(ZAdminProp), nextOffset: z.number().int().nullable() });
export type PropsPage = z.infer<typeof ZPropsPage>;

/** POST /api/admin/props, GET and PATCH /api/admin/props/{propId}, POST /api/admin/props/{propId}/status. */
export const ZPropAnswer = z.object({ prop: ZAdminProp });

/** DELETE /api/admin/props/{propId}: nothing but success. */
export const ZPropDeletedAnswer = z.object({});

/** POST /api/admin/props/super: the new pack, its one prop, and what its opening texted. */
export const ZSuperPropAnswer = z.object({ packId: z.string(), packUrl: z.string(), prop: ZAdminProp, ...ZOpeningTexts.shape });
export type SuperPropResult = z.infer<typeof ZSuperPropAnswer>;

/** One price on a prop's line history (docs/decisions/056-price-history.md). */
export const ZPropPrice = z.object({
  sideAMoneyline: z.number().int().nullable(),
  sideBMoneyline: z.number().int().nullable(),
  source: z.enum(PRICE_SOURCES),
  actorHandle: z.string().nullable(),
  recordedAt: z.string(),
});

/** GET /api/admin/props/{propId}/odds: the prop's line history, newest first (bounded). */
export const ZPropPricesAnswer = z.object({ prices: z.array(ZPropPrice) });

/** POST /api/admin/props/{propId}/odds and /api/admin/packs/{packId}/odds: refresh from ESPN (no fields). */
export const ZRefreshOddsRequest = z.object({}).strict();

/** What one prop's odds refresh did. */
export const ZOddsRefresh = z.object({
  propId: z.string(),
  changed: z.boolean(),
  provider: z.string().nullable(),
  sideAMoneyline: z.number().int().nullable(),
  sideBMoneyline: z.number().int().nullable(),
});
export const ZRefreshPropOddsAnswer = z.object({ refresh: ZOddsRefresh, prices: z.array(ZPropPrice) });

/** POST /api/admin/packs/{packId}/odds: each priced prop's refresh and why the others were left. */
export const ZRefreshPackOddsAnswer = z.object({
  refreshed: z.array(ZOddsRefresh),
  skipped: z.array(z.object({ propId: z.string(), reason: z.string() })),
});
