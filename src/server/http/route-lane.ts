import "server-only";
import { NextRequest } from "next/server";
import { frontDoor, type SubmissionLane } from "@/front-door/bridge";
import { isHttpsSite, securityHeaders, strictTransportSecurity } from "@/front-door/security-headers";
import { handleApiError } from "./api";

/**
 * The submission lane, the app's side (docs/decisions/026-route-lane.md): the pack submission, the
 * kickoff rush's hottest write, is answered by its route's own handler, which the front door
 * (src/front-door/submission-lane.ts) calls straight from Node's request instead of through Next's
 * router. The handler is the route's own export, so every check it makes (origin, content type,
 * streamed byte limit, storable text, session and its revocation, write limit) and every answer it
 * gives are the same code; what the lane skips is Next's generic routing, request cloning and
 * response streaming. What Next would add around the handler, the lane adds: the security headers
 * of next.config.ts.
 *
 * The route offers its handler when its module loads (Next loads every route at start); until
 * then, and when ROUTE_LANES=off, under `next dev` or in tests without a front door, Next answers.
 */

type RouteHandler<P> = (req: NextRequest, context: { params: Promise<P> }) => Promise<Response>;

interface LaneRoute<P> {
  method: string;
  pattern: RegExp;
  /** Capture group i of `pattern` fills route parameter `params[i]`. */
  params: (keyof P & string)[];
}

/** Offers `handler` to the front door for the requests `route` matches. */
export function offerSubmissionLane<P extends Record<string, string>>(route: LaneRoute<P>, handler: RouteHandler<P>): void {
  const door = frontDoor();
  if (!door || process.env.NODE_ENV !== "production") return;
  door.submissionLane = laneFor(route, handler);
}

export function laneFor<P extends Record<string, string>>(route: LaneRoute<P>, handler: RouteHandler<P>): SubmissionLane {
  return {
    method: route.method,
    pattern: route.pattern,
    async answer({ url, method, headers, body, params }) {
      const request = new NextRequest(url, { method, headers, body, duplex: "half" } as ConstructorParameters<typeof NextRequest>[1]);
      const named = Object.fromEntries(route.params.map((name, i) => [name, params[i] ?? ""])) as P;
      let response: Response;
      try {
        response = await handler(request, { params: Promise.resolve(named) });
      } catch (error) {
        // The route's own wrapper turns every error into its JSON answer; this is only a last guard.
        response = handleApiError(error, { method, path: url.pathname, lane: true });
      }
      const merged = new Headers(response.headers);
      for (const { key, value } of securityHeaders) if (!merged.has(key)) merged.set(key, value);
      if ((isHttpsSite() || headers.get("x-forwarded-proto") === "https") && !merged.has(strictTransportSecurity.key)) {
        merged.set(strictTransportSecurity.key, strictTransportSecurity.value);
      }
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
    },
  };
}
