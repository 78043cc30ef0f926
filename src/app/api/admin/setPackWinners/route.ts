// POST /api/admin/setPackWinners {packs: [{airtableId, packURL}]} → {success, updatedCount, errors}
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { setPackWinners } from "@/server/grading/set-pack-winners";
import { ZSetPackWinnersAnswer, ZSetPackWinnersRequest } from "@/domain/schemas/grading";

export const dynamic = "force-dynamic";

export const POST = withAdmin(
  async ({ req, session }) => {
    const { packs } = await readJson(req, ZSetPackWinnersRequest);
    return okThrough(ZSetPackWinnersAnswer, await setPackWinners({ packs, actorProfileId: session.profileId }));
  },
  { allow: "commissioner" },
);
