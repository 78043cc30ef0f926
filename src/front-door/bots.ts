// Which visitors are crawlers and link previewers, in one place: next.config.ts gives this list to
// Next as `htmlLimitedBots` (Next then renders their pages with the metadata in the head instead
// of streamed), and the shared page cache (src/front-door/page-cache.ts) never serves or stores a
// copy for them. One list, so the cache can never hand a bot's rendering to a browser or a
// browser's to a bot (docs/decisions/052-one-owned-server.md). It covers Next's own default list
// (the Next-upgrade canary, tests/e2e/next-upgrade-canary.spec.ts, checks that it still does) and
// the generic words most crawlers and chat apps put in their User-Agent.
// No "server-only" here: next.config.ts imports it.

export const HTML_LIMITED_BOTS =
  /bot\b|bot\/|crawl|spider|slurp|[\w-]+-Google|Google-[\w-]+|Googlebot|Chrome-Lighthouse|DuckDuckBot|baiduspider|yandex|sogou|tumblr|vkShare|quora link preview|ia_archiver|BingPreview|applebot|facebookexternalhit|facebookcatalog|embedly|outbrain|pinterest|w3c_validator|WhatsApp|Discord|Telegram|SkypeUriPreview|Slack|Yeti|googleweblight|preview/i;

/** Whether Next renders this User-Agent's pages for a crawler. */
export function isBot(userAgent: string): boolean {
  return HTML_LIMITED_BOTS.test(userAgent);
}
