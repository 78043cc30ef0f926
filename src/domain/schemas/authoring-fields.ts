// The fields the pack and prop authoring requests share (src/domain/schemas/packs.ts, props.ts):
// the admin forms check the same things; the server is the authority.
import { z } from "zod";
import { SUPPORTED_LEAGUES } from "@/config";
import { PACK_URL_MESSAGE, PACK_URL_PATTERN } from "@/domain/authoring";
import { requiredText } from "./fields";

/** One of the leagues we support (the same check as the events requests' league). */
export const ZLeague = z.enum(SUPPORTED_LEAGUES, { error: "Unsupported league" });

/** Optional text: trimmed, blank → null. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} is too long (${max.toLocaleString("en-US")} characters at most).`)
    .transform((v) => v.trim() || null)
    .nullable()
    .optional();

/** An instant as ISO 8601 with an offset; null clears it. */
export const ZInstant = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)), {
    message: "Times must be full date-times with a time zone.",
  })
  .transform((v) => new Date(v))
  .nullable()
  .optional();

/** An http(s) URL or a path on this site (generated covers). */
export const ZImageUrl = z
  .string()
  .trim()
  .max(2_000, "Image URL is too long.")
  .refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v) || /^\/[^/\\]\S*$/.test(v), { message: "Image URL must start with https:// or /" })
  .transform((v) => v || null)
  .nullable()
  .optional();

export const ZPackTitle = requiredText("Pack title is required.", 120, "Pack title is too long (120 characters at most).");

export const ZPackUrl = z.string({ error: PACK_URL_MESSAGE }).trim().regex(PACK_URL_PATTERN, PACK_URL_MESSAGE);
