import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { DataTable, tdClass } from "@/components/admin/hub/admin-ui";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { listAdminSeries } from "@/server/series/list-admin-series";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin: Series" };

/** `/admin/series`: every series with its packs and followers. */
export default async function AdminSeriesPage() {
  await requireAdminPage("/admin/series");
  const rows = await listAdminSeries();
  return (
    <div className="flex flex-col gap-6">
      <Link href="/admin" className="text-sm font-semibold text-accent hover:underline">
        ← Back to Admin
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Admin: Series</h1>
        <Link href="/admin/series/new" className={buttonClass("primary")}>
          Create New Series
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="py-8 text-center text-muted">No series</p>
      ) : (
        <DataTable
          label="Series"
          columns={[
            "Title",
            "Slug",
            { label: "Packs", className: "text-right" },
            { label: "Followers", className: "text-right" },
            "Actions",
          ]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={`${tdClass} font-semibold`}>{row.title}</td>
              <td className={`${tdClass} text-muted`}>{row.slug}</td>
              <td className={`${tdClass} tabular text-right`}>{row.packCount}</td>
              <td className={`${tdClass} tabular text-right`}>{row.followerCount}</td>
              <td className={`${tdClass} whitespace-nowrap`}>
                <Link
                  href={`/series/${row.slug}`}
                  className="mr-3 font-semibold text-accent hover:underline"
                  aria-label={`View ${row.title}`}
                >
                  View
                </Link>
                <Link
                  href={`/admin/series/${row.slug}`}
                  className="font-semibold text-accent hover:underline"
                  aria-label={`Edit ${row.title}`}
                >
                  Edit
                </Link>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
