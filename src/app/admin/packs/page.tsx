import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { AdminPageHeader } from "@/components/admin/hub/admin-ui";
import { PacksAdmin } from "@/components/admin/packs/packs-admin";
import { requireAdminPage } from "@/server/auth/require-admin-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Packs Management" };

/** /admin/packs – every pack, with inline status changes (docs/SCREENS.md §3.5). */
export default async function AdminPacksPage() {
  await requireAdminPage("/admin/packs");
  return (
    <div>
      <AdminPageHeader title="Packs Management">
        <Link href="/admin/packs/new" className={buttonClass("primary")}>
          Create New Pack
        </Link>
      </AdminPageHeader>
      <PacksAdmin />
    </div>
  );
}
