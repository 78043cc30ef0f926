import { okThrough, readJson, withSession } from "@/server/http/api";
import { VSubmitTakesResult } from "@/domain/schemas/play";
import { offerRouteLane } from "@/server/http/route-lane";
import { submitTakes } from "@/server/takes/submit-takes";
import { playedSetCookie } from "@/server/takes/played-cookie";
import { ZSubmitTakesRequest } from "@/domain/schemas/player-requests";

export const dynamic = "force-dynamic";

/** POST /api/packs/{packURL}/takes – submit all picks of a pack at once (atomic, idempotent). */
export const POST = withSession<{ packURL: string }>(
  async ({ req, params, session }) => {
    const body = await readJson(req, ZSubmitTakesRequest);
    const result = await submitTakes({ profileId: session.profileId, packURL: params.packURL, ...body });
    // This browser has played: its dashboard is the cached copy without the pitch from now on (decision 058).
    return okThrough(
      VSubmitTakesResult,
      { receiptId: result.receiptId, takes: result.takes, stored: result.stored },
      { headers: { "Set-Cookie": playedSetCookie() } },
    );
  },
  { rateLimit: "write" },
);

// The kickoff rush's one write: served by this same handler past Next's router in production
// (docs/decisions/026-route-lane.md).
offerRouteLane({ method: "POST", pattern: /^\/api\/packs\/([^/]+)\/takes$/, params: ["packURL"] }, POST);
