import type { Metadata } from "next";
import { Fragment } from "react";
import Link from "@/components/ui/link";
import { Trophy } from "lucide-react";
import { ContestTimeLeft } from "@/components/contests/contest-time-left";
import { MembersLocked } from "@/components/contests/members-locked";
import { ShareContestButton } from "@/components/contests/share-contest-button";
import { getContestPage } from "@/server/contests/get-contest-page";
import { readPageMembersGate } from "@/server/members/read-page-members-gate";
import { readPageSession } from "@/server/auth/read-page-session";
import { CollectionCover, CollectionLeaderboard, CollectionPacks, collectionPaging, notFoundOn404 } from "../collection-page";

export const dynamic = "force-dynamic";

/** The pages above a contest in its breadcrumb, from the top. */
const BREADCRUMB = [
  ["Home", "/"],
  ["Contests", "/contests"],
] as const;

type Props = { params: Promise<{ contestID: string }>; searchParams: Promise<{ page?: string; show?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const gate = await readPageMembersGate();
  if (!gate.hasAccess) return { title: "Contests" };
  const { contestID } = await params;
  const page = await getContestPage({ contestID }).catch(() => null);
  return { title: page?.contest.title ?? "Contests" };
}

/** `/contests/{contestID}` (docs/SCREENS.md §2.7): the contest, its leaderboard over its packs, and its packs. */
export default async function ContestPage({ params, searchParams }: Props) {
  const gate = await readPageMembersGate();
  if (!gate.hasAccess) return <MembersLocked />;
  const { contestID } = await params;
  const query = await searchParams;
  const { pageNumber, packLimit, linksOf } = collectionPaging(query);
  const viewer = await readPageSession();
  const { contest, packs, packCount, leaderboard } = await getContestPage({
    contestID,
    page: pageNumber,
    packLimit,
    viewerProfileId: viewer?.profileId ?? null,
  }).catch(notFoundOn404);
  const title = contest.title || "Untitled Contest";
  const href = linksOf(`/contests/${contest.contestID}`);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Breadcrumb" className="text-sm text-muted">
          <ol className="flex flex-wrap items-center gap-1">
            {BREADCRUMB.map(([label, to]) => (
              <Fragment key={to}>
                <li>
                  <Link href={to} className="hover:underline">
                    {label}
                  </Link>
                </li>
                <li aria-hidden="true">/</li>
              </Fragment>
            ))}
            <li aria-current="page" className="font-semibold text-ink">
              {title}
            </li>
          </ol>
        </nav>
        <ShareContestButton contestID={contest.contestID} title={title} summary={contest.summary} />
      </div>

      <div className="grid gap-8 lg:grid-cols-2">
        <section className="flex flex-col gap-4">
          <div className="flex items-center gap-3">
            <CollectionCover src={contest.coverUrl} kind="contest" />
            <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
          </div>
          {contest.endsAt ? (
            <ContestTimeLeft
              endsAt={contest.endsAt}
              endedText="Contest Ended!"
              label={{ text: "Time Left:", position: "before" }}
              className="text-2xl"
            />
          ) : null}
          {contest.summary ? <p>{contest.summary}</p> : null}
          {contest.prize ? <p className="font-semibold text-won">Prize: {contest.prize}</p> : null}
          {contest.details ? <p className="whitespace-pre-line text-sm text-muted">{contest.details}</p> : null}
          {contest.winners.length > 0 ? (
            <p className="inline-flex items-center gap-2 text-lg font-bold">
              <Trophy size={20} aria-hidden="true" /> Winner: {contest.winners.map((handle) => `@${handle}`).join(", ")}
            </p>
          ) : null}
          <CollectionLeaderboard
            name="Contest Leaderboard"
            board={leaderboard}
            href={href}
            emptyText="No entries yet. Be the first to enter!"
            spaced
          />
          {/* Week by week, with the contest's own tie-break order (docs/decisions/062-league-standings.md). */}
          <Link href={`/contests/${contest.contestID}/standings`} className="self-start font-semibold text-accent hover:underline">
            Standings and weekly winners
          </Link>
        </section>
        <CollectionPacks heading="Packs in this Contest" packs={packs} packCount={packCount} emptyText="No Packs linked yet." href={href} />
      </div>
    </div>
  );
}
