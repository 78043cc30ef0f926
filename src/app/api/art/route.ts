import { NextResponse } from "next/server";
import { fail, handleApiError } from "@/server/http/api";
import { clientAddress } from "@/server/http/client-address";
import { artPng, cachedArtPng, MAX_PICTURE_URL } from "@/server/pictures/art-for-picture";
import { enforceAppRateLimit } from "@/server/ratelimit/consume-rate-limit";

/**
 * New drawings per client address per minute. A page shows at most a few dozen pictures and a
 * drawing once made is served to everyone; a client asking for made-up addresses by the thousand
 * would otherwise have the server look each up and draw it (docs/decisions/045-pictures-drawn-when-offline.md).
 */
const NEW_DRAWINGS_PER_MINUTE = 240;

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
    if (!cachedArtPng(src, as)) {
      await enforceAppRateLimit({ bucket: `art-draw:ip:${clientAddress(req.headers)}`, limit: NEW_DRAWINGS_PER_MINUTE, windowMs: 60_000 });
    }
    const png = await artPng(src, as);
    return new NextResponse(new Uint8Array(png), {
      headers: {
        "content-type": "image/png",
        "content-length": String(png.byteLength),
        "cache-control": "public, max-age=86400",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (error) {
    return handleApiError(error, { path: "/api/art" });
  }
}
