import type { Metadata } from "next";
import { AdminPageHeader } from "@/components/admin/hub/admin-ui";
import { PlayersAdmin } from "@/components/admin/events/players-admin";
import { requireAdminPage } from "@/server/auth/require-admin-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Athletes" };

/** /admin/athletes – team rosters from ESPN (docs/SCREENS.md §3.7); the app's users are at /admin/players. */
export default async function AdminAthletesPage() {
  await requireAdminPage("/admin/athletes");
  return (
    <div>
      <AdminPageHeader title="Athletes" />
      <PlayersAdmin />
    </div>
  );
}
