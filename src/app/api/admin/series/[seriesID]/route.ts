import { adminRecordRoutes } from "@/server/http/route-kits";
import { ZAdminSeriesAnswer, ZSavedSeries, ZSeriesForm } from "@/domain/schemas/series";
import { getAdminSeries } from "@/server/series/get-admin-series";
import { updateSeries } from "@/server/series/update-series";

export const dynamic = "force-dynamic";

// A series by id or slug, as given (the collection's own lookup, docs/decisions/044-collections.md).
const series = adminRecordRoutes("seriesID", undefined, { allow: "commissioner" });

// GET /api/admin/series/{seriesID} – one series (slug or id) with its packs in order.
export const GET = series.get(ZAdminSeriesAnswer, (seriesID) => getAdminSeries({ seriesID }));

// PATCH /api/admin/series/{seriesID} – save the form: fields and the ordered packs.
export const PATCH = series.write(ZSeriesForm, ZSavedSeries, (seriesID, form, actorProfileId) =>
  updateSeries({ seriesID, form, actorProfileId }),
);
