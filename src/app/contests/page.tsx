import type { Metadata } from "next";
import { ContestList } from "@/components/contests/contest-list";
import { MembersLocked } from "@/components/contests/members-locked";
import { listContests } from "@/server/contests/list-contests";
import { readPageMembersGate } from "@/server/members/read-page-members-gate";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Contests" };

/** `/contests` (docs/SCREENS.md §2.7): members only; open, coming up, closed and graded contests. */
export default async function ContestsPage() {
  const gate = await readPageMembersGate();
  if (!gate.hasAccess) return <MembersLocked />;
  const contests = await listContests();
  return (
    <div>
      <h1 className="text-3xl font-extrabold tracking-tight">Contests</h1>
      <ContestList
        contests={contests.map((contest) => ({
          contestID: contest.contestID,
          title: contest.title,
          summary: contest.summary,
          coverUrl: contest.coverUrl,
          prize: contest.prize,
          startsAt: contest.startsAt,
          endsAt: contest.endsAt,
          status: contest.status,
          packCount: contest.packCount,
          winners: contest.winners,
        }))}
      />
    </div>
  );
}
