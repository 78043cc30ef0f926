import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { AdminContestsTable } from "@/components/contests/admin-contests-table";
import { MembersPasswordCard } from "@/components/contests/members-password-card";
import { buttonClass } from "@/components/ui/button";
import { requireAdminPage } from "@/server/auth/require-admin-page";
import { listAdminContests } from "@/server/contests/list-admin-contests";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin: Contests" };

/** `/admin/contests` (docs/SCREENS.md §3.3): every contest, and the members password of the contests gate. */
export default async function AdminContestsPage() {
  await requireAdminPage("/admin/contests");
  const contests = await listAdminContests();
  return (
    <div className="flex flex-col gap-6">
      <Link href="/admin" className="text-sm font-semibold text-accent hover:underline">
        ← Back to Admin
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Admin: Contests</h1>
        <Link href="/admin/contests/new" className={buttonClass("primary")}>
          Create New Contest
        </Link>
      </div>
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
    </div>
  );
}
