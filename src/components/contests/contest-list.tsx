"use client";

import Link from "@/components/ui/link";
import { useId, useState } from "react";
import { Trophy } from "lucide-react";
import type { ContestStatus } from "@/domain/contest-status";
import { TIME_ZONE } from "@/config";
import { ContestStatusBadge } from "./contest-status-badge";
import { ContestTimeLeft } from "./contest-time-left";

/** The fields a contest card needs (a ContestSummary, as the server sends it). */
export interface ContestCardData {
  contestID: string;
  title: string;
  summary: string | null;
  coverUrl: string | null;
  prize: string | null;
  startsAt: string | null;
  endsAt: string | null;
  status: ContestStatus;
  packCount: number;
  winners: string[];
}

// "Monday, Feb 24" (docs/SCREENS.md §2.7), in New York.
const releaseDate = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, weekday: "long", month: "short", day: "numeric" });

const FILTERS = [
  { key: "open", label: "Open", statuses: ["open"] },
  { key: "coming-up", label: "Coming Up", statuses: ["coming-up"] },
  { key: "closed", label: "Closed", statuses: ["closed", "graded"] },
] as const;
type FilterKey = (typeof FILTERS)[number]["key"];

/** `/contests`: status checkboxes (all on; Closed includes graded) over a grid of contest cards. */
export function ContestList({ contests }: { contests: ContestCardData[] }) {
  const [shown, setShown] = useState<Record<FilterKey, boolean>>({ open: true, "coming-up": true, closed: true });
  const id = useId();
  const visible = contests.filter((contest) =>
    FILTERS.some((filter) => shown[filter.key] && (filter.statuses as readonly string[]).includes(contest.status)),
  );
  return (
    <div className="mt-4 flex flex-col gap-6">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">Show contests</legend>
        {FILTERS.map((filter) => (
          <label key={filter.key} htmlFor={`${id}-${filter.key}`} className="inline-flex min-h-11 items-center gap-2 font-semibold">
            <input
              id={`${id}-${filter.key}`}
              type="checkbox"
              checked={shown[filter.key]}
              onChange={(event) => setShown((current) => ({ ...current, [filter.key]: event.target.checked }))}
              className="h-5 w-5 accent-[var(--color-accent)]"
            />
            {filter.label}
          </label>
        ))}
      </fieldset>
      {visible.length === 0 ? (
        <p className="py-12 text-center text-muted">No contests available.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((contest) => (
            <li key={contest.contestID}>
              <ContestCard contest={contest} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ContestCard({ contest }: { contest: ContestCardData }) {
  const href = `/contests/${contest.contestID}`;
  const title = contest.title || "Untitled Contest";
  const finished = contest.status === "closed" || contest.status === "graded";
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-line transition-shadow hover:shadow-md"
      data-testid="contest-card"
    >
      <Link href={href} tabIndex={-1} aria-hidden="true" className="block aspect-square w-full bg-header">
        {contest.coverUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- covers are plain remote images
          <img src={contest.coverUrl} alt="" data-art="cover" loading="lazy" className="h-full w-full object-cover" />
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-extrabold leading-tight tracking-tight">
            <Link href={href} className="hover:underline">
              {title}
            </Link>
          </h2>
          <ContestStatusBadge status={contest.status} />
        </div>
        {contest.summary ? <p className="line-clamp-3 text-sm text-muted">{contest.summary}</p> : null}
        <p className="flex flex-wrap gap-x-3 text-sm">
          {contest.prize ? <span className="font-semibold text-won">Prize: {contest.prize}</span> : null}
          <span className="text-muted">
            {contest.packCount} {contest.packCount === 1 ? "pack" : "packs"}
          </span>
        </p>
        {contest.status === "open" ? (
          <ContestTimeLeft
            endsAt={contest.endsAt}
            endedText="Ended!"
            label={{ text: "Time left to enter", position: "after" }}
            className="text-xl"
          />
        ) : null}
        {contest.status === "coming-up" && contest.startsAt ? (
          <p className="text-sm">Release date: {releaseDate.format(new Date(contest.startsAt))}</p>
        ) : null}
        {contest.status === "graded" && contest.winners.length > 0 ? (
          <p className="inline-flex items-center gap-1 text-sm font-semibold">
            <Trophy size={16} aria-hidden="true" /> Winner: {contest.winners.map((handle) => `@${handle}`).join(", ")}
          </p>
        ) : null}
        <div className="mt-auto pt-2">
          {contest.status === "open" ? (
            <Link href={href} className="font-bold text-accent hover:underline">
              Enter Contest
            </Link>
          ) : finished ? (
            <Link href={href} className="font-bold text-accent hover:underline">
              Contest Result
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}
