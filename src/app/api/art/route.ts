import { NextResponse } from "next/server";
import { fail, handleApiError } from "@/server/http/api";
import { artForPicture, MAX_PICTURE_URL } from "@/server/pictures/art-for-picture";

export const dynamic = "force-dynamic";

/**
 * GET /api/art?src={remote picture URL}[&as=cover] – the picture drawn in place of a remote one that did not
 * load: a team badge, league shield, silhouette or the product's tile (public; src/app/layout.tsx's
 * picture fallback asks for it; docs/decisions/045-pictures-drawn-when-offline.md).
 */
export async function GET(req: Request) {
  try {
    const params = new URL(req.url).searchParams;
    const src = params.get("src") ?? "";
    const as = params.get("as") ?? "badge";
    if (as !== "badge" && as !== "cover") return fail(400, "as must be badge or cover");
    if (!src) return fail(400, "src is required");
    if (src.length > MAX_PICTURE_URL) return fail(400, `src must be at most ${MAX_PICTURE_URL} characters`);
    if (!/^https?:\/\/[^\s/]+\/\S*$/i.test(src)) return fail(400, "src must be an http(s) URL");
    const svg = await artForPicture(src, as);
    return new NextResponse(svg, {
      headers: {
        "content-type": "image/svg+xml; charset=utf-8",
        "cache-control": "public, max-age=86400",
        // The SVG is ours, but it is still a document: no scripts, no outside resources.
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (error) {
    return handleApiError(error, { path: "/api/art" });
  }
}
