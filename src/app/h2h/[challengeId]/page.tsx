import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ScrollTable } from "@/components/ui/scroll-table";
import { notFound } from "next/navigation";
import { Swords, Trophy } from "lucide-react";
import { CopyChallengeLink } from "@/components/h2h/copy-challenge-link";
import { RespondButtons } from "@/components/h2h/respond-buttons";
import { TakeResult } from "@/components/h2h/take-result";
import { LiveScore } from "@/components/live/live-score";
import { TakeLiveSlot } from "@/components/live/take-live-slot";
import { formatShortDateTime } from "@/domain/time";
import { readPageSession } from "@/server/auth/read-page-session";
import { shareCardMetadata } from "@/server/cards/share-card-metadata";
import { getMatchup, type ChallengeStatus, type Matchup } from "@/server/h2h/get-matchup";
import { AppError } from "@/server/http/app-error";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ challengeId: string }> };

const STATUS_TEXT: Record<ChallengeStatus, string> = {
  pending: "Waiting for an answer",
  accepted: "Accepted: decided when the pack is graded",
  declined: "Declined",
  settled: "Final",
  cancelled: "Expired: the pack closed before it was accepted",
};

async function load(challengeId: string, viewerProfileId: string | null): Promise<Matchup> {
  try {
    return await getMatchup({ challengeId, viewerProfileId });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { challengeId } = await params;
  const matchup = await getMatchup({ challengeId }).catch(() => null);
  if (!matchup) return { title: "Head-to-head" };
  const title = `@${matchup.challenger.handle} vs @${matchup.challenged.handle}`;
  // The head-to-head's share card: scores once the pack closes, the winner once settled (docs/decisions/067-share-cards.md).
  return { title, ...(await shareCardMetadata("h2h", matchup.id, { title: `${title} on ${matchup.pack.title}` })) };
}

const diamonds = (cents: number) => (cents / 100).toLocaleString("en-US", { maximumFractionDigits: 2 });

/** `/h2h/{challengeId}`: a head-to-head; both players' takes once the pack closes. */
export default async function MatchupPage({ params }: Props) {
  const { challengeId } = await params;
  const viewer = await readPageSession();
  const matchup = await load(challengeId, viewer?.profileId ?? null);
  const { challenger, challenged } = matchup;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <p className="inline-flex items-center gap-2 text-xs font-bold uppercase tracking-wide text-muted">
          <Swords size={14} aria-hidden="true" /> Head-to-head
        </p>
        <h1 className="text-3xl font-extrabold tracking-tight">
          @{challenger.handle} vs @{challenged.handle}
        </h1>
        <p>
          on{" "}
          <Link href={`/packs/${matchup.pack.packURL}`} className="font-semibold text-accent hover:underline">
            {matchup.pack.title}
          </Link>
          {matchup.pack.closeTime ? (
            <span className="text-muted">
              {" "}
              · {new Date(matchup.pack.closeTime).getTime() <= Date.now() ? "closed" : "closes"}{" "}
              {formatShortDateTime(new Date(matchup.pack.closeTime))}
            </span>
          ) : null}
        </p>
        <p className="font-semibold" role="status">
          {STATUS_TEXT[matchup.status]}
        </p>
      </header>

      {matchup.status === "settled" ? (
        <p className="inline-flex items-center gap-2 text-xl font-extrabold">
          <Trophy size={22} aria-hidden="true" />
          {matchup.outcome === "tie" ? "It's a tie" : `Winner: @${matchup.winnerHandle}`}
        </p>
      ) : null}
      {matchup.bonusCents.challenger > 0 || matchup.bonusCents.challenged > 0 ? (
        <p className="text-sm">
          Bonus: @{challenger.handle} {diamonds(matchup.bonusCents.challenger)} diamonds · @{challenged.handle}{" "}
          {diamonds(matchup.bonusCents.challenged)} diamonds
        </p>
      ) : null}

      {matchup.canRespond ? <RespondButtons challengeId={matchup.id} /> : null}
      {matchup.viewerRole === "challenger" && matchup.status === "pending" ? (
        <CopyChallengeLink path={`/h2h/${matchup.id}`} opponentHandle={challenged.handle} />
      ) : null}

      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-extrabold tracking-tight">Takes</h2>
        {matchup.props === null ? (
          <p className="text-muted">Both players&apos; takes are shown once the pack closes.</p>
        ) : matchup.props.length === 0 ? (
          <p className="text-muted">No takes found for this pack.</p>
        ) : (
          <ScrollTable
            label="Both players' takes"
            caption
            className="rounded-2xl bg-surface ring-1 ring-line"
            tableClassName="w-full text-sm"
            headClassName="text-xs uppercase tracking-wide text-muted"
            headRowClassName="border-b border-line"
            foot={
              matchup.totals ? (
                <tfoot>
                  <tr className="border-t-2 border-line font-bold">
                    <th scope="row" className="px-3 py-2 text-left">
                      Total
                    </th>
                    <td className="tabular px-3 py-2">
                      {matchup.totals.challenger.won} won · {matchup.totals.challenger.points} pts
                    </td>
                    <td className="tabular px-3 py-2">
                      {matchup.totals.challenged.won} won · {matchup.totals.challenged.points} pts
                    </td>
                  </tr>
                </tfoot>
              ) : null
            }
            columns={[
              { label: "Prop", className: "px-3 py-2 text-left" },
              { label: `@${challenger.handle}`, className: "px-3 py-2 text-left" },
              { label: `@${challenged.handle}`, className: "px-3 py-2 text-left" },
            ]}
          >
            {matchup.props.map((prop) => (
              <tr key={prop.id} className="border-b border-line last:border-0">
                <th scope="row" className="px-3 py-2 text-left font-semibold">
                  {prop.shortLabel}
                  {prop.game ? (
                    <span className="block text-xs font-normal">
                      <LiveScore seed={prop.game} />
                    </span>
                  ) : null}
                </th>
                {[prop.challenger, prop.challenged].map((take, index) => (
                  <td key={index} className="px-3 py-2">
                    {take ? (
                      <span className="flex flex-col">
                        <span>{take.side === "A" ? prop.sideAShort : prop.sideBShort}</span>
                        <span className="flex items-center gap-2">
                          <TakeResult result={take.result} />
                          <span className="tabular text-xs text-muted">{take.points} pts</span>
                        </span>
                        {prop.game && take.result === "pending" ? (
                          <TakeLiveSlot propId={prop.id} side={take.side} points={take.lockedValue} seed={prop.game} />
                        ) : null}
                      </span>
                    ) : (
                      <span className="text-muted">No take</span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </ScrollTable>
        )}
      </section>
    </div>
  );
}
