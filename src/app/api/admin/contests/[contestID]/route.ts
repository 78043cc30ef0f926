import { adminRecordRoutes } from "@/server/http/route-kits";
import { ZAdminContestAnswer, ZContestForm, ZSavedContest } from "@/domain/schemas/contests";
import { getAdminContest } from "@/server/contests/get-admin-contest";
import { updateContest } from "@/server/contests/update-contest";

export const dynamic = "force-dynamic";

// A contest by id or slug, as given (the collection's own lookup, docs/decisions/044-collections.md).
const contest = adminRecordRoutes("contestID", undefined, { allow: "commissioner" });

// GET /api/admin/contests/{contestID} – one contest with all its packs.
export const GET = contest.get(ZAdminContestAnswer, (contestID) => getAdminContest({ contestID }));

// PATCH /api/admin/contests/{contestID} – save the form: fields and the exact set of packs.
export const PATCH = contest.write(ZContestForm, ZSavedContest, (contestID, form, actorProfileId) =>
  updateContest({ contestID, form, actorProfileId }),
);
