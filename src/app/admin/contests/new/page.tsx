import type { Metadata } from "next";
import { CollectionFormScreen } from "@/components/admin/collection-admin";
import { requireAdminPage } from "@/server/auth/require-admin-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Create New Contest" };

export default async function NewContestPage() {
  await requireAdminPage("/admin/contests/new", { allow: "commissioner" });
  return <CollectionFormScreen kind="contest" />;
}
