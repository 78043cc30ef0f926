import { readdirSync, statSync } from "node:fs";
import path from "node:path";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

export interface ApiRoute {
  /** e.g. /api/packs/[packURL]/takes */
  pattern: string;
  file: string;
  /** Dynamic segment names in order. */
  params: string[];
}

const root = path.resolve(import.meta.dirname, "../..");
const apiDir = path.join(root, "src", "app", "api");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return name === "route.ts" ? [full] : [];
  });
}

/** Every API route handler that exists in the source tree, found from the file system. */
export function listApiRoutes(): ApiRoute[] {
  return walk(apiDir)
    .map((file) => {
      const relative = path
        .relative(path.join(root, "src", "app"), path.dirname(file))
        .split(path.sep)
        .join("/");
      const pattern = `/${relative}`;
      const params = [...pattern.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((m) => m[1]!);
      return { pattern, file, params };
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** A concrete URL for a route pattern, with each dynamic segment filled in. */
export function concretePath(route: ApiRoute, values: Record<string, string> = {}): string {
  return route.pattern.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_m, name: string) => encodeURIComponent(values[name] ?? `unknown-${name}`));
}

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export async function loadHandlers(route: ApiRoute): Promise<Partial<Record<Method, Handler>>> {
  const mod = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
  const handlers: Partial<Record<Method, Handler>> = {};
  for (const method of METHODS) if (typeof mod[method] === "function") handlers[method] = mod[method] as Handler;
  return handlers;
}
