import { z } from "zod";
import { idSchema } from "@/domain/ids";
import { ZPackOption } from "./contests";

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null);

export const SERIES_MAX_PACKS = 200;
export const SERIES_SLUG_MESSAGE = "Slug must be lower-case letters, digits and dashes (at most 80).";

/** Create or edit a series (`/admin/series`); packs in their series order. */
export const ZSeriesForm = z.object({
  title: z.string("Title is required").trim().min(1, "Title is required").max(120, "Title must be at most 120 characters."),
  /** Only read on create (links and promo cards use it); blank makes one from the title. */
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || /^[a-z0-9][a-z0-9-]{0,79}$/.test(value), SERIES_SLUG_MESSAGE),
  summary: optionalText(500, "Summary must be at most 500 characters."),
  coverUrl: optionalText(2000, "Cover URL is too long.").refine(
    (value) => value === null || /^https?:\/\/\S+$/i.test(value) || /^\/\S*$/.test(value),
    "Cover must be an http(s) URL.",
  ),
  packIds: z
    .array(idSchema("Unknown pack."))
    .max(SERIES_MAX_PACKS, `A series holds at most ${SERIES_MAX_PACKS} packs.`)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type SeriesForm = z.infer<typeof ZSeriesForm>;

/** POST /api/admin/series and PATCH /api/admin/series/{seriesID}: the series saved. */
export const ZSavedSeries = z.object({ id: z.string(), slug: z.string() });

/** A row of `/admin/series`: a series with its pack and follower counts. */
export const ZAdminSeriesRow = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  packCount: z.number(),
  followerCount: z.number(),
});
export type AdminSeriesRow = z.infer<typeof ZAdminSeriesRow>;

/** GET /api/admin/series: every series, by title. */
export const ZAdminSeriesListAnswer = z.object({ series: z.array(ZAdminSeriesRow) });

/** GET /api/admin/series/{seriesID}: one series with its packs in series order, for the edit form. */
export const ZAdminSeriesAnswer = z.object({
  series: z.object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    summary: z.string().nullable(),
    coverUrl: z.string().nullable(),
  }),
  /** In series order. */
  packs: z.array(ZPackOption),
});
export type AdminSeries = z.infer<typeof ZAdminSeriesAnswer>;
export type SavedSeries = z.infer<typeof ZSavedSeries>;
