import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";
import { handleApiError } from "./api";
import { isHttpsSite, securityHeaders, strictTransportSecurity } from "./security-headers";

/**
 * A route lane: the kickoff rush's hottest routes (a pack's submission, the
 * session and the header's balance) answered by their own route handler, called straight from Node's request instead of through Next's
 * router (docs/decisions/026-route-lane.md). The handler is the route's own
 * export, so every check it makes (origin, content type, streamed byte limit,
 * storable text, session and its revocation, write limit) and every answer it
 * gives are the same code; what the lane skips is Next's generic routing,
 * request cloning and response streaming, about two thirds of the server's
 * work per submission. What Next would add around the handler, the lane adds:
 * the security headers of next.config.ts.
 *
 * A route offers its handler when its module loads (Next loads every route at
 * start); scripts/route-lanes.cjs, preloaded into the production server, hands
 * matching requests to it. Anything the lane does not take (another method, an
 * unusual path, no Host header, a path segment that does not decode) goes to
 * Next as before, as does everything when ROUTE_LANES=off or under `next dev`.
 */

const REGISTRY = Symbol.for("takes.routeLanes");

type RouteHandler<P> = (req: NextRequest, context: { params: Promise<P> }) => Promise<Response>;

/** What scripts/route-lanes.cjs reads: a method, a path pattern, and serve() that answers or declines (false). */
export interface Lane {
  method: string;
  pattern: RegExp;
  serve(req: IncomingMessage, res: ServerResponse, match: RegExpExecArray): boolean;
}

type Registry = Map<string, Lane>;

const registry = (): Registry => {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (holder[REGISTRY] ??= new Map());
};

const lanesOff = () => String(process.env.ROUTE_LANES ?? "").toLowerCase() === "off";

/**
 * Offers `handler` for `method` requests whose path (without the query) matches
 * `pattern` exactly; capture group i fills route parameter `params[i]`, decoded
 * as Next decodes a dynamic segment.
 */
export function offerLane<P extends Record<string, string>>(
  route: { method: string; pattern: RegExp; params: (keyof P & string)[] },
  handler: RouteHandler<P>,
): void {
  if (lanesOff() || process.env.NEXT_RUNTIME !== "nodejs" || process.env.NODE_ENV !== "production") return;
  registry().set(`${route.method} ${route.pattern.source}`, laneFor(route, handler));
}

export function laneFor<P extends Record<string, string>>(
  route: { method: string; pattern: RegExp; params: (keyof P & string)[] },
  handler: RouteHandler<P>,
): Lane {
  return {
    method: route.method,
    pattern: route.pattern,
    serve(req, res, match) {
      let request: NextRequest;
      let params: P;
      try {
        const host = req.headers.host;
        if (!host || !req.url?.startsWith("/")) return false;
        params = Object.fromEntries(route.params.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? "")])) as P;
        const headers = new Headers();
        const raw = req.rawHeaders;
        for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
        // The body stays a stream: the handler's own reader counts its bytes and stops at the limit.
        // A GET or HEAD has none (a web Request refuses one).
        const bodyless = req.method === "GET" || req.method === "HEAD";
        request = new NextRequest(new URL(req.url, `http://${host}`), {
          method: req.method,
          headers,
          ...(bodyless ? {} : { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: "half" }),
        } as ConstructorParameters<typeof NextRequest>[1]);
      } catch {
        // A request Next's own parsing would judge (a bad Host, a malformed escape): leave it to Next.
        return false;
      }
      void answer(req, res, () => handler(request, { params: Promise.resolve(params) }));
      return true;
    },
  };
}

async function answer(req: IncomingMessage, res: ServerResponse, run: () => Promise<Response>): Promise<void> {
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    // The route's own wrapper turns every error into its JSON answer; this is only a last guard.
    response = handleApiError(error, { method: req.method, path: req.url?.split("?")[0], lane: true });
  }
  try {
    const body = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") headers[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) headers["set-cookie"] = cookies;
    for (const { key, value } of securityHeaders) headers[key.toLowerCase()] ??= value;
    if (isHttpsSite() || req.headers["x-forwarded-proto"] === "https") {
      headers[strictTransportSecurity.key.toLowerCase()] ??= strictTransportSecurity.value;
    }
    headers["content-length"] = String(body.byteLength);
    // Head and body in one write.
    res.writeHead(response.status, headers);
    res.end(body);
  } catch {
    // The client went away, or the answer could not be written: nothing is left to tell it.
    if (!res.headersSent) res.destroy();
  }
}
