// GET  /api/admin/pickFixes?profileId&packURL – the packs and a pack's props to fix a player's pick on → {packs, props}
// POST /api/admin/pickFixes {profileId, propId, side (A, B or null to remove), reason, idempotencyKey, preview?} – fix one pick (decision 061)
import { okThrough, readJson, readQuery, withAdmin } from "@/server/http/api";
import { fixPick } from "@/server/takes/fix-pick";
import { pickFixOptions } from "@/server/takes/pick-fix-options";
import { ZPickFixAnswer, ZPickFixOptions, ZPickFixOptionsQuery, ZPickFixRequest } from "@/domain/schemas/pick-fixes";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ req }) => {
  const query = readQuery(req, ZPickFixOptionsQuery);
  return okThrough(ZPickFixOptions, await pickFixOptions(query));
});

export const POST = withAdmin(async ({ req, session }) => {
  const input = await readJson(req, ZPickFixRequest);
  return okThrough(ZPickFixAnswer, await fixPick({ ...input, actorProfileId: session.profileId }));
});
