import type { AsyncLocalStorage } from "node:async_hooks";
import type { Registry } from "prom-client";

/**
 * The one contract between the front door (src/front-door/server.ts, the production server that
 * stands in front of Next in the same process) and the app Next runs. Both sides read and write
 * one object on globalThis, typed here, instead of a symbol per part
 * (docs/decisions/052-one-owned-server.md). Under `next dev` and in the tests that call routes
 * in-process there is no front door: `frontDoor()` is undefined and the app does without.
 *
 * This module is imported by both sides, so it holds only types, names and the accessor.
 */

/** The request header the front door writes with the TCP peer's address; a client's value under this name never reaches the app. */
export const PEER_ADDRESS_HEADER = "x-takes-peer-address";

/**
 * Set ("1") on the requests the shared page cache makes to fill itself: the page is rendered as a
 * visitor's, without a per-answer CSP nonce (src/proxy.ts). A client's value is removed.
 */
export const PAGE_FILL_HEADER = "x-takes-page-fill";

/** Every request header under this prefix is ours: the front door removes whatever a client sent under it. */
export const PRIVATE_HEADER_PREFIX = "x-takes-";

/** What the app gets from the front door for a request one of its route lanes answers past Next's router. */
export interface LaneRequest {
  url: URL;
  method: string;
  /** The request's headers as the front door passes them to Next (private ones already replaced). */
  headers: Headers;
  /** The body as a stream, read only as far as the handler reads it (none for GET and HEAD). */
  body: ReadableStream<Uint8Array> | null;
  /** The path parameters the lane's pattern captured, decoded. */
  params: string[];
}

/**
 * A route lane the app offers (src/server/http/route-lane.ts, docs/decisions/026-route-lane.md): the
 * pack submission and the session answer, the two requests of the kickoff rush that Next would render.
 */
export interface RouteLane {
  method: string;
  /** Matched against the path without its query; each group is one parameter. */
  pattern: RegExp;
  answer(request: LaneRequest): Promise<Response>;
}

export interface PageCacheStats {
  hit: number;
  stale: number;
  miss: number;
  bypass: number;
  fills: number;
  fillErrors: number;
  purges: number;
  expired: number;
  evicted: number;
  entries: number;
  /** The bytes the entries hold, counted as allocated (not as the length of a view of a larger buffer). */
  bytes: number;
}

export interface FrontDoorBridge {
  /** Each request's id, for log lines (src/server/ops/log.ts). */
  requestContext: AsyncLocalStorage<{ requestId: string }>;
  /** The Prometheus registry the request histogram lives in; the app adds its own metrics to it. */
  metricsRegistry: Registry;
  /** The shared page cache, or null when PAGE_CACHE=off. */
  pageCache: { purge(): void; stats(): PageCacheStats } | null;
  /** Offered by their routes when Next loads them; until then (and when ROUTE_LANES=off) Next answers. */
  routeLanes: RouteLane[];
  /**
   * Set by the app's boot (src/server/ops/boot.ts): called once on SIGTERM/SIGINT with a promise
   * of the requests in flight; it stops the worker and closes the database pool.
   */
  onShutdown: ((requestsDone: Promise<void>) => Promise<void>) | null;
}

const KEY = Symbol.for("takes.frontDoor");

/** The front door of this process, or undefined when the app runs without one. */
export function frontDoor(): FrontDoorBridge | undefined {
  return (globalThis as { [KEY]?: FrontDoorBridge })[KEY];
}

/** Published by the front door before Next loads the app. */
export function openFrontDoor(bridge: FrontDoorBridge): FrontDoorBridge {
  (globalThis as { [KEY]?: FrontDoorBridge })[KEY] = bridge;
  return bridge;
}
