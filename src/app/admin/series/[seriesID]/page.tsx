import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { SeriesForm } from "@/components/series/series-form";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { AppError } from "@/server/http/app-error";
import { getAdminSeries } from "@/server/series/get-admin-series";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit Series" };

type Props = { params: Promise<{ seriesID: string }> };

export default async function EditSeriesPage({ params }: Props) {
  const { seriesID } = await params;
  await requireAdminPage(`/admin/series/${encodeURIComponent(seriesID)}`);
  const { series, packs } = await getAdminSeries({ seriesID }).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  return (
    <div className="flex flex-col gap-6">
      <Link href="/admin/series" className="text-sm font-semibold text-accent hover:underline">
        ← Back to Series
      </Link>
      <h1 className="text-3xl font-extrabold tracking-tight">Edit Series</h1>
      <SeriesForm initial={{ slug: series.slug, title: series.title, summary: series.summary, coverUrl: series.coverUrl, packs }} />
    </div>
  );
}
