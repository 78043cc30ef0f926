import Link from "@/components/ui/link";
import { CoverImg } from "@/components/packs/cover-img";
import { Clock, Trophy, Users } from "lucide-react";
import { Countdown } from "@/components/ui/countdown";
import type { ListedPack } from "@/domain/views";

/** What a card shows of a listed pack. */
export type ListedPackCardData = Omit<ListedPack, "id" | "firstEventTime">;

const CHIP_STYLES: Record<ListedPackCardData["chip"], string> = {
  Active: "bg-accent-tint text-accent-strong",
  "Coming soon": "ring-1 ring-line",
  Closed: "bg-page text-muted ring-1 ring-line",
  Live: "bg-accent text-white",
  Graded: "bg-ink text-surface",
};

/** Compact pack cards for the contest and series pages: the title is the one link (coming-soon packs have none). */
export function ListedPackCards({ packs, emptyText }: { packs: ListedPackCardData[]; emptyText: string }) {
  if (packs.length === 0) return <p className="py-8 text-center text-muted">{emptyText}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {packs.map((pack) => (
        <li key={pack.packURL}>
          <article
            className="relative flex gap-3 rounded-2xl bg-surface p-3 shadow-sm ring-1 ring-line transition-shadow hover:shadow-md"
            data-testid="contest-pack"
          >
            <div className="h-20 w-20 shrink-0 overflow-hidden rounded-xl bg-page">
              {pack.coverUrl ? (
                <CoverImg src={pack.coverUrl} loading="lazy" className="h-full w-full object-cover" />
              ) : (
                <span className="flex h-full items-center justify-center text-xs font-black uppercase text-muted">{pack.league}</span>
              )}
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <h3 className="flex flex-wrap items-center gap-2 font-extrabold leading-tight">
                {pack.chip === "Coming soon" ? (
                  <span>{pack.title || "Untitled Pack"}</span>
                ) : (
                  <Link href={`/packs/${pack.packURL}`} className="after:absolute after:inset-0 hover:underline">
                    {pack.title || "Untitled Pack"}
                  </Link>
                )}
                <span className="rounded bg-page px-1.5 text-xs font-bold uppercase text-muted">{pack.league}</span>
              </h3>
              <div className="flex flex-wrap items-center gap-2 text-xs">
                <span className={`rounded-full px-2 py-0.5 font-bold ${CHIP_STYLES[pack.chip]}`}>{pack.chip}</span>
                {pack.prizeTitle ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-gold-tint px-2 py-0.5 font-semibold">
                    <Trophy size={12} aria-hidden="true" /> {pack.prizeTitle}
                  </span>
                ) : null}
              </div>
              <p className="flex flex-wrap gap-x-3 text-xs text-muted">
                <span>
                  {pack.propsCount} {pack.propsCount === 1 ? "Prop" : "Props"}
                </span>
                <span className="inline-flex items-center gap-1">
                  <Users size={12} aria-hidden="true" /> {pack.takeCount.toLocaleString("en-US")} fan takes
                </span>
                {pack.chip === "Active" || pack.chip === "Coming soon" ? (
                  <span className="inline-flex items-center gap-1">
                    <Clock size={12} aria-hidden="true" />
                    <Countdown
                      targetTime={pack.chip === "Active" ? pack.closeTime : pack.openTime}
                      prefix={pack.chip === "Active" ? "Closes in" : "Opens in"}
                      showSeconds={false}
                    />
                  </span>
                ) : null}
              </p>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
