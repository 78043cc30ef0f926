import { z } from "zod";
import { collectionFormFields, ZSeriesHead } from "./collections";
import { ZPackOption } from "./contests";

export const SERIES_MAX_PACKS = 200;
export const SERIES_SLUG_MESSAGE = "Slug must be lower-case letters, digits and dashes (at most 80).";
const seriesFields = collectionFormFields("series", SERIES_MAX_PACKS);

/** Create or edit a series (`/admin/series`); packs in their series order. */
export const ZSeriesForm = z.object({
  title: seriesFields.title,
  /** Only read on create (links and promo cards use it); blank makes one from the title. */
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || /^[a-z0-9][a-z0-9-]{0,79}$/.test(value), SERIES_SLUG_MESSAGE),
  summary: seriesFields.summary,
  coverUrl: seriesFields.coverUrl,
  packIds: seriesFields.packIds,
});
export type SeriesForm = z.infer<typeof ZSeriesForm>;

/** POST /api/admin/series and PATCH /api/admin/series/{seriesID}: the series saved. */
export const ZSavedSeries = z.object({ id: z.string(), slug: z.string() });

/** A row of `/admin/series`: a series with its pack and follower counts. */
export const ZAdminSeriesRow = ZSeriesHead.extend({
  packCount: z.number(),
  followerCount: z.number(),
});
export type AdminSeriesRow = z.infer<typeof ZAdminSeriesRow>;

/** GET /api/admin/series: every series, by title. */
export const ZAdminSeriesListAnswer = z.object({ series: z.array(ZAdminSeriesRow) });

/** GET /api/admin/series/{seriesID}: one series with its packs in series order, for the edit form. */
export const ZAdminSeriesAnswer = z.object({
  series: ZSeriesHead.extend({ summary: z.string().nullable(), coverUrl: z.string().nullable() }),
  /** In series order. */
  packs: z.array(ZPackOption),
});
export type AdminSeries = z.infer<typeof ZAdminSeriesAnswer>;
export type SavedSeries = z.infer<typeof ZSavedSeries>;
