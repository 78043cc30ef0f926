import { z } from "zod";
import { notFound } from "@/server/http/app-error";
import { idSchema, isId } from "@/domain/ids";
import type { StandardSchema } from "@/domain/schemas/standard";

// Route parameters read from a route's path, checked by a schema the API wrappers take
// (src/server/http/api.ts, `{ params }`; issue 38 item 2): one place for every route handler.

/**
 * The parameters of a route named by one row id, `idParams("packId", "Pack not found")` for
 * /api/admin/packs/{packId}: a uuid in any case, lower-cased (src/domain/ids.ts); anything else
 * cannot exist, so the wrapper answers 404 with `message` rather than let it reach the database.
 */
export function idParams<K extends string>(name: K, message: string) {
  // A computed key widens to `string` in TypeScript; the object has exactly the one named `name`.
  return z.object({ [name]: idSchema(message) }) as StandardSchema<Record<string, string>, Record<K, string>>;
}

/** A row id a request names elsewhere than in its path (a body's `eventIds`): lower-cased, or a 404 with `message`. */
export function uuidOrNotFound(value: string | undefined, message: string): string {
  if (!value || !isId(value)) throw notFound(message);
  return value.toLowerCase();
}
