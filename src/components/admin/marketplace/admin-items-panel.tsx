import Link from "@/components/ui/link";
import { Plus } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { listAdminItems } from "@/server/marketplace/list-admin-items";
import { AddInventoryButton } from "./add-inventory-button";
import { AdminItemsTable } from "./admin-items-table";

/**
 * The admin marketplace (docs/SCREENS.md §3.1 "Marketplace"): "New item", "Add
 * Inventory Codes" and the items table with stock. A server component that
 * loads its own data, so the /admin hub can embed it as it is. Only render it
 * on pages guarded by requireAdminPage.
 */
export async function AdminItemsPanel() {
  const items = await listAdminItems();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <Link href="/admin/items/new" className={buttonClass("secondary")}>
          <Plus size={16} aria-hidden="true" />
          New item
        </Link>
        <AddInventoryButton />
      </div>
      <AdminItemsTable items={items} />
    </div>
  );
}
