import { NextResponse } from "next/server";
import { getEventCover } from "@/server/events/get-event-cover";
import { fail, handleApiError } from "@/server/http/api";

export const dynamic = "force-dynamic";

/** GET /api/covers/{eventId}.svg – a generated event cover (public; the URL's ?v= changes with the picture). */
export async function GET(req: Request, context: { params: Promise<{ file: string }> }) {
  try {
    const { file } = await context.params;
    const eventId = /^([0-9a-f-]{36})\.svg$/.exec(file)?.[1];
    const svg = eventId ? await getEventCover({ eventId }) : null;
    if (!svg) return fail(404, "Cover not found");
    const versioned = new URL(req.url).searchParams.has("v");
    return new NextResponse(svg, {
      headers: {
        "content-type": "image/svg+xml; charset=utf-8",
        "cache-control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
        // The SVG is ours, but it is still a document: no scripts, no outside resources.
        "content-security-policy": "default-src 'none'; img-src data:; style-src 'unsafe-inline'",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (error) {
    return handleApiError(error, { path: "/api/covers" });
  }
}
