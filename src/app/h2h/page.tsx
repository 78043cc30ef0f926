import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { Swords } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { readPageSession } from "@/server/auth/read-page-session";
import { listMyChallenges } from "@/server/h2h/list-my-challenges";
import { RivalsList } from "@/components/rivals/rivals-list";
import { listRivals } from "@/server/rivals/list-rivals";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Head-to-head" };

const STATUS: Record<string, string> = {
  pending: "Pending",
  accepted: "Accepted",
  declined: "Declined",
  settled: "Final",
  cancelled: "Expired",
};

/** `/h2h`: the signed-in player's head-to-heads, those waiting for their answer first, then their rivals (`?rivals=2` pages them). */
export default async function MyChallengesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await readPageSession();
  const rivals = viewer ? await listRivals({ viewerId: viewer.profileId, page: Number((await searchParams).rivals) || 1 }) : null;
  const challenges = viewer ? await listMyChallenges({ profileId: viewer.profileId }) : [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Head-to-head</h1>
        {viewer ? (
          <Link href="/h2h/new" className={buttonClass("secondary")}>
            <Swords size={16} aria-hidden="true" /> Challenge a friend
          </Link>
        ) : null}
      </div>
      {!viewer ? (
        <p className="text-muted">
          <Link href="/login?redirect=%2Fh2h" className="font-semibold text-accent hover:underline">
            Log in
          </Link>{" "}
          to see your challenges.
        </p>
      ) : challenges.length === 0 ? (
        <p className="py-8 text-center text-muted">
          No challenges yet.{" "}
          <Link href="/h2h/new" className="font-semibold text-accent hover:underline">
            Challenge a friend on an open pack!
          </Link>
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {challenges.map((challenge) => (
            <li key={challenge.id} className="relative rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-line">
              <Link href={`/h2h/${challenge.id}`} className="font-bold after:absolute after:inset-0 hover:underline">
                {challenge.incoming ? `@${challenge.opponentHandle} challenged you` : `You challenged @${challenge.opponentHandle}`}
              </Link>
              <p className="text-sm text-muted">
                {challenge.packTitle} · {STATUS[challenge.status]}
                {challenge.status === "settled" ? (challenge.won === null ? " · Tie" : challenge.won ? " · You won" : " · You lost") : ""}
                {challenge.incoming && challenge.status === "pending" ? " · Your answer is needed" : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
      {rivals ? <RivalsList {...rivals} /> : null}
    </div>
  );
}
