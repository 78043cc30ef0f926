import Link from "@/components/ui/link";
import { CoverImg } from "@/components/packs/cover-img";
import { preload } from "react-dom";
import { Clock, Share2, Trophy, Users } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { LiveScore } from "@/components/live/live-score";
import { liveSeedOf } from "@/domain/live";
import { formatShortDateTime } from "@/domain/time";
import { packSharingEnabled } from "@/env";
import type { PackGame, PackSummary } from "@/domain/views";
import { DialogButton } from "./dialog-button";
import { LiveCountdown } from "./live-countdown";
import { LeagueBadge } from "./league-badge";
import { PackProgress, PlayPackLabel } from "./my-pack-progress";
import { NotifyButton } from "./notify-button";
import { StatusChip } from "./status-chip";

/**
 * A game's line on the card (docs/SCREENS.md §2.2 item 9): once started its score and state, as the
 * prop card shows them ("NYY 3 @ BOS 5 · Bot 7th"), kept current on game day by the live stream
 * (docs/decisions/053-game-day-live.md); before, its start time. Two games are told apart by their matchup.
 */
function GameLine({ game, named, league }: { game: PackGame; named: boolean; league: string }) {
  const matchup = game.away && game.home ? `${game.away} @ ${game.home}` : null;
  return (
    <li>
      <LiveScore
        seed={liveSeedOf(game, league, { home: game.home, away: game.away })}
        before={`${named && matchup ? `${matchup} · ` : ""}${formatShortDateTime(game.startTime)}`}
      />
    </li>
  );
}

/**
 * One pack in a feed (docs/SCREENS.md §2.2): the title is the card's one link. The
 * same for every viewer; the player's own progress is filled in by the browser
 * (MyPackProgressLoader on the page).
 */
