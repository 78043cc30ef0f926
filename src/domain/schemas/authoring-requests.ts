// Query schemas of the packs and props admin lists (GET /api/admin/packs, GET /api/props): their
// filters, sorts and keyset cursors. The request bodies and the answers of the same endpoints are
// in src/domain/schemas/packs.ts and props.ts.
import { z } from "zod";
import { PACK_STATUSES, PROP_STATUSES } from "@/domain/authoring";
import { idSchema } from "@/domain/ids";
import { ZCursor } from "./cursor";
import { ZDay, ZLeague } from "./events";

export const PROP_VIEWS = ["all", "open", "toGrade", "graded"] as const;

/** GET /api/props?limit&offset&view&status&league&q&from&to&eventDay&packId&sort: the props list. */
export const ZPropsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).catch(100).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).catch(0).default(0),
  view: z.enum(PROP_VIEWS).catch("all").default("all"),
  status: z
    .string()
    .optional()
    .transform((v) =>
      v ? v.split(",").filter((s): s is (typeof PROP_STATUSES)[number] => (PROP_STATUSES as readonly string[]).includes(s)) : [],
    ),
  league: ZLeague.optional(),
  q: z.string().max(200).optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
  eventDay: ZDay.optional(),
  packId: idSchema("Unknown pack").optional(),
  sort: z
    .enum(["created_desc", "created_asc", "event_time_asc", "event_time_desc", "event_asc", "event_desc", "prop_asc", "prop_desc"])
    .catch("created_desc")
    .default("created_desc"),
});
export type PropsQuery = z.infer<typeof ZPropsQuery>;

/** GET /api/admin/packs?statuses&q&league&sort&cursor&limit: the packs list. */
export const ZAdminPacksQuery = z.object({
  statuses: z
    .string()
    .optional()
    .transform((v) =>
      v ? v.split(",").filter((s): s is (typeof PACK_STATUSES)[number] => (PACK_STATUSES as readonly string[]).includes(s)) : [],
    ),
  q: z.string().max(200).optional(),
  league: ZLeague.optional(),
  sort: z.enum(["newest", "oldest", "close_asc", "close_desc"]).catch("newest").default("newest"),
  cursor: ZCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
