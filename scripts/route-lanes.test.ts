// The dispatch of scripts/route-lanes.cjs (docs/decisions/026-route-lane.md): which
// requests reach a lane and which go on to Next.
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { serveThroughLane, type RouteLane } from "./route-lanes.cjs";

const request = (method: string, url: string) => ({ method, url }) as IncomingMessage;
const response = {} as ServerResponse;

function recordingLane(answer: boolean): RouteLane & { seen: string[] } {
  const seen: string[] = [];
  return {
    method: "POST",
    pattern: /^\/api\/packs\/([^/]+)\/takes$/,
    seen,
    serve: (_req, _res, match) => (seen.push(match[1]!), answer),
  };
}

describe("route lanes", () => {
  it("hand a matching method and path to the lane, whatever the query string", () => {
    const lane = recordingLane(true);
    const lanes = new Map([["submit", lane]]);
    expect(serveThroughLane(lanes, request("POST", "/api/packs/week-12/takes"), response)).toBe(true);
    expect(serveThroughLane(lanes, request("POST", "/api/packs/week-12/takes?ref=x&y=/z"), response)).toBe(true);
    expect(lane.seen).toEqual(["week-12", "week-12"]);
  });

  it("leave other methods, other paths and a trailing slash to Next", () => {
    const lane = recordingLane(true);
    const lanes = new Map([["submit", lane]]);
    for (const [method, url] of [
      ["GET", "/api/packs/week-12/takes"],
      ["POST", "/api/packs/week-12/takes/"],
      ["POST", "/api/packs/a/b/takes"],
      ["POST", "/api/packs//takes"],
      ["POST", "/api/packs/week-12"],
    ] as const) {
      expect(serveThroughLane(lanes, request(method, url), response), `${method} ${url}`).toBe(false);
    }
    expect(lane.seen).toEqual([]);
  });

  it("leave a request to Next when the lane declines it, or when no route has offered one yet", () => {
    const declining = recordingLane(false);
    expect(serveThroughLane(new Map([["submit", declining]]), request("POST", "/api/packs/%E0%A4%A/takes"), response)).toBe(false);
    expect(declining.seen).toEqual(["%E0%A4%A"]);
    expect(serveThroughLane(undefined, request("POST", "/api/packs/week-12/takes"), response)).toBe(false);
    expect(serveThroughLane(new Map(), request("POST", "/api/packs/week-12/takes"), response)).toBe(false);
  });
});
