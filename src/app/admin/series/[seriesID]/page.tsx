import type { Metadata } from "next";
import { CollectionFormScreen } from "@/components/admin/collection-admin";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { getAdminSeries } from "@/server/series/get-admin-series";
import { notFoundOn404 } from "@/app/contests/collection-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit Series" };

type Props = { params: Promise<{ seriesID: string }> };

export default async function EditSeriesPage({ params }: Props) {
  const { seriesID } = await params;
  await requireAdminPage(`/admin/series/${encodeURIComponent(seriesID)}`);
  const { series, packs } = await getAdminSeries({ seriesID }).catch(notFoundOn404);
  return (
    <CollectionFormScreen
      kind="series"
      initial={{ id: series.slug, title: series.title, summary: series.summary, coverUrl: series.coverUrl, packs }}
    />
  );
}
