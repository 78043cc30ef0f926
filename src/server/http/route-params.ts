import { notFound } from "@/server/http/app-error";
import { isId } from "@/domain/ids";

// Route parameters read from a route's path (request bodies and queries are read through schemas,
// src/server/http/api.ts): one place for every route handler.

/** Route ids are uuids; anything else cannot exist, so it is a 404 rather than a database error. */
export function uuidOrNotFound(value: string | undefined, message: string): string {
  if (!value || !isId(value)) throw notFound(message);
  return value.toLowerCase();
}
