import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { ZodError, type z } from "zod";
import { readSession, requireAdmin, requireSession, type SessionUser } from "@/server/auth/session";
import { errorFields, log } from "@/server/ops/log";
import { AppError } from "./app-error";

export const MAX_JSON_BODY_BYTES = 64 * 1024;

export function ok(data: Record<string, unknown> = {}, init?: ResponseInit): NextResponse {
  return NextResponse.json({ success: true, ...data }, init);
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
  log("error", "unhandled api error", { ...context, ...errorFields(error) });
  return fail(500, "Something went wrong");
}

/** Reads a JSON body with a size limit; bad JSON is a 400, not a crash. */
export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_JSON_BODY_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "Request body is too large.");
  const text = await req.text();
  if (text.length > MAX_JSON_BODY_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "Request body is too large.");
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw new AppError("BAD_REQUEST", "Invalid JSON body.");
  }
  return schema.parse(body);
}

export function readQuery<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const params = Object.fromEntries(new URL(req.url).searchParams.entries());
  return schema.parse(params);
}

type Params = Record<string, string>;
interface HandlerContext<P extends Params> {
  req: NextRequest;
  params: P;
}
type RouteContext<P> = { params: Promise<P> };
type Handler<C> = (ctx: C) => Promise<Response>;

function wrap<P extends Params, C>(
  build: (req: NextRequest, params: P) => Promise<C>,
  handler: Handler<C>,
) {
  return async (req: NextRequest, routeContext: RouteContext<P>): Promise<Response> => {
    try {
      const params = ((await routeContext?.params) ?? {}) as P;
      return await handler(await build(req, params));
    } catch (error) {
      return handleApiError(error, { method: req.method, path: new URL(req.url).pathname });
    }
  };
}

/** Public route: the session is read when present but not required. */
export const withOptionalSession = <P extends Params = Params>(
  handler: Handler<HandlerContext<P> & { session: SessionUser | null }>,
) => wrap<P, HandlerContext<P> & { session: SessionUser | null }>(async (req, params) => ({ req, params, session: await readSession(req) }), handler);

/** Signed-in route: 401 without a session. */
export const withSession = <P extends Params = Params>(handler: Handler<HandlerContext<P> & { session: SessionUser }>) =>
  wrap<P, HandlerContext<P> & { session: SessionUser }>(
    async (req, params) => ({ req, params, session: requireSession(await readSession(req)) }),
    handler,
  );

/** Admin route: 401 signed out, 403 unless the database says super admin. */
export const withAdmin = <P extends Params = Params>(handler: Handler<HandlerContext<P> & { session: SessionUser }>) =>
  wrap<P, HandlerContext<P> & { session: SessionUser }>(
    async (req, params) => ({ req, params, session: await requireAdmin(await readSession(req)) }),
    handler,
  );
