import { fail, withPublic } from "@/server/http/api";
import { isCardKind } from "@/server/cards/card-kinds";
import { getShareCard } from "@/server/cards/get-share-card";

export const dynamic = "force-dynamic";

/**
 * GET /api/cards/{kind}/{key}[?v={version}] – a share card as a 1200×630 PNG for link previews
 * (public; kinds: pack, receipt, profile, h2h, group; docs/decisions/067-share-cards.md). ETag is
 * the card's version (304 on If-None-Match); X-Card-Cache says whether the PNG was stored (hit)
 * or rendered now (miss). A URL whose `v` is the current version is cached for a day as is; any
 * other for five minutes, so a crawler holding an old link sees a change soon. An unknown kind
 * or key is the JSON 404 of every route, never a picture.
 */
export const GET = withPublic<{ kind: string; key: string }>(async ({ req, params }) => {
  if (!isCardKind(params.kind)) return fail(404, "Card not found");
  const answer = await getShareCard({ kind: params.kind, key: params.key, ifNoneMatch: req.headers.get("if-none-match") });
  if (!answer) return fail(404, "Card not found");
  const current = new URL(req.url).searchParams.get("v") === answer.version;
  const headers = {
    etag: `"${answer.version}"`,
    "cache-control": current ? "public, max-age=86400, immutable" : "public, max-age=300, stale-while-revalidate=3600",
    "x-card-cache": answer.outcome === "not_modified" ? "hit" : answer.outcome,
    "x-content-type-options": "nosniff",
  };
  if (!answer.png) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(answer.png), {
    headers: { ...headers, "content-type": "image/png", "content-length": String(answer.png.byteLength) },
  });
});
