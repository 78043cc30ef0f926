import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { preload } from "react-dom";
import { AlertCircle, Bell, Check, ChevronLeft, ChevronRight, ReceiptText, Share2, Trophy } from "@/components/ui/plain-icons";
import { ClosedPropFace } from "@/components/packs/closed-prop-face";
import { LiveSlot } from "@/components/live/live-slot";
import type { PendingTake } from "@/components/live/provisional";
import { eventSeed } from "@/components/packs/prop-face";
import { worthWatching, type LiveGameSeed } from "@/domain/live";
import { ChallengeLink } from "@/components/h2h/challenge-link";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { TieBreakNote } from "@/components/leaderboard/tie-break-note";
import { PACK_WINNER_TIE_BREAK } from "@/domain/house-rules";
import { DialogTrigger } from "@/components/packs/dialog-trigger";
import { LeagueBadge } from "@/components/packs/league-badge";
import { HeroCountdown, MY_ACTIONS_SLOT, PackPlay } from "@/components/packs/pack-play";
import { PropFace } from "@/components/packs/prop-face";
import { SideFace } from "@/components/packs/side-face";

import { StatusChip } from "@/components/packs/status-chip";
import { SharedPage } from "@/components/shell/shared-page";
import { HydrateInSlices } from "@/components/ui/hydrate-in-slices";
import { formatShortDateTime } from "@/domain/time";
import { formatTokens } from "@/domain/points";
import { PackGradedPromptSlot } from "@/components/dialogs/pack-graded-prompt-slot";
import { PackVsAi } from "@/components/rivals/pack-vs-ai";
import { getPackVsAi } from "@/server/rivals/get-pack-vs-ai";
import { packSharingEnabled } from "@/env";
import { AppError } from "@/server/http/app-error";
import { countBoardPlayers } from "@/server/leaderboards/count-board-players";
import { getLeaderboardPage } from "@/server/leaderboards/get-leaderboard-page";
import { resolveLeaderboardScope } from "@/server/leaderboards/resolve-leaderboard-scope";
import type { PropView } from "@/domain/views";
import { getPackPage } from "@/server/packs/get-pack-page";
import { readPageViewer } from "@/server/packs/read-page-viewer";
import { findReferrerHandle } from "@/server/referrals/find-referrer-handle";
import { pictureSrc } from "@/server/pictures/picture-hosts";
import { shareCardMetadata } from "@/server/cards/share-card-metadata";

export const dynamic = "force-dynamic";

