import type { Metadata } from "next";
import { AdminPageHeader } from "@/components/admin/hub/admin-ui";
import { ApiTester } from "@/components/admin/events/api-tester";
import { requireAdminPage } from "@/server/auth/require-admin-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API Tester" };

/** /admin/api-tester – run the app's ESPN calls and inspect the answers (docs/SCREENS.md §3.9). */
export default async function AdminApiTesterPage() {
  await requireAdminPage("/admin/api-tester");
  return (
    <div>
      <AdminPageHeader title="API Tester" />
      <ApiTester />
    </div>
  );
}
