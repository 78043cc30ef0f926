import "server-only";
import type { z } from "zod";
import { okThrough, readJson, readQuery, withAdmin, withSession } from "./api";
import { withFallbackError } from "./with-fallback-error";
import type { SchemaInput, StandardSchema } from "@/domain/schemas/standard";
import { idParams } from "./route-params";
import type { AdminAccess } from "@/server/auth/admin-role";

/**
 * Route handlers that several API routes are made of, the same to the letter but for their
 * schemas and their work: each route file names only what is its own, and the edge, the
 * session, the limits and the answer contract stay those of src/server/http/api.ts.
 */

type AnswerSchema = StandardSchema<Record<string, unknown>, Record<string, unknown>>;

/**
 * A signed-in player's write on themselves (follow, unfollow): the body through `request`, the
 * work run for the player, the answer through `answer`; counted against the write limit, and an
 * unexpected failure answers 500 with the screen's own `fallback` message.
 */
export function playerWriteRoute<R extends z.ZodType<Record<string, unknown>>, A extends AnswerSchema>(
  request: R,
  answer: A,
  fallback: string,
  run: (input: z.infer<R> & { profileId: string }) => Promise<SchemaInput<A>>,
) {
  return withSession(
    async ({ req, session }) => {
      const body = await readJson(req, request);
      return withFallbackError(fallback, async () => okThrough(answer, await run({ profileId: session.profileId, ...body })));
    },
    { rateLimit: "write" },
  );
}

/** The admin player routes' /api/admin/profiles/{profileId}: a player's id, or a 404. */
export const playerParams = idParams("profileId", "Player not found.");

/**
 * One page of a player's history on the admin player page (docs/SCREENS.md §3.13): the cursor
 * from the query, the player from the route, and the page answered under its own list name.
 */
export function adminPlayerPageRoute<Q extends z.ZodType<{ cursor?: string }>, Item, A extends AnswerSchema>(
  query: Q,
  list: (input: { profileId: string; cursor?: string }) => Promise<{ items: Item[]; nextCursor: string | null }>,
  answer: A,
  name: (page: { items: Item[]; nextCursor: string | null }) => SchemaInput<A>,
) {
  return withAdmin(
    async ({ req, params }) => {
      const { cursor } = readQuery(req, query);
      return okThrough(answer, name(await list({ profileId: params.profileId, cursor })));
    },
    { params: playerParams },
  );
}

/**
 * The handlers of one admin record at /api/admin/{kind}/{param}: its GET, its DELETE, and a write
 * with a body (its PATCH, or the POST of one of its actions, …/{param}/status). With `missing`, the
 * route parameter is a uuid (lower-cased) or a 404 with that message, checked by withAdmin before
 * anything else (packs, props, events, teams); without it, an id or slug as given (collections).
 * A write reads its body after that, as each route did on its own. `access` opens the handlers to
 * a commissioner (`{ allow: "commissioner" }`, docs/decisions/064-commissioner-role.md); without
 * it they are the super admin's.
 */
export function adminRecordRoutes<K extends string>(param: K, missing?: string, access: AdminAccess = {}) {
  type Params = Record<K, string>;
  const options = missing === undefined ? { ...access } : { ...access, params: idParams(param, missing) };
  return {
    get: <A extends AnswerSchema>(answer: A, read: (id: string) => Promise<SchemaInput<A>>) =>
      withAdmin<Params>(async ({ params }) => okThrough(answer, await read(params[param])), options),
    write: <R extends z.ZodType, A extends AnswerSchema>(
      request: R,
      answer: A,
      save: (id: string, input: z.infer<R>, actorProfileId: string) => Promise<SchemaInput<A>>,
    ) =>
      withAdmin<Params>(async ({ req, params, session }) => {
        const input = await readJson(req, request);
        return okThrough(answer, await save(params[param], input, session.profileId));
      }, options),
    remove: <A extends AnswerSchema>(answer: A, remove: (id: string, actorProfileId: string) => Promise<void>) =>
      withAdmin<Params>(async ({ params, session }) => {
        await remove(params[param], session.profileId);
        return okThrough(answer, {} as SchemaInput<A>);
      }, options),
  };
}
