import "server-only";
import type { z } from "zod";
import { okThrough, readJson, readQuery, withAdmin, withSession } from "./api";
import { withFallbackError } from "./with-fallback-error";
import type { SchemaInput, StandardSchema } from "@/domain/schemas/standard";
import { ZProfileIdParam } from "@/domain/schemas/admin-players";

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
  return withAdmin<{ profileId: string }>(async ({ req, params }) => {
    const { cursor } = readQuery(req, query);
    return okThrough(answer, name(await list({ profileId: ZProfileIdParam.parse(params.profileId), cursor })));
  });
}

/**
 * The GET, PATCH and DELETE of one admin record at /api/admin/{kind}/{param}: `key` reads the
 * route parameter (a uuid or a 404 for packs and props, an id or slug as given for collections)
 * before anything else, and PATCH reads its body after it, as each route did on its own.
 */
export function adminRecordRoutes<K extends string>(param: K, key: (raw: string) => string) {
  type Params = Record<K, string>;
  return {
    get: <A extends AnswerSchema>(answer: A, read: (id: string) => Promise<SchemaInput<A>>) =>
      withAdmin<Params>(async ({ params }) => okThrough(answer, await read(key(params[param])))),
    patch: <R extends z.ZodType, A extends AnswerSchema>(
      request: R,
      answer: A,
      save: (id: string, input: z.infer<R>, actorProfileId: string) => Promise<SchemaInput<A>>,
    ) =>
      withAdmin<Params>(async ({ req, params, session }) => {
        const id = key(params[param]);
        const input = await readJson(req, request);
        return okThrough(answer, await save(id, input, session.profileId));
      }),
    remove: <A extends AnswerSchema>(answer: A, remove: (id: string, actorProfileId: string) => Promise<void>) =>
      withAdmin<Params>(async ({ params, session }) => {
        await remove(key(params[param]), session.profileId);
        return okThrough(answer, {} as SchemaInput<A>);
      }),
  };
}
