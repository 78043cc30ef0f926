import Link from "@/components/ui/link";
import { Plus } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { AddInventoryButton } from "./add-inventory-button";
import { AdminItemsTable, type AdminItemRow } from "./admin-items-table";

/**
 * The admin marketplace (docs/SCREENS.md §3.1 "Marketplace"): "New item", "Add
 * Inventory Codes" and the items table with stock. The page loads the items
 * (components never call src/server: docs/FENCES.md).
 */
export function AdminItemsPanel({ items }: { items: AdminItemRow[] }) {
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
