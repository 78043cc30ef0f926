import { z } from "zod";
import { PACK_STATUSES, PROP_STATUSES } from "@/domain/authoring";
import { ZInstant } from "@/domain/schemas/authoring-fields";
import { SLATE_MODES } from "@/domain/slate";
import { ZDay, ZLeague } from "@/server/events/requests";
import { ZCursor } from "@/server/http/keyset";
import { idSchema } from "@/domain/ids";

// Query schemas of the packs and props admin routes (they read days and cursors the server's way);
// the request bodies and the answers are in src/domain/schemas/packs.ts and props.ts.

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
