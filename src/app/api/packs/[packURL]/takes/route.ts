import { ok, readJson, withSession } from "@/server/http/api";
import { submitTakes, ZSubmitTakesRequest } from "@/server/takes/submit-takes";

export const dynamic = "force-dynamic";

/** POST /api/packs/{packURL}/takes – submit all picks of a pack at once (atomic, idempotent). */
export const POST = withSession<{ packURL: string }>(async ({ req, params, session }) => {
  const body = await readJson(req, ZSubmitTakesRequest);
  const result = await submitTakes({ profileId: session.profileId, packURL: params.packURL, ...body });
  return ok({ receiptId: result.receiptId, takes: result.takes, stored: result.stored });
}, { rateLimit: "write" });
