import type { Metadata } from "next";
import { CollectionFormScreen } from "@/components/admin/collection-admin";
import { requireAdminPage } from "@/server/auth/require-admin-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Create New Series" };

export default async function NewSeriesPage() {
  await requireAdminPage("/admin/series/new", { allow: "commissioner" });
  return <CollectionFormScreen kind="series" />;
}
