/**
 * Says that this page's HTML carries nothing of its viewer, so the shared page
 * cache (src/front-door/page-cache.ts) may serve its copy to signed-in players as
 * well as visitors (docs/decisions/025-shared-page-cache.md). Render it only
 * where no server-rendered part reads the session: personal parts (progress,
 * own picks, rank) are fetched by the browser.
 */
export function SharedPage() {
  return <meta name="takes-cache" content="shared" />;
}

/**
 * Says that this rendering must not be kept at all (an error state shown in
 * place of the page): the next request renders again.
 */
export function UncachedPage() {
  return <meta name="takes-cache" content="none" />;
}
