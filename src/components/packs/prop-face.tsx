import { ExternalLink, ImageIcon } from "@/components/ui/plain-icons";
import { LiveScore } from "@/components/live/live-score";
import { liveSeedOf } from "@/domain/live";
import { formatClock, formatShortDateTime } from "@/domain/time";
import type { PackEventView, PropView } from "@/domain/views";
import { PriceChart } from "@/components/prices/price-chart";

function matchup(event: PackEventView): string {
  return event.away && event.home ? `${event.away.abbreviation} @ ${event.home.abbreviation}` : (event.shortName ?? event.title);
}

/** The seed of the prop's live score line (docs/decisions/053-game-day-live.md). */
export const eventSeed = (event: PackEventView, league: string) =>
  liveSeedOf(event, league, { home: event.home?.abbreviation ?? null, away: event.away?.abbreviation ?? null });

const CHIP = "rounded-full px-2 py-0.5 font-bold uppercase tracking-wide";

/** The server-rendered face of a prop card: status, game, label and summary (or result). */
export function PropFace({ prop, packCloseTime, league }: { prop: PropView; packCloseTime: Date | null; league: string }) {
  const event = prop.event;
  const locksEarly = prop.closeTime && (!packCloseTime || prop.closeTime < packCloseTime);
  return (
    <div className="flex gap-3">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          {prop.open ? (
            <>
              {/* The deck marks a card whose prop locked while the page was open (data-closed): its chip then reads Closed (issue 39 item 2). */}
              <span className={`${CHIP} bg-accent-tint text-accent group-data-closed/card:hidden`}>{prop.statusLabel}</span>
              <span className={`${CHIP} hidden bg-page text-muted ring-1 ring-line group-data-closed/card:inline`}>Closed</span>
            </>
          ) : (
            <span className={`${CHIP} bg-page text-muted ring-1 ring-line`}>{prop.statusLabel}</span>
          )}
          {event ? (
            event.espnEventId ? (
              <a
                href={`https://www.espn.com/${league}/game/_/gameId/${event.espnEventId}`}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 font-semibold hover:underline"
              >
                {matchup(event)} <ExternalLink size={12} aria-label="(opens box score in a new tab)" />
              </a>
            ) : (
              <span className="font-semibold">{matchup(event)}</span>
            )
          ) : null}
          {event ? <span className="text-muted">{formatShortDateTime(event.startTime)}</span> : null}
        </div>
        {event ? (
          <p className="text-xs">
            <LiveScore seed={eventSeed(event, league)} />
          </p>
        ) : null}
        {locksEarly && prop.open ? (
          <p className="text-xs font-semibold text-push group-data-closed/card:hidden">Locks at {formatClock(prop.closeTime!)}</p>
        ) : null}
        <h3 className="pt-1 text-xl font-extrabold leading-tight tracking-tight">{prop.shortLabel}</h3>
        {prop.resultText ? (
          <p className="text-sm font-semibold">{prop.resultText}</p>
        ) : prop.summary ? (
          <p className="text-sm text-muted">{prop.summary}</p>
        ) : null}
        {prop.chart ? <PriceChart chart={prop.chart} labels={{ A: prop.sides.A.short, B: prop.sides.B.short }} /> : null}
      </div>
      <div className="h-16 w-16 shrink-0 overflow-hidden rounded-xl bg-page sm:h-24 sm:w-24">
        {prop.thumbnailUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- prop thumbnails come from any host
          <img src={prop.thumbnailUrl} alt="" loading="lazy" className="h-full w-full object-cover" />
        ) : event?.away?.logoUrl && event.home?.logoUrl ? (
          // No picture of its own: the game's two teams, visitors over hosts, as the matchup beside it reads.
          <span className="relative block h-full w-full">
            {[
              { src: event.away.logoUrl, corner: "left-1 top-1" },
              { src: event.home.logoUrl, corner: "bottom-1 right-1" },
            ].map((logo) => (
              // eslint-disable-next-line @next/next/no-img-element -- team logos come from ESPN's CDN
              <img
                key={logo.corner}
                src={logo.src}
                alt=""
                loading="lazy"
                width={48}
                height={48}
                className={`absolute ${logo.corner} h-3/5 w-3/5 object-contain`}
              />
            ))}
          </span>
        ) : (
          <span className="flex h-full items-center justify-center text-muted">
            <ImageIcon size={20} aria-hidden="true" />
          </span>
        )}
      </div>
    </div>
  );
}
