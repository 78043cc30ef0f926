import "server-only";

/**
 * The app's side of the shared page cache (scripts/page-cache.cjs,
 * docs/decisions/025-shared-page-cache.md). The cache lives in front of Next in
 * the production server process and publishes itself on globalThis; in
 * development and in tests without it these do nothing.
 */
type PageCacheHandle = { purge(): void; stats(): Record<string, number> };

const handle = (): PageCacheHandle | undefined =>
  (globalThis as unknown as Record<symbol, PageCacheHandle | undefined>)[Symbol.for("takes.pageCache")];

/** Every cached page is rendered again on its next request: called after an admin change. */
export function purgePublicPages(): void {
  handle()?.purge();
}
