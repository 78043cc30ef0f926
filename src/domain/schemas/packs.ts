// Request and answer schemas of the packs admin endpoints (docs/SCREENS.md §3.5), one contract
// shared by the pack forms, the route handlers that answer through them (`okThrough`) and the
// screens that parse the answers (src/components/api/api-fetch.ts, docs/decisions/046-one-typed-contract.md).
import { z } from "zod";
import { SUPPORTED_LEAGUES } from "@/config";
import { PACK_STATUSES } from "@/domain/authoring";
import { idSchema } from "@/domain/ids";
import { ZOpeningTexts, ZPackOpenText } from "./pack-texts";
import { optionalText, ZImageUrl, ZInstant, ZLeague, ZPackTitle, ZPackUrl } from "./authoring-fields";
import { keysetPage } from "./cursor";
import { ZAdminProp } from "./props";

const packFields = {
  title: ZPackTitle,
  packUrl: ZPackUrl,
  league: ZLeague,
  summary: optionalText(2_000, "Summary"),
  coverUrl: ZImageUrl,
  prizeTitle: optionalText(200, "Prize title"),
  prizeImageUrl: ZImageUrl,
  prizePoints: z
    .number({ error: "Points required must be a whole number." })
    .int("Points required must be a whole number.")
    .min(0, "Points required cannot be negative.")
    .max(10_000_000, "Points required is at most 10,000,000.")
    .nullable()
    .optional(),
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

/** POST /api/admin/packs: a draft pack. */
export const ZCreatePackRequest = z.object(packFields).refine(windowOrder, WINDOW_MESSAGE);
export type CreatePackRequest = z.infer<typeof ZCreatePackRequest>;

/** PATCH /api/admin/packs/{packId}: the fields given. */
export const ZUpdatePackRequest = z
  .object({ ...packFields, openText: ZPackOpenText.optional() })
  .partial()
  .refine(windowOrder, WINDOW_MESSAGE);
export type UpdatePackRequest = z.infer<typeof ZUpdatePackRequest>;

/** POST /api/admin/packs/{packId}/status. `openText` is the admin's pack-open text choice when the change opens the pack (decision 040). */
export const ZPackStatusRequest = z.object({
  status: z.enum(PACK_STATUSES, { error: "Unknown pack status" }),
  openText: ZPackOpenText.optional(),
});
/** POST /api/admin/packs/{packId}/featured. */
export const ZPackFeaturedRequest = z.object({ featured: z.boolean({ error: "featured must be true or false" }) });
/** PUT /api/admin/packs/{packId}/props: the new order of the pack's props. */
export const ZReorderPropsRequest = z.object({
  propIds: z.array(idSchema("Unknown prop")).min(1, "No props to order.").max(200),
});
/** POST /api/admin/packs/{packId}/props: copies of existing props added to the pack. */
export const ZCopyPropsRequest = z.object({
  copyPropIds: z.array(idSchema("Unknown prop")).min(1, "Select at least one prop.").max(100),
});

// ---------------------------------------------------------------------------
// Answers (inside `{success: true, …}`).

/** A row of the admin packs list, with creator, event titles and counts. */
export const ZAdminPackSummary = z.object({
  id: z.string(),
  packUrl: z.string(),
  title: z.string(),
  league: z.enum(SUPPORTED_LEAGUES),
  status: z.enum(PACK_STATUSES),
  featured: z.boolean(),
  isSuperProp: z.boolean(),
  coverUrl: z.string().nullable(),
  openTime: z.string().nullable(),
  closeTime: z.string().nullable(),
  creatorHandle: z.string().nullable(),
  eventTitles: z.array(z.string()),
  propsCount: z.number().int(),
  takeCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminPackSummary = z.infer<typeof ZAdminPackSummary>;

/** One pack with everything its edit form and details panel show. */
export const ZAdminPack = ZAdminPackSummary.extend({
  summary: z.string().nullable(),
  prizeTitle: z.string().nullable(),
  prizeImageUrl: z.string().nullable(),
  prizePoints: z.number().nullable(),
  prizeSummary: z.string().nullable(),
  winnerHandle: z.string().nullable(),
  winnerPoints: z.number().nullable(),
  /**
   * The linked events, in order, each as the events admin view (src/server/events/event-view.ts)
   * sends it: passed through whole, their contract belongs to the events endpoints.
   */
  events: z.array(z.unknown()),
  props: z.array(ZAdminProp),
});

/** GET /api/admin/packs: a page of the list; pass `nextCursor` back for the next (null on the last page). */
export const ZAdminPacksPage = keysetPage({ packs: z.array(ZAdminPackSummary) });

/** GET, POST (create) and PATCH without an opening: the pack. */
export const ZPackAnswer = z.object({ pack: ZAdminPack });

// ZOpeningTexts lives with the other pack-text schemas (the super prop answer carries it too); its type is read from here too.
export type { OpeningTexts } from "./pack-texts";

/** PATCH /api/admin/packs/{packId} and POST /api/admin/packs/{packId}/status: the pack and what its opening texted. */
export const ZPackChangeAnswer = ZPackAnswer.extend(ZOpeningTexts.shape);

/** POST (copies) and PUT (new order) /api/admin/packs/{packId}/props: the props added, or the pack's props in their new order. */
export const ZPackPropsAnswer = z.object({ props: z.array(ZAdminProp) });

/** DELETE /api/admin/packs/{packId}: nothing but success. */
export const ZPackDeletedAnswer = z.object({});
