// Types of scripts/request-context.cjs for the TypeScript that imports it (its tests).
import type { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";

export function routeLabeler(manifest: { staticRoutes?: Array<{ page: string; regex: string }>; dynamicRoutes?: Array<{ page: string; regex: string }> }): (url: string) => string;
export function readManifest(distDir: string): Record<string, unknown>;
export function createRequestContext(options: {
  labelRoute: (url: string) => string;
  histogram?: { observe(labels: Record<string, string>, value: number): void };
}): {
  storage: AsyncLocalStorage<{ requestId: string }>;
  handle(request: IncomingMessage, response: ServerResponse, next: () => unknown): unknown;
};
