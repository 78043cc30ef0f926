import type { Metadata } from "next";
import { AdminPageHeader } from "@/components/admin/hub/admin-ui";
import { PlayersAdmin } from "@/components/admin/events/players-admin";
import { requireAdminPage } from "@/server/auth/require-admin-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Players" };

/** /admin/players – team rosters from ESPN (docs/SCREENS.md §3.7). */
export default async function AdminPlayersPage() {
  await requireAdminPage("/admin/players");
  return (
    <div>
      <AdminPageHeader title="Players" />
      <PlayersAdmin />
    </div>
  );
}