export function PackCard({ pack, first = false }: { pack: PackSummary; first?: boolean }) {
  const title = pack.title || "Untitled Pack";
  // The first card's cover is the feed's largest picture on a phone: asked for from the page's head,
  // ahead of the scripts, rather than when the parser reaches the card.
  if (first && pack.coverUrl) preload(pack.coverUrl, { as: "image", fetchPriority: "high" });
  const linkable = pack.chip !== "Coming soon";
  const countdownTarget = pack.chip === "Active" ? pack.closeTime : pack.openTime;
  // A graded pack's card has nothing to wait for: no start times, only scores.
  const games = pack.games.filter((game) => pack.chip !== "Graded" || game.status !== "scheduled");
  const share = packSharingEnabled() ? (
    <DialogButton
      dialog="sharePack"
      dialogProps={{ packURL: pack.packURL, packTitle: title, summary: pack.summary }}
      className={buttonClass("secondary")}
    >
      <Share2 size={16} aria-hidden="true" /> Share
    </DialogButton>
  ) : null;
  return (
    <article
      className="relative flex flex-col overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-line transition-shadow hover:shadow-md md:flex-row-reverse"
      data-testid="pack-card"
      data-pack={pack.packURL}
    >
      <div className="relative aspect-square w-full bg-page md:w-1/3 md:max-w-80 md:self-start">
        {/* The league stands behind the cover: it shows when there is none, or when it cannot load (the
            broken image is hidden, components/shell/picture-fallback.ts). */}
        <div
          className="absolute inset-0 flex flex-col items-center justify-center gap-1 text-muted"
          aria-hidden={pack.coverUrl ? true : undefined}
        >
          <span className="text-2xl font-black uppercase">{pack.league}</span>
          {pack.coverUrl ? null : <span className="text-sm">No Cover</span>}
        </div>
        {pack.coverUrl ? (
          <CoverImg
            src={pack.coverUrl}
            loading={first ? undefined : "lazy"}
            fetchPriority={first ? "high" : undefined}
            data-over-placeholder
            className="absolute inset-0 h-full w-full object-cover"
          />
        ) : null}
        {pack.chip === "Graded" && pack.winner ? (
          <span className="absolute inset-x-2 bottom-2 inline-flex items-center gap-1 rounded-full bg-black/70 px-3 py-1 text-xs font-bold text-white">
            <Trophy size={14} aria-hidden="true" /> Winner: @{pack.winner.handle} • {pack.winner.points.toLocaleString("en-US")} pts
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="flex flex-wrap items-center gap-2 text-lg font-extrabold leading-tight tracking-tight">
          {linkable ? (
            <Link href={`/packs/${pack.packURL}`} className="after:absolute after:inset-0 hover:underline">
              {title}
            </Link>
          ) : (
            <span>{title}</span>
          )}
          <LeagueBadge league={pack.league} />
        </h3>
        {pack.series.length ? (
          <div className="flex flex-wrap gap-1">
            {pack.series.slice(0, 3).map((s) => (
              // Above the card's stretched title link, so a tap on the chip opens the series.
              <Link
                key={s.slug}
                href={`/series/${encodeURIComponent(s.slug)}`}
                className="relative z-10 inline-flex min-h-6 items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-line hover:bg-page hover:underline"
              >
                Series: {s.title}
              </Link>
            ))}
          </div>
        ) : null}
        {pack.creatorHandle ? <p className="text-sm text-muted">by @{pack.creatorHandle}</p> : null}
        {pack.summary ? <p className="line-clamp-3 text-sm text-muted">{pack.summary}</p> : null}
        {pack.teams.length ? (
          <ul className="relative z-10 flex flex-wrap gap-2">
            {pack.teams.slice(0, 4).map((team) => (
              <li key={`${team.league}-${team.slug}`}>
                <Link
                  href={`/teams/${team.slug}`}
                  className="inline-flex min-h-8 items-center gap-1 rounded-full bg-page px-2 text-xs font-semibold hover:underline"
                >
                  {team.logoUrl ? (
                    // eslint-disable-next-line @next/next/no-img-element -- team logos from any host, shown whole
                    <img src={team.logoUrl} alt="" width={16} height={16} loading="lazy" className="h-4 w-4" />
                  ) : null}
                  {team.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <StatusChip chip={pack.chip} />
          {pack.prizeTitle ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-gold-tint px-2.5 py-0.5 text-xs font-semibold">
              <Trophy size={12} aria-hidden="true" /> {pack.prizeTitle}
            </span>
          ) : null}
        </div>
        {games.length ? (
          <ul className="text-sm">
            {games.map((game, i) => (
              <GameLine key={i} game={game} named={pack.games.length > 1} league={pack.league} />
            ))}
          </ul>
        ) : null}
        <p className="text-sm font-semibold">
          <PackProgress packId={pack.id} propsCount={pack.propsCount} />
        </p>
        <p className="inline-flex items-center gap-1 text-sm text-muted">
          <Users size={16} aria-hidden="true" /> {pack.takeCount.toLocaleString("en-US")} fan takes
        </p>
        {(pack.chip === "Active" || pack.chip === "Coming soon") && countdownTarget ? (
          <p className="inline-flex items-center gap-1 text-sm">
            <Clock size={16} aria-hidden="true" />
            <LiveCountdown
              target={countdownTarget.toISOString()}
              prefix={pack.chip === "Active" ? "Closes in" : "Opens in"}
              description={`${pack.chip === "Active" ? "Closes" : "Opens"} ${formatShortDateTime(countdownTarget)}`}
              showSeconds={false}
            />
          </p>
        ) : null}
        <div className="relative z-10 mt-auto flex flex-wrap gap-2 pt-2">
          {pack.chip === "Active" ? (
            <Link href={`/packs/${pack.packURL}`} className={buttonClass("primary")}>
              <PlayPackLabel packId={pack.id} propsCount={pack.propsCount} />
            </Link>
          ) : null}
          {pack.chip === "Coming soon" ? (
            <NotifyButton
              scope={{
                league: pack.league,
                teams: pack.teams.map(({ slug, name }) => ({ slug, name })),
                series: pack.series.map(({ slug, title }) => ({ slug, title })),
              }}
            />
          ) : null}
          {share}
        </div>
        {pack.chip === "Graded" && pack.winner ? (
          <p className="text-sm font-semibold">
            Winner: @{pack.winner.handle} • {pack.winner.points.toLocaleString("en-US")} pts
          </p>
        ) : null}
      </div>
    </article>
  );
}
