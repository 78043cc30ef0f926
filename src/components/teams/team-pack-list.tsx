import Link from "@/components/ui/link";
import { CoverImg } from "@/components/packs/cover-img";
import { Clock, Trophy } from "lucide-react";
import { Countdown } from "@/components/ui/countdown";
import { LiveScore } from "@/components/live/live-score";
import type { TeamPagePack } from "@/domain/views";
import { formatShortDateTime } from "@/domain/time";

/** The chip of docs/SCREENS.md §2.2, from the stored status and the clock. */
function statusChip(pack: TeamPagePack, now: number): string {
  const opens = pack.openTime ? Date.parse(pack.openTime) : null;
  const closes = pack.closeTime ? Date.parse(pack.closeTime) : null;
  if (pack.status === "graded") return "Graded";
  if (pack.status === "live") return "Live";
  if (closes !== null && closes <= now) return "Closed";
  if (pack.status === "coming-soon" && (opens === null || opens > now)) return "Coming soon";
  return "Active";
}

/** A compact list of a team's packs; coming-soon packs are not links (docs/SCREENS.md §2.2). */
export function TeamPackList({ packs, now, emptyText }: { packs: TeamPagePack[]; now: number; emptyText: string }) {
  if (packs.length === 0) return <p className="py-8 text-center text-muted">{emptyText}</p>;
  return (
    <ul className="grid gap-3">
      {packs.map((pack) => {
        const chip = statusChip(pack, now);
        const title = pack.title || "Untitled Pack";
        // An active pack counts down to its close, a coming one to its open.
        const countdown =
          chip === "Active" && pack.closeTime
            ? { at: pack.closeTime, prefix: "Closes in" }
            : chip === "Coming soon" && pack.openTime
              ? { at: pack.openTime, prefix: "Opens in" }
              : null;
        return (
          <li
            key={pack.packUrl}
            data-pack={pack.packUrl}
            className="relative flex gap-4 rounded-2xl bg-surface p-4 shadow-sm hover:shadow-md"
          >
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2">
                {chip === "Coming soon" ? (
                  <span className="font-bold">{title}</span>
                ) : (
                  <Link href={`/packs/${pack.packUrl}`} className="font-bold hover:underline after:absolute after:inset-0">
                    {title}
                  </Link>
                )}
                <span className="rounded-full border border-line px-2 text-xs font-bold uppercase">{pack.league}</span>
                <span className="rounded-full bg-accent-tint px-2 text-xs font-bold">{chip}</span>
              </p>
              {pack.game ? (
                <p className="mt-1 text-sm">
                  <LiveScore seed={pack.game} before={formatShortDateTime(new Date(pack.game.startTime))} />
                </p>
              ) : pack.firstEventTime ? (
                <p className="mt-1 text-sm text-muted">{formatShortDateTime(new Date(pack.firstEventTime))}</p>
              ) : null}
              {countdown ? (
                <p className="mt-1 flex items-center gap-1 text-sm">
                  <Clock size={14} aria-hidden="true" />
                  <Countdown targetTime={countdown.at} prefix={countdown.prefix} />
                </p>
              ) : null}
              {pack.winnerHandle ? (
                <p className="mt-1 flex items-center gap-1 text-sm font-semibold">
                  <Trophy size={14} aria-hidden="true" />
                  {`Winner: @${pack.winnerHandle} • ${pack.winnerPoints ?? 0} pts`}
                </p>
              ) : null}
            </div>
            {pack.coverUrl ? (
              <CoverImg src={pack.coverUrl} width={80} height={80} loading="lazy" className="h-20 w-20 shrink-0 rounded-xl object-cover" />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
