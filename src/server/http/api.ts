import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { ZodError, type z } from "zod";
import { readSession, requireAdmin, requireSession, type SessionUser } from "@/server/auth/session";
import type { AdminAccess } from "@/server/auth/admin-role";
import { rememberOwnWrite } from "@/server/db/remember-own-write";
import { errorFields, log } from "@/server/ops/log";
import { enforceWriteRateLimit, type WriteTier } from "@/server/ratelimit/write-rate-limit";
import { AppError, notFound } from "./app-error";
import { purgePublicPages } from "./page-cache";
import { checkWith, type SchemaInput, type StandardSchema } from "@/domain/schemas/standard";
import {
  assertAcceptedContentType,
  assertSameOriginWrite,
  assertStorableJson,
  assertStorableUrl,
  isWriteMethod,
  mediaType,
  readBodyText,
} from "./request-edge";

export function ok(data: Record<string, unknown> = {}, init?: ResponseInit): NextResponse {
  return NextResponse.json({ success: true, ...data }, init);
}

/**
 * A success answer sent through its schema (src/domain/schemas/, the one contract the client's
 * apiFetch parses with, src/components/api/api-fetch.ts): only what the schema names goes out,
 * and an answer that breaks its own contract is a server error (500, logged), never a 400.
 */
export function okThrough<S extends StandardSchema<Record<string, unknown>, Record<string, unknown>>>(
  schema: S,
  data: SchemaInput<S>,
  init?: ResponseInit,
): NextResponse {
  const checked = checkWith(schema, data);
  if (!checked.ok) throw new Error(`Answer does not match its schema: ${checked.problems.join("; ")}`);
  return ok(checked.value, init);
}

export function fail(status: number, error: string, extra: Record<string, unknown> = {}, headers?: HeadersInit) {
  return NextResponse.json({ success: false, error, ...extra }, { status, headers });
}

/** Maps any thrown value to the JSON error contract; never leaks internals. */
export function handleApiError(error: unknown, context: Record<string, unknown> = {}): NextResponse {
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    return fail(400, issue?.message ?? "Invalid input");
  }
  if (error instanceof AppError) {
    const headers: Record<string, string> = {};
    const retryAfter = error.extra.retryAfter;
    if (typeof retryAfter === "number") headers["Retry-After"] = String(Math.max(1, Math.ceil(retryAfter)));
    return fail(error.status, error.userMessage, error.extra, headers);
  }
  // A write that raced the player's own account deletion (drizzle/0028's trigger): they are signed out now.
  if (isDeletedProfileRefusal(error)) return fail(401, "Please log in to continue.");
  log("error", "unhandled api error", { ...context, ...errorFields(error) });
  return fail(500, "Something went wrong");
}

/** The database refused a row for a deleted account (refuse_rows_of_deleted_profiles, decision 057). */
export function isDeletedProfileRefusal(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === "P0001" && String(candidate.message ?? "").includes("profile_deleted")) return true;
    current = candidate.cause;
  }
  return false;
}

/**
 * Reads a JSON body: at most MAX_BODY_BYTES bytes, valid UTF-8, valid JSON,
 * no text PostgreSQL cannot store (each a 4xx, never a crash), then the schema.
 */
export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const text = await readBodyText(req);
  if (text && mediaType(req) !== "application/json") {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as application/json.");
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new AppError("BAD_REQUEST", "Invalid JSON body.");
  }
  assertStorableJson(body);
  return schema.parse(body);
}

export function readQuery<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const params = Object.fromEntries(new URL(req.url).searchParams.entries());
  return schema.parse(params);
}

type Params = Record<string, string>;
interface HandlerContext<P> {
  req: NextRequest;
  params: P;
}
type RouteContext = { params: Promise<Params> };
type Handler<C> = (ctx: C) => Promise<Response>;

/**
 * A schema for a route's parameters (src/server/http/route-params.ts: `idParams("packId", "Pack not found")`):
 * the strings Next read from the path in, what the handler's `params` is out.
 */
type ParamsSchema<P> = StandardSchema<Params, P>;

export interface RouteOptions<P> {
  /**
   * Checks the route parameters after the edge and the session, before the handler: a parameter
   * the schema refuses names a record that cannot exist, so the answer is a 404 with the schema's
   * own message (issue 38 item 2). Without it `params` is what Next gives, unchecked.
   */
  params?: ParamsSchema<P>;
}

