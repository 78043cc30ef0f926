import { withAdmin, okThrough, readJson } from "@/server/http/api";
import { ZAdminContestAnswer, ZContestForm, ZSavedContest } from "@/domain/schemas/contests";
import { getAdminContest } from "@/server/contests/get-admin-contest";
import { updateContest } from "@/server/contests/update-contest";

export const dynamic = "force-dynamic";

type Params = { contestID: string };

// GET /api/admin/contests/{contestID} – one contest with all its packs.
export const GET = withAdmin<Params>(async ({ params }) =>
  okThrough(ZAdminContestAnswer, await getAdminContest({ contestID: params.contestID })),
);

// PATCH /api/admin/contests/{contestID} – save the form: fields and the exact set of packs.
export const PATCH = withAdmin<Params>(async ({ req, params, session }) => {
  const form = await readJson(req, ZContestForm);
  return okThrough(ZSavedContest, await updateContest({ contestID: params.contestID, form, actorProfileId: session.profileId }));
});
