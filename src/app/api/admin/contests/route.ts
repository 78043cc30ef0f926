import { withAdmin, okThrough, readJson } from "@/server/http/api";
import { ZAdminContestsAnswer, ZContestForm, ZSavedContest } from "@/domain/schemas/contests";
import { createContest } from "@/server/contests/create-contest";
import { listAdminContests } from "@/server/contests/list-admin-contests";

export const dynamic = "force-dynamic";

// GET /api/admin/contests – every contest, drafts included.
export const GET = withAdmin(async () => okThrough(ZAdminContestsAnswer, { contests: await listAdminContests() }), {
  allow: "commissioner",
});

// POST /api/admin/contests – create a contest with its packs.
export const POST = withAdmin(
  async ({ req, session }) => {
    const form = await readJson(req, ZContestForm);
    return okThrough(ZSavedContest, await createContest({ form, actorProfileId: session.profileId }), { status: 201 });
  },
  { allow: "commissioner" },
);
