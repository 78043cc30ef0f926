import "server-only";
import { NextRequest } from "next/server";
import { frontDoor, type RouteLane } from "@/front-door/bridge";
import { isHttpsSite, securityHeaders, strictTransportSecurity } from "@/front-door/security-headers";
import { handleApiError } from "./api";

/**
 * The route lanes, the app's side (docs/decisions/026-route-lane.md): the pack submission (the
 * kickoff rush's hottest write) and the session answer (asked once by every signed-in page load)
 * are answered by their routes' own handlers, which the front door (src/front-door/route-lanes.ts)
 * calls straight from Node's request instead of through Next's router. The handler is the route's
 * own export, so every check it makes (origin, content type, streamed byte limit, storable text,
 * session and its revocation, write limit) and every answer it gives are the same code; what the
 * lane skips is Next's generic routing, request cloning, response streaming and compression. What
 * Next would add around the handler, the lane adds: the security headers of next.config.ts.
 *
 * A route offers its handler when its module loads (Next loads every route at start); until
 * then, and when ROUTE_LANES=off, under `next dev` or in tests without a front door, Next answers.
 */

type RouteHandler<P> = (req: NextRequest, context: { params: Promise<P> }) => Promise<Response>;

interface LaneRoute<P> {
  method: string;
  pattern: RegExp;
  /** Capture group i of `pattern` fills route parameter `params[i]`. */
  params: (keyof P & string)[];
}

/** Offers `handler` to the front door for the requests `route` matches (once per route: a reload replaces it). */
export function offerRouteLane<P extends Record<string, string>>(route: LaneRoute<P>, handler: RouteHandler<P>): void {
  const door = frontDoor();
  if (!door || process.env.NODE_ENV !== "production") return;
  const lane = laneFor(route, handler);
  door.routeLanes = [
    ...door.routeLanes.filter((offered) => offered.method !== lane.method || offered.pattern.source !== lane.pattern.source),
    lane,
  ];
}

export function laneFor<P extends Record<string, string>>(route: LaneRoute<P>, handler: RouteHandler<P>): RouteLane {
  return {
    method: route.method,
    pattern: route.pattern,
    async answer({ url, method, headers, body, params }) {
      const request = new NextRequest(
        url,
        (body ? { method, headers, body, duplex: "half" } : { method, headers }) as ConstructorParameters<typeof NextRequest>[1],
      );
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
