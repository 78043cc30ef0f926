import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ChallengeForm } from "@/components/h2h/challenge-form";
import { findChallengePack } from "@/server/h2h/find-challenge-pack";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Challenge a friend" };

type Props = { searchParams: Promise<{ pack?: string; opponent?: string }> };

/** `/h2h/new?pack={packURL}&opponent={handle}`: challenge a player on a pack that has not closed. */
export default async function NewChallengePage({ searchParams }: Props) {
  const { pack: packURL = "", opponent = "" } = await searchParams;
  const pack = await findChallengePack({ packURL });
  if (!pack) notFound();
  return (
    <div className="flex flex-col gap-4">
      <Link href={`/packs/${pack.packURL}`} className="text-sm font-semibold text-accent hover:underline">
        ‹ Back to {pack.title}
      </Link>
      <h1 className="text-3xl font-extrabold tracking-tight">Challenge a friend</h1>
      {pack.open ? (
        <ChallengeForm packURL={pack.packURL} packTitle={pack.title} initialOpponent={opponent.slice(0, 21)} />
      ) : (
        <p className="text-muted">This pack has closed; challenges are over.</p>
      )}
    </div>
  );
}
