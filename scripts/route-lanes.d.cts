// Types of scripts/route-lanes.cjs for the TypeScript that imports it (its tests).
import type { IncomingMessage, ServerResponse } from "node:http";

export interface RouteLane {
  method: string;
  pattern: RegExp;
  serve(req: IncomingMessage, res: ServerResponse, match: RegExpExecArray): boolean;
}

export function serveThroughLane(registry: Map<string, RouteLane> | undefined, request: IncomingMessage, response: ServerResponse): boolean;
export function installRouteLanes(): void;
