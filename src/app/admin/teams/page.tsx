import type { Metadata } from "next";
import { AdminPageHeader } from "@/components/admin/hub/admin-ui";
import { TeamsAdmin } from "@/components/admin/events/teams-admin";
import { requireAdminPage } from "@/server/auth/require-admin-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Teams Admin" };

/** /admin/teams – teams from ESPN and by hand (docs/SCREENS.md §3.4). */
export default async function AdminTeamsPage() {
  await requireAdminPage("/admin/teams");
  return (
    <div>
      <AdminPageHeader title="Teams Admin" />
      <TeamsAdmin />
    </div>
  );
}
