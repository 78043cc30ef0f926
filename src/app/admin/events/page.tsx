import type { Metadata } from "next";
import { AdminPageHeader } from "@/components/admin/hub/admin-ui";
import { EventsAdmin } from "@/components/admin/events/events-admin";
import { requireAdminPage } from "@/server/auth/require-admin-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Events" };

/** /admin/events – imported events by day and league (docs/SCREENS.md §3.2). */
export default async function AdminEventsPage() {
  await requireAdminPage("/admin/events");
  return (
    <div>
      <AdminPageHeader title="Events" />
      <EventsAdmin />
    </div>
  );
}