type Params = Promise<{ packURL: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The pack as this page shows it. Until the pack closes the page is the same for
 * every viewer, served from the shared page cache (docs/decisions/025-shared-page-cache.md):
 * nothing of the viewer is rendered, and the deck loads a signed-in player's own
 * picks. Once closed it shows the viewer's results and rank, rendered for them.
 */
const loadPack = cache(async (packURL: string) => {
  const viewer = await readPageViewer();
  let pack;
  try {
    pack = await getPackPage({ packURL, viewerProfileId: viewer?.profileId, viewerIsAdmin: viewer?.superAdmin });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
  if (pack.phase === "closed") return { viewer, pack, shared: false };
  return {
    viewer: null,
    pack: { ...pack, viewerReceiptId: null, props: pack.props.map((p): PropView => ({ ...p, viewerTake: null })) },
    shared: true,
  };
});

// A pasted link unfurls as the pack's share card: title, teams, props and close (docs/decisions/067-share-cards.md).
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { pack } = await loadPack((await params).packURL);
  const description = pack.summary ?? undefined;
  return { title: pack.title, description, ...(await shareCardMetadata("pack", pack.packURL, { title: pack.title, description })) };
}

/** `/packs/{packURL}` – hero, card deck with side pickers and the progress footer (docs/SCREENS.md §2.4). */
export default async function PackPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { packURL } = await params;
  const query = await searchParams;
  const { viewer, pack, shared } = await loadPack(packURL);
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const ref = one(query.ref)?.trim();
  const referrer = ref && pack.phase === "open" ? await findReferrerHandle({ handle: ref }) : null;
  const startIndex = Number.parseInt(one(query.prop) ?? "1", 10);
  const closed = pack.phase === "closed";
  // The cover is the page's largest picture: asked for from the head, ahead of the scripts, and drawn
  // from the start where ESPN's picture host cannot be reached (docs/decisions/045-pictures-drawn-when-offline.md).
  const coverSrc = pack.coverUrl ? pictureSrc(pack.coverUrl, "cover") : null;
  if (coverSrc) preload(coverSrc, { as: "image", fetchPriority: "high" });
  // After close, the pack's leaderboard names open each player's takes (docs/SCREENS.md §2.4 tabs).
  const board = closed
    ? await getLeaderboardPage({
        scope: await resolveLeaderboardScope({ scope: "pack", key: pack.packURL, period: "all" }),
        viewerProfileId: viewer?.profileId,
      })
    : null;
  // Before the close: how many fans have played and who (their picks stay hidden until the lock; issue 39 item 4).
  // The same for every viewer, so the shared page keeps it (docs/decisions/025-shared-page-cache.md).
  const playedScope = pack.phase === "open" ? await resolveLeaderboardScope({ scope: "pack", key: pack.packURL, period: "all" }) : null;
  const [played, playedCount] = playedScope
    ? await Promise.all([getLeaderboardPage({ scope: playedScope }), countBoardPlayers(playedScope)])
    : [null, 0];
  // While its games are played, the player's pending picks the score decides add up to a provisional total (decision 053).
  const pending = closed ? pendingTakes(pack.props, pack.league) : null;
  const watchingGames = pending !== null && pending.takes.length > 0 && pending.seeds.some((seed) => worthWatching(seed, Date.now()));
  // The player's own results on this page once props are graded, not only on their profile (issue 39 item 4).
  const results = closed ? playerResults(pack.props, board?.me ?? null, pack.chip === "Graded") : null;
  // "You 1,250 · AI 980" once the pack is graded (docs/decisions/069-rivals-and-the-ai-player.md).
  const vsAi = results?.graded && viewer ? await getPackVsAi({ packURL: pack.packURL, handle: viewer.handle }) : null;
  // An open pack counts down to its close, a coming one to its open; either may have no time set yet.
  const countdown =
    pack.phase === "open" && pack.closeTime
      ? { verb: "Closes", at: pack.closeTime }
      : pack.phase === "coming-soon" && pack.openTime
        ? { verb: "Opens", at: pack.openTime }
        : null;

  return (
    // Out to the screen's edges (main's padding), clipped sideways there: on a phone the deck's
    // tilted back cards reach past the edge and would otherwise scroll the page. Clip, not hidden:
    // no scroll container, so the deck's sticky and fixed parts behave as before.
    // On a phone the deck comes right after the title and countdown, so the page opens on the first
    // prop; the pack's details follow the deck, one tap away through "Pack details" (issue 23
    // item 2). From md up the title and details share the left column beside the deck.
    <div className="-mx-4 grid grid-cols-1 gap-5 overflow-x-clip px-4 pb-40 sm:-mx-6 sm:px-6 md:grid-cols-2 md:grid-rows-[auto_1fr] md:items-start md:gap-x-8 md:gap-y-3 md:pb-0 lg:-mx-8 lg:px-8">
      {shared ? <SharedPage /> : null}
      {/* On a phone the header stays short whatever the title, chips and prize, so both sides of the first
          prop are above the progress footer on arrival (issue 39 item 1): "Pack details" shares the Back
          row, the league badge follows the title's last word, the prize chip keeps to one line. */}
      <header className="space-y-2 md:col-start-1 md:row-start-1 md:space-y-3">
        <div className="flex items-center justify-between gap-3">
          {/* Back to the page the player came from when it was ours, else home (components/packs/history-back.ts). */}
          <Link
            href="/"
            data-history-back
            className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-muted hover:text-ink"
          >
            <ChevronLeft size={16} aria-hidden="true" /> Back
          </Link>
          <a href="#pack-details" className="inline-flex min-h-11 items-center text-sm font-semibold text-accent hover:underline md:hidden">
            Pack details
          </a>
        </div>
        <h1 className="text-xl font-extrabold leading-tight tracking-tight sm:text-2xl md:text-3xl">
          {pack.title || "Untitled Pack"} <LeagueBadge league={pack.league} className="ml-0.5 inline-block align-middle" />
        </h1>
        {/* The countdown appears once the page runs (it ticks on the device's clock): its line is kept
            from the first paint so nothing below moves when it does (CLS, docs/TESTING.md "Lighthouse"). */}
        <div className={`flex flex-wrap items-center gap-x-3 gap-y-2 ${countdown ? "min-h-6 md:min-h-7" : ""}`}>
          {countdown ? (
            <HeroCountdown
              target={countdown.at.toISOString()}
              prefix={`${countdown.verb} in`}
              description={`${countdown.verb} ${formatShortDateTime(countdown.at)}`}
              className="text-base md:text-lg"
            />
          ) : pack.phase === "open" || pack.phase === "coming-soon" ? null : (
            <StatusChip chip={pack.chip === "Active" || pack.chip === "Coming soon" ? "Closed" : pack.chip} />
          )}
          {/* Only a pack with a prize has the chip: one that opened "No Prize Found" promised nothing. Its
              dialog says the whole prize; the chip keeps to one line. */}
          {pack.prize ? (
            <DialogTrigger
              dialog="prize"
              dialogProps={{ prize: pack.prize }}
              className="inline-flex min-h-9 min-w-0 max-w-full items-center gap-1 rounded-full bg-gold-tint px-3 text-sm font-semibold"
            >
              <Trophy size={14} aria-hidden="true" className="shrink-0" />
              <span className="truncate">{pack.prize.title ?? "Prize"}</span>
            </DialogTrigger>
          ) : null}
        </div>
        {pending && pending.takes.length ? (
          <LiveSlot view="pack" props={{ ...pending, packURL: pack.packURL }} watch={watchingGames} />
        ) : null}
        {results ? <PackResults {...results} /> : null}
        {vsAi && viewer ? <PackVsAi score={vsAi} handle={viewer.handle} isViewer /> : null}
      </header>
      {/* The results dialog for a graded pack the player has not been shown yet (issue 39 item 4). */}
      {results?.graded ? <PackGradedPromptSlot packURL={pack.packURL} /> : null}

      {pack.props.length === 0 ? (
        <p className="rounded-2xl bg-surface p-10 text-center text-muted ring-1 ring-line md:col-start-2 md:row-span-2 md:row-start-1">
          No props in this pack yet.
        </p>
      ) : (
        <div className="mx-auto w-full max-w-[420px] md:col-start-2 md:row-span-2 md:row-start-1">
          {/* The deck hydrates with the page, not in slices: its first client render changes its
              height, which after the first paint shifted the footer (CLS 0.08; docs/decisions/023-load-budget.md). */}
          <PackPlay
            packId={pack.id}
            packURL={pack.packURL}
            packTitle={pack.title}
            accepting={pack.phase === "open"}
            closesAt={pack.closeTime?.getTime() ?? null}
            serverNow={Date.now()}
            idleCaption={pack.phase === "closed" ? "Pack closed" : "Not open yet"}
            startIndex={Number.isFinite(startIndex) ? startIndex : 1}
            referrer={referrer}
            props={pack.props.map((p) => ({
              id: p.id,
              open: p.open,
              closesAt: p.closeTime?.getTime() ?? null,
              saved: p.viewerTake?.side ?? null,
              shorts: { A: p.sides.A.short, B: p.sides.B.short },
              values: { A: p.sides.A.value, B: p.sides.B.value },
              takes: { A: p.sides.A.take, B: p.sides.B.take },
            }))}
            sideFaces={
              closed
                ? undefined
                : pack.props.map((p) => ({
                    A: <SideFace short={p.sides.A.short} take={p.sides.A.take} />,
                    B: <SideFace short={p.sides.B.short} take={p.sides.B.take} />,
                  }))
            }
            icons={{
              prev: <ChevronLeft size={18} aria-hidden="true" />,
              next: <ChevronRight size={18} aria-hidden="true" />,
              check: <Check size={14} aria-hidden="true" />,
              alert: <AlertCircle size={18} aria-hidden="true" className="shrink-0" />,
              pressed: <Check size={14} aria-hidden="true" className="hidden group-aria-pressed:inline" />,
              share: <Share2 size={16} aria-hidden="true" />,
              receipt: <ReceiptText size={16} aria-hidden="true" />,
              bell: <Bell size={16} aria-hidden="true" />,
            }}
            ownPicksFromBrowser={shared}
            faces={pack.props.map((p) =>
              closed ? (
                <ClosedPropFace key={p.id} prop={p} packCloseTime={pack.closeTime} league={pack.league} />
              ) : (
                <PropFace key={p.id} prop={p} packCloseTime={pack.closeTime} league={pack.league} />
              ),
            )}
            cover={
              coverSrc ? (
                // eslint-disable-next-line @next/next/no-img-element -- covers are plain remote images
                <img
                  src={coverSrc}
                  alt={`${pack.title} cover`}
                  data-art="cover"
                  fetchPriority="high"
                  className="aspect-square w-full rounded-2xl object-cover"
                />
              ) : (
                <div className="flex aspect-square w-full items-center justify-center rounded-2xl bg-page p-6 text-center text-2xl font-extrabold">
                  {pack.title}
                </div>
              )
            }
          />
        </div>
      )}

      <section id="pack-details" aria-label="Pack details" className="scroll-mt-20 space-y-3 md:col-start-1 md:row-start-2">
        {pack.series.length ? (
          <div className="flex flex-wrap gap-1">
            {pack.series.map((s) => (
              <Link
                key={s.slug}
                href={`/series/${encodeURIComponent(s.slug)}`}
                className="inline-flex min-h-9 items-center rounded-full px-3 text-xs font-semibold ring-1 ring-line hover:bg-surface hover:underline"
              >
                Series: {s.title}
              </Link>
            ))}
          </div>
        ) : null}
        <ul className="text-sm text-muted">
          {pack.events.map((e) => (
            <li key={e.id}>
              {e.away && e.home ? `${e.away.name} @ ${e.home.name}` : e.title} · {formatShortDateTime(e.startTime)}
            </li>
          ))}
        </ul>
        {pack.summary ? <p className="text-muted">{pack.summary}</p> : null}
        <p className="text-sm">
          <Link href="/how-it-works#points" className="font-semibold text-accent hover:underline">
            How points work
          </Link>
        </p>
        {pack.creatorHandle ? <p className="text-sm text-muted">by @{pack.creatorHandle}</p> : null}
        <div className="flex flex-wrap gap-2">
          {/* The player's "Share my Takes" and "View receipt": the deck puts them here once it knows their picks. */}
          <span id={MY_ACTIONS_SLOT} className="contents" />
          {packSharingEnabled() ? (
            <DialogTrigger
              dialog="sharePack"
              dialogProps={{ packURL: pack.packURL, packTitle: pack.title, summary: pack.summary }}
              className="inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-bold ring-1 ring-line hover:bg-surface"
            >
              <Share2 size={16} aria-hidden="true" /> Share Pack
            </DialogTrigger>
          ) : null}
          {/* The same link for every viewer (the page is one shared copy, decision 025); /h2h/new asks visitors to sign in. */}
          {pack.phase === "open" || pack.phase === "coming-soon" ? <ChallengeLink packURL={pack.packURL} /> : null}
        </div>
        {pack.teams.length ? (
          <ul className="flex flex-wrap gap-2">
            {pack.teams.map((t) => (
              <li key={t.slug}>
                <Link
                  href={`/teams/${t.slug}`}
                  className="inline-flex min-h-9 items-center gap-1 rounded-full bg-surface px-3 text-sm font-semibold ring-1 ring-line hover:underline"
                >
                  {t.logoUrl ? (
                    // eslint-disable-next-line @next/next/no-img-element -- team logos from any host, with the picture fallback
                    <img src={pictureSrc(t.logoUrl)} alt="" width={20} height={20} loading="lazy" className="h-5 w-5" />
                  ) : null}
                  {t.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {pack.contests.length ? (
          <p className="text-sm">
            {pack.contests.length === 1 ? "In contest:" : "In contests:"}{" "}
            {pack.contests.map((c, i) => (
              <span key={c.slug}>
                {i ? ", " : ""}
                <Link href={`/contests/${c.slug}`} className="font-semibold text-accent hover:underline">
                  {c.title}
                </Link>
                {c.prize ? <span className="text-muted"> · Prize: {c.prize}</span> : null}
              </span>
            ))}
          </p>
        ) : null}
      </section>

      {played ? (
        <section aria-labelledby="played-heading" className="space-y-3 md:col-span-2 md:mt-5">
          <h2 id="played-heading" className="text-xl font-extrabold tracking-tight">
            Who&apos;s played
          </h2>
          {playedCount ? (
            <>
              <p className="text-sm text-muted">
                {playedCount === 1 ? "1 fan has played this pack." : `${playedCount.toLocaleString("en-US")} fans have played this pack.`}{" "}
                Their picks stay hidden until it locks.
              </p>
              <ul className="flex flex-wrap gap-2">
                {played.rows.map((row) => (
                  <li key={row.handle}>
                    <Link
                      href={`/profile/${encodeURIComponent(row.handle)}`}
                      className="inline-flex min-h-9 items-center gap-1 rounded-full bg-surface px-3 text-sm font-semibold ring-1 ring-line hover:underline"
                    >
                      @{row.handle}
                      <span className="tabular text-xs font-normal text-muted">{row.takes === 1 ? "1 pick" : `${row.takes} picks`}</span>
                    </Link>
                  </li>
                ))}
                {playedCount > played.rows.length ? (
                  <li className="inline-flex min-h-9 items-center px-1 text-sm text-muted">
                    and {(playedCount - played.rows.length).toLocaleString("en-US")} more
                  </li>
                ) : null}
              </ul>
            </>
          ) : (
            <p className="text-sm text-muted">No one has played yet. Make the first takes!</p>
          )}
        </section>
      ) : null}

      {(board && board.rows.length) || watchingGames ? (
        <section aria-labelledby="pack-leaderboard-heading" className="space-y-3 md:col-span-2 md:mt-5">
          <h2 id="pack-leaderboard-heading" className="text-xl font-extrabold tracking-tight">
            Leaderboard
          </h2>
          {/* The player's provisional place while a game is on (decision 053); the table stays official. */}
          {/* The pack's one winner, and how players level on points were told apart (docs/PRODUCT.md §5). */}
          {pack.winner ? (
            <div className="rounded-2xl bg-surface px-4 pt-3 shadow-sm" data-testid="pack-winner">
              <p className="flex flex-wrap items-center gap-1.5 font-bold">
                <Trophy size={16} aria-hidden="true" /> Pack winner:{" "}
                <Link href={`/profile/${encodeURIComponent(pack.winner.handle)}`} className="text-accent hover:underline">
                  @{pack.winner.handle}
                </Link>{" "}
                <span className="tabular font-semibold text-muted">{`• ${pack.winner.points.toLocaleString("en-US")} pts`}</span>
              </p>
              <TieBreakNote order={PACK_WINNER_TIE_BREAK} label="How the winner is chosen" />
            </div>
          ) : null}
          {pending && watchingGames ? (
            <LiveSlot view="board" props={{ seeds: pending.seeds, packURL: pack.packURL, official: Boolean(board?.rows.length) }} watch />
          ) : null}
          {board && board.rows.length ? (
            <HydrateInSlices>
              <LeaderboardTable rows={board.rows} me={board.me} caption={`Leaderboard for ${pack.title}`} packURL={pack.packURL} />
            </HydrateInSlices>
          ) : (
            <p className="text-sm text-muted">The board fills in as props are graded.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** The viewer's graded takes on the pack: record, points, diamonds and place; null before any of them is graded. */
function playerResults(
  props: PropView[],
  me: { rank: number; points: number; won: number; lost: number; pushed: number } | null,
  graded: boolean,
): {
  rank: number | null;
  points: number;
  won: number;
  lost: number;
  pushed: number;
  tokensCents: number;
  pending: number;
  graded: boolean;
} | null {
  let won = 0;
  let lost = 0;
  let pushed = 0;
  let points = 0;
  let tokensCents = 0;
  let pending = 0;
  for (const prop of props) {
    const mine = prop.viewerTake;
    if (!mine) continue;
    if (prop.status === "gradedA" || prop.status === "gradedB") {
      if (mine.result === "won") won++;
      else lost++;
    } else if (prop.status === "push") pushed++;
    else if (prop.status !== "void") {
      pending++;
      continue;
    }
    points += mine.points;
    tokensCents += mine.tokensCents;
  }
  if (won + lost + pushed === 0) return null;
  return { rank: me?.rank ?? null, points: me?.points ?? points, won, lost, pushed, tokensCents, pending, graded };
}

/** "Your results" on a closed pack's page: place, points, record and diamonds won. */
function PackResults(r: NonNullable<ReturnType<typeof playerResults>>) {
  return (
    <section aria-labelledby="my-results-heading" className="rounded-2xl bg-surface p-4 ring-1 ring-line">
      <h2 id="my-results-heading" className="text-sm font-bold uppercase tracking-wide text-muted">
        {r.graded ? "Your results" : "Your results so far"}
      </h2>
      <dl className="mt-2 grid grid-cols-4 gap-2 text-center">
        <div>
          <dt className="text-xs text-muted">Place</dt>
          <dd className="tabular text-xl font-extrabold">{r.rank ? `#${r.rank}` : "–"}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Points</dt>
          <dd className="tabular text-xl font-extrabold">{r.points.toLocaleString("en-US")}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Record</dt>
          <dd className="tabular text-xl font-extrabold">{`${r.won}-${r.lost}-${r.pushed}`}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Diamonds</dt>
          <dd className="tabular text-xl font-extrabold">+{formatTokens(r.tokensCents)}</dd>
        </div>
      </dl>
      {r.pending ? (
        <p className="mt-2 text-sm text-muted">
          {r.pending === 1 ? "1 take waits for its grade." : `${r.pending} takes wait for their grade.`}
        </p>
      ) : null}
    </section>
  );
}

/** The viewer's picks still waiting for a grade, with their games' seeds, and the points already settled. */
function pendingTakes(props: PropView[], league: string): { takes: PendingTake[]; seeds: LiveGameSeed[]; settledPoints: number } {
  const takes: PendingTake[] = [];
  const seeds = new Map<string, LiveGameSeed>();
  let settledPoints = 0;
  for (const prop of props) {
    const mine = prop.viewerTake;
    if (!mine) continue;
    if (prop.status !== "open" && prop.status !== "closed") {
      settledPoints += mine.points;
      continue;
    }
    if (!prop.event) continue;
    takes.push({ propId: prop.id, eventId: prop.event.id, side: mine.side, points: mine.lockedValue });
    if (!seeds.has(prop.event.id)) seeds.set(prop.event.id, eventSeed(prop.event, league));
  }
  return { takes, seeds: [...seeds.values()], settledPoints };
}
