import type { Metadata } from "next";
import { CollectionListScreen, CollectionActionsCell } from "@/components/admin/collection-admin";
import { DataTable, tdClass } from "@/components/admin/hub/admin-ui";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { listAdminSeries } from "@/server/series/list-admin-series";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin: Series" };

/** `/admin/series`: every series with its packs and followers. */
export default async function AdminSeriesPage() {
  await requireAdminPage("/admin/series", { allow: "commissioner" });
  const rows = await listAdminSeries();
  return (
    <CollectionListScreen kind="series">
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
              <CollectionActionsCell kind="series" id={row.slug} title={row.title} />
            </tr>
          ))}
        </DataTable>
      )}
    </CollectionListScreen>
  );
}
