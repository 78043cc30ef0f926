"use client";

import { useId, useState } from "react";
import { ArrowDown, ArrowUp } from "lucide-react";
import type { ContestStatus } from "@/domain/contest-status";
import { formatDateTime } from "@/domain/time";
import { DataTable, tdClass } from "@/components/admin/hub/admin-ui";
import { CollectionActionsCell } from "@/components/admin/collection-admin";
import { ContestStatusBadge } from "./contest-status-badge";

export interface AdminContestRow {
  contestID: string;
  title: string;
  status: ContestStatus;
  startsAt: string | null;
  endsAt: string | null;
  packCount: number;
  winners: string[];
}

const STATUS_FILTERS: Array<{ status: ContestStatus; label: string; on: boolean }> = [
  { status: "open", label: "Open", on: true },
  { status: "coming-up", label: "Coming Up", on: true },
  { status: "closed", label: "Closed", on: true },
  { status: "graded", label: "Graded", on: true },
  { status: "draft", label: "Draft", on: false },
];
const STATUS_ORDER: ContestStatus[] = ["draft", "coming-up", "open", "closed", "graded"];
type SortKey = "status" | "start" | "end";

/** `/admin/contests` table (docs/SCREENS.md §3.3): status filters, sort by status, start or end (default end, newest first). */
export function AdminContestsTable({ contests }: { contests: AdminContestRow[] }) {
  const ids = useId();
  const [shown, setShown] = useState(() => new Set(STATUS_FILTERS.filter((f) => f.on).map((f) => f.status)));
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: "end", descending: true });

  const time = (value: string | null) => (value ? Date.parse(value) : 0);
  const compare = (a: AdminContestRow, b: AdminContestRow) =>
    sort.key === "status"
      ? STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status)
      : sort.key === "start"
        ? time(a.startsAt) - time(b.startsAt)
        : time(a.endsAt) - time(b.endsAt);
  const rows = contests.filter((c) => shown.has(c.status)).sort((a, b) => (sort.descending ? -compare(a, b) : compare(a, b)));

  const sortButton = (key: SortKey, label: string) => {
    const active = sort.key === key;
    return (
      <button
        type="button"
        aria-pressed={active}
        onClick={() => setSort((current) => ({ key, descending: current.key === key ? !current.descending : true }))}
        className={`inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-sm font-semibold ${active ? "bg-accent-tint text-accent-strong" : "hover:bg-page"}`}
      >
        {label}
        {active ? sort.descending ? <ArrowDown size={14} aria-label="descending" /> : <ArrowUp size={14} aria-label="ascending" /> : null}
      </button>
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <fieldset className="flex flex-wrap gap-3">
          <legend className="sr-only">Statuses shown</legend>
          {STATUS_FILTERS.map((filter) => (
            <label
              key={filter.status}
              htmlFor={`${ids}-${filter.status}`}
              className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold"
            >
              <input
                id={`${ids}-${filter.status}`}
                type="checkbox"
                checked={shown.has(filter.status)}
                onChange={(event) =>
                  setShown((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(filter.status);
                    else next.delete(filter.status);
                    return next;
                  })
                }
                className="h-5 w-5 accent-[var(--color-accent)]"
              />
              {filter.label}
            </label>
          ))}
        </fieldset>
        <div className="flex items-center gap-1 text-sm">
          <span className="font-semibold">Sort by:</span>
          {sortButton("status", "Status")}
          {sortButton("start", "Start")}
          {sortButton("end", "End")}
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="py-8 text-center text-muted">No contests</p>
      ) : (
        <DataTable
          label="Contests"
          columns={["Title", "Status", "Start", "End", { label: "# Packs", className: "text-right" }, "Winner", "Actions"]}
        >
          {rows.map((contest) => (
            <tr key={contest.contestID}>
              <td className={`${tdClass} font-semibold`}>{contest.title}</td>
              <td className={tdClass}>
                <ContestStatusBadge status={contest.status} />
              </td>
              <td className={`${tdClass} whitespace-nowrap`}>{contest.startsAt ? formatDateTime(new Date(contest.startsAt)) : "—"}</td>
              <td className={`${tdClass} whitespace-nowrap`}>{contest.endsAt ? formatDateTime(new Date(contest.endsAt)) : "—"}</td>
              <td className={`${tdClass} tabular text-right`}>{contest.packCount}</td>
              <td className={tdClass}>{contest.winners.length ? contest.winners.map((h) => `@${h}`).join(", ") : "—"}</td>
              <CollectionActionsCell kind="contest" id={contest.contestID} title={contest.title} />
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
