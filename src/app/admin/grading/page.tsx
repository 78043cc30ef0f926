import type { Metadata } from "next";
import { AdminPageHeader } from "@/components/admin/hub/admin-ui";
import { GradingQueue } from "@/components/admin/grading/grading-queue";
import { requireAdminPage } from "@/server/auth/require-admin-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Grading Queue" };

/** /admin/grading – every prop whose game is over or whose close has passed, with bulk accept of suggested results (docs/SCREENS.md §3.14). */
export default async function AdminGradingQueuePage() {
  await requireAdminPage("/admin/grading");
  return (
    <div>
      <AdminPageHeader title="Grading Queue" />
      <GradingQueue />
    </div>
  );
}
