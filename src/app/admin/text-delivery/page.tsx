import { redirect } from "next/navigation";
import { requireAdminPage } from "@/server/auth/require-admin-page";

export const dynamic = "force-dynamic";

/**
 * The delivery rates were a page of their own before they joined the outbox on `/admin/texts`
 * (docs/SCREENS.md §3.15): a saved link still lands on them there.
 */
export default async function AdminTextDeliveryPage() {
  await requireAdminPage("/admin/text-delivery");
  redirect("/admin/texts#delivery");
}
