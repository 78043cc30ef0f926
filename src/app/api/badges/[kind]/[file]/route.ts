import { NextResponse } from "next/server";
import { fail } from "@/server/http/api";
import { BADGE_DESIGN_VERSION, buildBadgeSvg, parseBadgeRequest } from "@/server/images/badge-svg";

/**
 * GET /api/badges/{kind}/{TEXT}.svg?c=rrggbb&a=rrggbb – a generated team, league
 * or item picture (public). The URL is the whole input, so the answer never
 * changes for a URL of the current design and may be cached forever.
 */
export async function GET(req: Request, context: { params: Promise<{ kind: string; file: string }> }) {
  const { kind, file } = await context.params;
  const search = new URL(req.url).searchParams;
  const badge = parseBadgeRequest(kind, file, search);
  if (!badge) return fail(404, "Badge not found");
  const current = search.get("v") === BADGE_DESIGN_VERSION;
  return new NextResponse(buildBadgeSvg(badge), {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": current ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      // Our own drawing, but still a document: nothing it may load or run.
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
      "x-content-type-options": "nosniff",
    },
  });
}
