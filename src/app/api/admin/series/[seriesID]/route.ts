import { withAdmin, okThrough, readJson } from "@/server/http/api";
import { ZAdminSeriesAnswer, ZSavedSeries, ZSeriesForm } from "@/domain/schemas/series";
import { getAdminSeries } from "@/server/series/get-admin-series";
import { updateSeries } from "@/server/series/update-series";

export const dynamic = "force-dynamic";

type Params = { seriesID: string };

// GET /api/admin/series/{seriesID} – one series (slug or id) with its packs in order.
export const GET = withAdmin<Params>(async ({ params }) =>
  okThrough(ZAdminSeriesAnswer, await getAdminSeries({ seriesID: params.seriesID })),
);

// PATCH /api/admin/series/{seriesID} – save the form: fields and the ordered packs.
export const PATCH = withAdmin<Params>(async ({ req, params, session }) => {
  const form = await readJson(req, ZSeriesForm);
  return okThrough(ZSavedSeries, await updateSeries({ seriesID: params.seriesID, form, actorProfileId: session.profileId }));
});