const JSON_ONLY = ["application/json"] as const;

/**
 * Every API route's edge (docs/decisions/017-request-edge.md): a write must
 * come from our own origin and declare a JSON body; no query string or route
 * parameter may hold text PostgreSQL cannot store. Then the session (`build`),
 * then the route parameters through the route's schema, if it has one. Whatever
 * is thrown becomes the JSON error answer. A write's successful answer also
 * carries the read-your-writes cookie.
 */
function wrap<P, E>(options: RouteOptions<P>, build: (req: NextRequest) => Promise<E>, handler: Handler<HandlerContext<P> & E>) {
  return async (req: NextRequest, routeContext: RouteContext): Promise<Response> => {
    try {
      if (isWriteMethod(req.method)) {
        assertSameOriginWrite(req);
        assertAcceptedContentType(req, JSON_ONLY);
      }
      const raw = (await routeContext?.params) ?? {};
      assertStorableUrl(new URL(req.url), raw);
      const extra = await build(req);
      const params = options.params ? checkedParams(options.params, raw) : (raw as P);
      const response = await handler({ req, params, ...extra });
      // After a write this browser's reads wait for the replica to have it (docs/decisions/032-read-replica.md).
      return isWriteMethod(req.method) ? await rememberOwnWrite(response) : response;
    } catch (error) {
      return handleApiError(error, { method: req.method, path: new URL(req.url).pathname });
    }
  };
}

/** The route parameters as the schema gives them back, or a 404 with the schema's first message. */
function checkedParams<P>(schema: ParamsSchema<P>, raw: Params): P {
  const checked = checkWith(schema, raw);
  if (!checked.ok) throw notFound(checked.messages[0]);
  return checked.value;
}

export interface SessionRouteOptions<P> extends RouteOptions<P> {
  /** Counts each call against the signed-in player's write limit of this tier (429 past it). */
  rateLimit?: WriteTier;
}

// Each wrapper takes the route's parameter type either from `options.params` (the schema's output,
// `withAdmin(handler, { params: idParams("packId", "Pack not found") })`) or, unchecked, as given
// (`withAdmin<{ itemID: string }>(handler)`).

/** Public route that never reads the session (the live stream: a visitor's and a player's are the same bytes). */
export const withPublic = <P = Params>(handler: Handler<HandlerContext<P>>, options: RouteOptions<P> = {}) =>
  wrap(options, async () => ({}), handler);

/** Public route: the session is read when present but not required. */
export const withOptionalSession = <P = Params>(
  handler: Handler<HandlerContext<P> & { session: SessionUser | null }>,
  options: RouteOptions<P> = {},
) => wrap(options, async (req) => ({ session: await readSession(req) }), handler);

/** Signed-in route: 401 without a session; 429 past the player's write limit when `rateLimit` is set. */
export const withSession = <P = Params>(
  handler: Handler<HandlerContext<P> & { session: SessionUser }>,
  options: SessionRouteOptions<P> = {},
) =>
  wrap(
    options,
    async (req) => {
      const session = requireSession(await readSession(req));
      if (options.rateLimit) await enforceWriteRateLimit({ tier: options.rateLimit, profileId: session.profileId });
      return { session };
    },
    handler,
  );

export interface AdminRouteOptions<P> extends RouteOptions<P>, AdminAccess {}

/**
 * Admin route: 401 signed out, 403 unless the database says super admin, or
 * commissioner on a route that opts in with `{ allow: "commissioner" }` (a route
 * that does not is the super admin's alone: docs/decisions/064-commissioner-role.md). After
 * a write the shared page cache is emptied, so what the admin changed (a pack,
 * a grade, a winner) shows on the public pages at once, not a few seconds later
 * (docs/decisions/025-shared-page-cache.md).
 */
export const withAdmin = <P = Params>(handler: Handler<HandlerContext<P> & { session: SessionUser }>, options: AdminRouteOptions<P> = {}) =>
  wrap(
    options,
    async (req) => ({ session: await requireAdmin(await readSession(req), { allow: options.allow }) }),
    purgingAfterWrites(handler),
  );

function purgingAfterWrites<C extends { req: NextRequest }>(handler: Handler<C>): Handler<C> {
  return async (ctx) => {
    try {
      return await handler(ctx);
    } finally {
      // A failed write may still have changed something (a partial import); purging is cheap.
      if (isWriteMethod(ctx.req.method)) purgePublicPages();
    }
  };
}
