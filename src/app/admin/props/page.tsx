import type { Metadata } from "next";
import { AdminPageHeader } from "@/components/admin/hub/admin-ui";
import { PropsAdmin } from "@/components/admin/props/props-admin";
import { requireAdminPage } from "@/server/auth/require-admin-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Props Management" };

/** /admin/props – every prop, 100 per page (docs/SCREENS.md §3.6). */
export default async function AdminPropsPage() {
  await requireAdminPage("/admin/props");
  return (
    <div>
      <AdminPageHeader title="Props Management" />
      <PropsAdmin />
    </div>
  );
}
