import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AddInventoryButton } from "@/components/admin/marketplace/add-inventory-button";
import { ItemCodesTable } from "@/components/admin/marketplace/item-codes-table";
import { ItemEditorForm } from "@/components/admin/marketplace/item-editor-form";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { findAdminItem } from "@/server/marketplace/find-admin-item";
import { listItemCodes } from "@/server/marketplace/list-item-codes";
import { BackLink } from "../back-link";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit item" };

/** `/admin/items/{itemID}`: edit an item, see its codes (super admins only) and add more. */
export default async function EditItemPage({ params }: { params: Promise<{ itemID: string }> }) {
  const { itemID } = await params;
  await requireAdminPage(`/admin/items/${encodeURIComponent(itemID)}`);
  const item = await findAdminItem({ itemId: itemID });
  if (!item) notFound();
  const codes = await listItemCodes({ itemId: item.itemID });
  return (
    <div className="flex flex-col gap-6">
      <BackLink href="/admin/items" label="← Back to items" />
      <h1 className="text-3xl font-extrabold tracking-tight">Edit item</h1>
      <ItemEditorForm item={item} />
      <section aria-labelledby="codes-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="codes-title" className="text-xl font-extrabold tracking-tight">
            Codes ({item.codesLeft} left, {item.codesUsed} used)
          </h2>
          <AddInventoryButton itemID={item.itemID} variant="secondary" />
        </div>
        <ItemCodesTable codes={codes} />
      </section>
    </div>
  );
}
