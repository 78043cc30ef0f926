// POST /api/admin/setPackWinners {packs: [{airtableId, packURL}]} → {success, updatedCount, errors}
import { ok, readJson, withAdmin } from "@/server/http/api";
import { setPackWinners } from "@/server/grading/set-pack-winners";
import { ZSetPackWinnersRequest } from "@/domain/schemas/grading";

export const dynamic = "force-dynamic";

export const POST = withAdmin(async ({ req, session }) => {
  const { packs } = await readJson(req, ZSetPackWinnersRequest);
  return ok({ ...(await setPackWinners({ packs, actorProfileId: session.profileId })) });
});
