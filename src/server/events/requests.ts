import { z } from "zod";
import { ZCursor } from "@/server/http/keyset";
import { SUPPORTED_LEAGUES, TIME_ZONE } from "@/config";
import { parseDayParam } from "@/domain/time";
import { notFound } from "@/server/http/app-error";
import { isId } from "@/domain/ids";

// Request schemas of the events and teams admin routes (docs/PRODUCT.md §14 and §15).

export const ZLeague = z.enum(SUPPORTED_LEAGUES, { error: "Unsupported league" });

/** YYYY-MM-DD, YYYYMMDD or YYMMDD → YYYY-MM-DD. */
export const ZDay = z.string({ error: "Invalid date" }).transform((value, ctx) => {
  const day = parseDayParam(value.trim());
  if (!day) {
    ctx.addIssue({ code: "custom", message: "Invalid date" });
    return z.NEVER;
  }
  return day;
});

const boolish = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

export const ZEventLeaguesQuery = z.object({
  season: z.coerce
    .number({ error: "Season year must be between 2000 and 2100" })
    .int("Season year must be between 2000 and 2100")
    .min(2000, "Season year must be between 2000 and 2100")
    .max(2100, "Season year must be between 2000 and 2100")
    .optional(),
});

export const ZEventsByDateQuery = z.object({
  date: ZDay,
  league: ZLeague,
  tz: z.literal(TIME_ZONE, { error: `Events are listed in ${TIME_ZONE}` }).default(TIME_ZONE),
});

export const ZFetchNflEventsRequest = z.object({
  year: z.coerce
    .number({ error: "Year must be between 2000 and 3000" })
    .int("Year must be between 2000 and 3000")
    .min(2000, "Year must be between 2000 and 3000")
    .max(3000, "Year must be between 2000 and 3000"),
  week: z.coerce
    .number({ error: "Week must be between 1 and 25" })
    .int("Week must be between 1 and 25")
    .min(1, "Week must be between 1 and 25")
    .max(25, "Week must be between 1 and 25"),
  generateCovers: boolish.default(false),
});

export const ZFetchMlbEventsRequest = z.object({
  date: ZDay.transform((day) => day.replaceAll("-", "")),
  generateCovers: boolish.default(false),
});

export const ZFetchTeamsRequest = z.object({ league: ZLeague });

export const ZAdminEventsQuery = z.object({
  from: ZDay.optional(),
  to: ZDay.optional(),
  league: ZLeague.optional(),
  q: z.string().max(200).optional(),
  sort: z.enum(["soonest", "latest"]).default("soonest"),
  cursor: ZCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});


/** Route ids are uuids; anything else cannot exist, so it is a 404 rather than a database error. */
export function uuidOrNotFound(value: string | undefined, message: string): string {
  if (!value || !isId(value)) throw notFound(message);
  return value.toLowerCase();
}
