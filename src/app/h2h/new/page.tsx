import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ChevronRight } from "lucide-react";
import { ChallengeForm } from "@/components/h2h/challenge-form";
import { LeagueBadge } from "@/components/packs/league-badge";
import { buttonClass } from "@/components/ui/button";
import { formatShortDateTime } from "@/domain/time";
import { readPageSession } from "@/server/auth/read-page-session";
import { findChallengePack } from "@/server/h2h/find-challenge-pack";
import { listChallengeablePacks } from "@/server/h2h/list-challengeable-packs";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Challenge a friend" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";
const challengePath = (params: Record<string, string>) =>
  `/h2h/new?${new URLSearchParams(Object.entries(params).filter(([, value]) => value !== ""))}`;

/**
 * `/h2h/new?pack={packURL}&opponent={handle}`: challenge a player on a pack that
 * has not closed. Without a pack it offers the packs still open for challenges
 * (issue 23: it used to be a 404); a visitor is asked to sign in first.
 */
export default async function NewChallengePage({ searchParams }: Props) {
  const query = await searchParams;
  const packURL = one(query.pack).trim();
  const opponent = one(query.opponent).trim().slice(0, 21);
  if (!packURL) return <PickPack opponent={opponent} />;

  const pack = await findChallengePack({ packURL });
  if (!pack) notFound();
  const viewer = await readPageSession();
  const here = challengePath({ pack: pack.packURL, opponent });
  return (
    <div className="flex flex-col gap-4">
      <Link href={`/packs/${pack.packURL}`} className="inline-flex min-h-11 items-center text-sm font-semibold text-accent hover:underline">
        ‹ Back to {pack.title}
      </Link>
      <h1 className="text-3xl font-extrabold tracking-tight">Challenge a friend</h1>
      {!pack.open ? (
        <p className="text-muted">
          This pack has closed; challenges are over.{" "}
          <Link href={challengePath({ opponent })} className="font-semibold text-accent hover:underline">
            Pick an open pack
          </Link>
        </p>
      ) : viewer ? (
        <ChallengeForm packURL={pack.packURL} packTitle={pack.title} initialOpponent={opponent} />
      ) : (
        <div className="flex max-w-lg flex-col gap-3 rounded-2xl bg-surface p-5 shadow-sm ring-1 ring-line">
          <p>
            Go head-to-head with a friend on <span className="font-semibold">{pack.title}</span>. Log in first, then pick who to challenge.
          </p>
          <div>
            <Link href={`/login?redirect=${encodeURIComponent(here)}`} className={buttonClass("primary")}>
              Log in to challenge
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}

/** The packs a challenge can still be made on, each leading to the form (keeping a named opponent). */
async function PickPack({ opponent }: { opponent: string }) {
  const packs = await listChallengeablePacks();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-3xl font-extrabold tracking-tight">Challenge a friend</h1>
      <p className="max-w-2xl text-muted">
        Pick a pack that is still open{opponent ? ` to challenge @${opponent} on` : ""}. You both make your takes; once it is graded,
        whoever won more props (then more points) wins the head-to-head.{" "}
        <Link href="/h2h" className="font-semibold text-accent hover:underline">
          Your challenges
        </Link>
      </p>
      {packs.length === 0 ? (
        <p className="rounded-2xl bg-surface p-8 text-center text-muted ring-1 ring-line">
          No packs are open for challenges right now.{" "}
          <Link href="/?day=all" className="font-semibold text-accent hover:underline">
            See what opens next
          </Link>
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Open packs">
          {packs.map((pack) => (
            <li
              key={pack.packURL}
              className="relative flex items-center gap-3 rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-line hover:shadow-md"
            >
              <div className="min-w-0 flex-1">
                <Link
                  href={challengePath({ pack: pack.packURL, opponent })}
                  className="break-words font-bold after:absolute after:inset-0 after:rounded-2xl hover:underline"
                >
                  {pack.title}
                </Link>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
                  <LeagueBadge league={pack.league} />
                  {pack.closeTime ? `Closes ${formatShortDateTime(new Date(pack.closeTime))}` : "No closing time yet"}
                </p>
              </div>
              <ChevronRight size={20} aria-hidden="true" className="shrink-0 text-muted" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
