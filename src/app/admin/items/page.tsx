import type { Metadata } from "next";
import { AdminItemsPanel } from "@/components/admin/marketplace/admin-items-panel";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { listAdminItems } from "@/server/marketplace/list-admin-items";
import { BackLink } from "./back-link";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Marketplace items" };

/** `/admin/items`: the marketplace items with their stock, for super admins. */
export default async function AdminItemsPage() {
  await requireAdminPage("/admin/items");
  const items = await listAdminItems();
  return (
    <div className="flex flex-col gap-4">
      <BackLink />
      <h1 className="text-3xl font-extrabold tracking-tight">Marketplace items</h1>
      <AdminItemsPanel items={items} />
    </div>
  );
}
