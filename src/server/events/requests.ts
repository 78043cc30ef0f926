import { z } from "zod";
import { ZCursor } from "@/server/http/keyset";
import { notFound } from "@/server/http/app-error";
import { idSchema, isId } from "@/domain/ids";
import { ZDay, ZLeague } from "@/domain/schemas/events";

// The events admin routes' request schemas live in src/domain/schemas/events.ts, shared with the
// screens; only the list queries stay here, as their keyset cursor is the server's (src/server/http/keyset.ts).

/** Re-exported for the authoring request schemas (src/server/authoring/requests.ts). */
export { ZDay, ZLeague };

/** GET /api/admin/events?from&to&league&q&sort&cursor&limit. */
export const ZAdminEventsQuery = z.object({
  from: ZDay.optional(),
  to: ZDay.optional(),
  league: ZLeague.optional(),
  q: z.string().max(200).optional(),
  sort: z.enum(["soonest", "latest"]).default("soonest"),
  cursor: ZCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** GET /api/admin/players?league&teamId&q&cursor&limit. */
export const ZPlayersQuery = z.object({
  league: ZLeague.optional(),
  teamId: idSchema("Unknown team").optional(),
  q: z.string().max(100).optional(),
  cursor: ZCursor.optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** Route ids are uuids; anything else cannot exist, so it is a 404 rather than a database error. */
export function uuidOrNotFound(value: string | undefined, message: string): string {
  if (!value || !isId(value)) throw notFound(message);
  return value.toLowerCase();
}
