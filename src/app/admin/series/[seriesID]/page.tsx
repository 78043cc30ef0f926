import type { Metadata } from "next";
import { getAdminSeries } from "@/server/series/get-admin-series";
import { collectionEditPage } from "../../admin-screen";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit Series" };

type Props = { params: Promise<{ seriesID: string }> };

export default async function EditSeriesPage({ params }: Props) {
  const { seriesID } = await params;
  return collectionEditPage(
    "series",
    seriesID,
    async () => {
      const { series, packs } = await getAdminSeries({ seriesID });
      return { id: series.slug, title: series.title, summary: series.summary, coverUrl: series.coverUrl, packs };
    },
    { allow: "commissioner" },
  );
}
