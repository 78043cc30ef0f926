import { notFound } from "@/server/http/app-error";
import { isId } from "@/domain/ids";

// The events admin routes' request schemas live in src/domain/schemas/events.ts, shared with the
// screens; this is the server's half: an id read from the route's path.

/** Route ids are uuids; anything else cannot exist, so it is a 404 rather than a database error. */
export function uuidOrNotFound(value: string | undefined, message: string): string {
  if (!value || !isId(value)) throw notFound(message);
  return value.toLowerCase();
}
