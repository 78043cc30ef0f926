// Contests and series are one thing on the server, a named collection of packs
// (docs/decisions/044-collections.md): the form fields both kinds share, with the same rules and
// words, and a series as the answers that merely name one carry it.
import { z } from "zod";
import { idSchema } from "@/domain/ids";

/** Optional text, trimmed; blank → null. */
export const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null);

/** The fields of the contest and series forms that mean the same in both; `packIds` holds at most `maxPacks`, repeats dropped. */
export const collectionFormFields = (kind: "contest" | "series", maxPacks: number) => ({
  title: z.string("Title is required").trim().min(1, "Title is required").max(120, "Title must be at most 120 characters."),
  summary: optionalText(500, "Summary must be at most 500 characters."),
  coverUrl: optionalText(2000, "Cover URL is too long.").refine(
    (value) => value === null || /^https?:\/\/\S+$/i.test(value) || /^\/\S*$/.test(value),
    "Cover must be an http(s) URL.",
  ),
  packIds: z
    .array(idSchema("Unknown pack."))
    .max(maxPacks, `A ${kind} holds at most ${maxPacks} packs.`)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});

/** A series as an answer names it: the admin's lists, the follow button, the promo cards' target picker. */
export const ZSeriesHead = z.object({ id: z.string(), slug: z.string(), title: z.string() });
