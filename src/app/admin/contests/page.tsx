import type { Metadata } from "next";
import { AdminContestsTable } from "@/components/contests/admin-contests-table";
import { MembersPasswordCard } from "@/components/contests/members-password-card";
import { CollectionListScreen } from "@/components/admin/collection-admin";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { listAdminContests } from "@/server/contests/list-admin-contests";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin: Contests" };

/** `/admin/contests` (docs/SCREENS.md §3.3): every contest, and the members password of the contests gate. */
export default async function AdminContestsPage() {
  await requireAdminPage("/admin/contests", { allow: "commissioner" });
  const contests = await listAdminContests();
  return (
    <CollectionListScreen kind="contest">
      <AdminContestsTable
        contests={contests.map((contest) => ({
          contestID: contest.contestID,
          title: contest.title,
          status: contest.status,
          startsAt: contest.startsAt,
          endsAt: contest.endsAt,
          packCount: contest.packCount,
          winners: contest.winners,
        }))}
      />
      <MembersPasswordCard />
    </CollectionListScreen>
  );
}
