import { withAdmin, okThrough, readJson } from "@/server/http/api";
import { ZAdminSeriesListAnswer, ZSavedSeries, ZSeriesForm } from "@/domain/schemas/series";
import { createSeries } from "@/server/series/create-series";
import { listAdminSeries } from "@/server/series/list-admin-series";

export const dynamic = "force-dynamic";

// GET /api/admin/series – every series with pack and follower counts.
export const GET = withAdmin(async () => okThrough(ZAdminSeriesListAnswer, { series: await listAdminSeries() }), { allow: "commissioner" });

// POST /api/admin/series – create a series with its ordered packs.
export const POST = withAdmin(
  async ({ req, session }) => {
    const form = await readJson(req, ZSeriesForm);
    return okThrough(ZSavedSeries, await createSeries({ form, actorProfileId: session.profileId }), { status: 201 });
  },
  { allow: "commissioner" },
);
