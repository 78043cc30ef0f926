import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { Trophy } from "lucide-react";
import { ContestTimeLeft } from "@/components/contests/contest-time-left";
import { ListedPackCards } from "@/components/contests/listed-pack-cards";
import { MembersLocked } from "@/components/contests/members-locked";
import { ShareContestButton } from "@/components/contests/share-contest-button";
import { PagedLeaderboard } from "@/components/contests/paged-leaderboard";
import { ShowMorePacks, shownCount } from "@/components/packs/show-more-packs";
import { LISTED_PACKS_MAX, LISTED_PACKS_PAGE } from "@/server/contests/contest-pack";
import { getContestPage } from "@/server/contests/get-contest-page";
import { AppError } from "@/server/http/app-error";
import { readPageMembersGate } from "@/server/members/read-page-members-gate";
import { readPageSession } from "@/server/auth/read-page-session";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ contestID: string }>; searchParams: Promise<{ page?: string; show?: string }> };

async function loadPage(contestID: string, page: number, packLimit: number, viewerProfileId: string | null) {
  try {
    return await getContestPage({ contestID, page, packLimit, viewerProfileId });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
}

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
  const requested = Number(query.page ?? "1");
  const pageNumber = Number.isInteger(requested) && requested > 0 && requested < 10_000 ? requested : 1;
  // A page of pack cards at a time, "Show more" for the next: a season-long contest holds hundreds of
  // packs (docs/decisions/024-season-scale.md). Its current packs are always listed.
  const packLimit = shownCount(query.show, LISTED_PACKS_PAGE, LISTED_PACKS_MAX);
  const viewer = await readPageSession();
  const { contest, packs, packCount, leaderboard } = await loadPage(contestID, pageNumber, packLimit, viewer?.profileId ?? null);
  const title = contest.title || "Untitled Contest";
  const href = (changes: { page?: number; show?: number }) => {
    const next = new URLSearchParams();
    const page = changes.page ?? pageNumber;
    const show = changes.show ?? (packLimit > LISTED_PACKS_PAGE ? packLimit : null);
    if (page > 1) next.set("page", String(page));
    if (show) next.set("show", String(show));
    const search = next.toString();
    return `/contests/${contest.contestID}${search ? `?${search}` : ""}`;
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Breadcrumb" className="text-sm text-muted">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <Link href="/" className="hover:underline">
                Home
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li>
              <Link href="/contests" className="hover:underline">
                Contests
              </Link>
            </li>
            <li aria-hidden="true">/</li>
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
            <div className="h-16 w-16 shrink-0 overflow-hidden rounded-xl bg-header">
              {contest.coverUrl ? (
                // eslint-disable-next-line @next/next/no-img-element -- covers are plain remote images
                <img src={contest.coverUrl} alt="" className="h-full w-full object-cover" />
              ) : null}
            </div>
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
          <h2 className="mt-2 text-xl font-extrabold tracking-tight">Contest Leaderboard</h2>
          <PagedLeaderboard
            caption="Contest Leaderboard"
            board={leaderboard}
            pageHref={(page) => href({ page })}
            emptyText="No entries yet. Be the first to enter!"
          />
        </section>
        <section className="flex flex-col gap-4">
          <h2 className="text-xl font-extrabold tracking-tight">Packs in this Contest</h2>
          <ListedPackCards packs={packs} emptyText="No Packs linked yet." />
          <ShowMorePacks shown={packs.length} total={packCount} href={href({ show: packs.length + LISTED_PACKS_PAGE })} />
        </section>
      </div>
    </div>
  );
}
