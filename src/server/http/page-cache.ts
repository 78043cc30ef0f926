import "server-only";
import { frontDoor } from "@/front-door/bridge";

/**
 * The app's side of the shared page cache (src/front-door/page-cache.ts,
 * docs/decisions/025-shared-page-cache.md). The cache is a step of the front door, reached through
 * its bridge; under `next dev` and in tests without a front door these do nothing.
 */

/** Every cached page is rendered again on its next request: called after an admin change. */
export function purgePublicPages(): void {
  frontDoor()?.pageCache?.purge();
}
