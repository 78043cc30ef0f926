import type { Metadata } from "next";
import { ItemEditorForm } from "@/components/admin/marketplace/item-editor-form";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { BackLink } from "../back-link";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New item" };

export default async function NewItemPage() {
  await requireAdminPage("/admin/items/new");
  return (
    <div className="flex flex-col gap-4">
      <BackLink href="/admin/items" label="← Back to items" />
      <h1 className="text-3xl font-extrabold tracking-tight">New item</h1>
      <ItemEditorForm />
    </div>
  );
}
