import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { SeriesForm } from "@/components/series/series-form";
import { requireAdminPage } from "@/server/auth/require-admin-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Create New Series" };

export default async function NewSeriesPage() {
  await requireAdminPage("/admin/series/new");
  return (
    <div className="flex flex-col gap-6">
      <Link href="/admin/series" className="text-sm font-semibold text-accent hover:underline">
        ← Back to Series
      </Link>
      <h1 className="text-3xl font-extrabold tracking-tight">Create New Series</h1>
      <SeriesForm />
    </div>
  );
}
