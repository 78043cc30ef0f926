import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { makeSlate } from "@/server/authoring/make-slate";
import { ZSlateAnswer, ZSlateRequest } from "@/domain/schemas/events";

export const dynamic = "force-dynamic";

/**
 * POST /api/admin/slate {league, from, to, mode, dryRun} – preview (dry run) or create moneyline
 * packs for a day or an NFL week of imported games (docs/SCREENS.md §3.2,
 * docs/decisions/037-slate-authoring.md).
 */
export const POST = withAdmin(
  async ({ req, session }) => {
    const input = await readJson(req, ZSlateRequest);
    return okThrough(ZSlateAnswer, { plan: await makeSlate({ ...input, actorProfileId: session.profileId }) });
  },
  { allow: "commissioner" },
);
