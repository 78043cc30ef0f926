import type { ReactNode } from "react";
import Link from "@/components/ui/link";
import { TieBreakNote } from "@/components/leaderboard/tie-break-note";
import { AiTag } from "@/components/leaderboard/ai-tag";
import { TableHead, type ScrollTableColumn } from "@/components/ui/scroll-table";
import { formatRecord, type WinRecord } from "@/domain/grading";

/**
 * League or contest standings (docs/SCREENS.md §2.8a, docs/decisions/062-league-standings.md):
 * week tabs, the table, the "How ties are broken" note with the commissioner's order, and the
 * weekly winner history. Server-rendered links and tables only: no script of its own.
 */
export interface StandingsViewRow extends WinRecord {
  position: number;
  rank: number;
  handle: string;
  points: number;
  picks: number;
  isMe: boolean;
  isBot?: boolean;
}

export interface StandingsViewWeek {
  weekStart: string;
  label: string;
  packs: number;
  final: boolean;
  winners: Array<{ handle: string; points: number }>;
  winnerCount: number;
}

// The board's look for the viewer's row (src/components/leaderboard/leaderboard-table.tsx), not imported:
// that module brings the board's client buttons along.
const MY_ROW = "bg-accent-tint font-bold";
const YOU_TAG_CLASS = "shrink-0 rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-white";

const pill = (current: boolean) =>
  `flex min-h-11 items-center justify-center whitespace-nowrap rounded-full px-3 text-sm font-bold ${
    current ? "bg-accent text-white" : "text-ink hover:bg-page"
  }`;

export function TabLinks({ label, tabs }: { label: string; tabs: Array<{ label: string; href: string; current: boolean }> }) {
  return (
    <nav aria-label={label} className="max-w-full overflow-x-auto">
      <ul className="flex w-max rounded-full bg-surface p-1 shadow-sm">
        {tabs.map((tab) => (
          <li key={tab.href}>
            <Link href={tab.href} aria-current={tab.current ? "page" : undefined} className={pill(tab.current)}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A table on the page's card: a screen-reader caption, the column heads, and the rows given as children. */
function SurfaceTable({
  testId,
  caption,
  columns,
  className,
  children,
}: {
  testId: string;
  caption: string;
  columns: ScrollTableColumn[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={
        className ? `${className} overflow-x-auto rounded-2xl bg-surface shadow-sm` : "overflow-x-auto rounded-2xl bg-surface shadow-sm"
      }
    >
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns} rowClassName="text-left text-xs uppercase tracking-wide text-muted" />
        {children}
      </table>
    </div>
  );
}

function StandingsRow({ row }: { row: StandingsViewRow }) {
  return (
    <tr data-handle={row.handle} className={`border-t border-line ${row.isMe ? MY_ROW : ""}`}>
      <td className="px-3 py-2.5 tabular-nums">{row.rank}</td>
      <td className="px-3 py-2.5">
        <div className="flex max-w-[9rem] items-center gap-2 sm:max-w-none">
          <Link href={`/profile/${encodeURIComponent(row.handle)}`} className="min-w-0 truncate font-semibold text-accent hover:underline">
            @{row.handle}
          </Link>
          {row.isMe ? <span className={YOU_TAG_CLASS}>You</span> : null}
          {row.isBot ? <AiTag /> : null}
        </div>
      </td>
      <td className="hidden px-3 py-2.5 text-right tabular-nums sm:table-cell">{row.picks.toLocaleString("en-US")}</td>
      <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">{formatRecord(row)}</td>
      <td className="px-3 py-2.5 text-right font-bold tabular-nums">{row.points.toLocaleString("en-US")}</td>
    </tr>
  );
}

export function StandingsTable({
  rows,
  me,
  caption,
  tieBreakWords,
}: {
  rows: StandingsViewRow[];
  me: StandingsViewRow | null;
  caption: string;
  tieBreakWords: string[];
}) {
  const pinned = me && !rows.some((row) => row.isMe) ? me : null;
  return (
    <div>
      <SurfaceTable
        testId="standings-table"
        caption={caption}
        columns={[
          { className: "w-12 px-3 py-2", label: <abbr title="Rank">#</abbr> },
          { className: "px-3 py-2", label: "Player" },
          { className: "hidden px-3 py-2 text-right sm:table-cell", label: "Picks" },
          { className: "px-3 py-2 text-right", label: <abbr title="Record (won-lost-pushed)">REC</abbr> },
          { className: "px-3 py-2 text-right", label: <abbr title="Points">PTS</abbr> },
        ]}
      >
        <tbody>
          {rows.map((row) => (
            <StandingsRow key={row.handle} row={row} />
          ))}
        </tbody>
        {pinned ? (
          <tfoot aria-label="Your place">
            <StandingsRow row={pinned} />
          </tfoot>
        ) : null}
      </SurfaceTable>
      <TieBreakNote order={tieBreakWords} />
    </div>
  );
}

export function WeeklyWinners({ weeks, weekHref }: { weeks: StandingsViewWeek[]; weekHref: (weekStart: string) => string }) {
  if (weeks.length === 0) return null;
  return (
    <section aria-labelledby="weekly-winners" className="mt-8">
      <h2 id="weekly-winners" className="text-xl font-extrabold tracking-tight">
        Weekly winners
      </h2>
      <SurfaceTable
        className="mt-3"
        testId="weekly-winners"
        caption="Weekly winners, newest week first"
        columns={[
          { className: "px-3 py-2", label: "Week" },
          { className: "px-3 py-2", label: "Winner" },
          { className: "px-3 py-2 text-right", label: <abbr title="Points">PTS</abbr> },
        ]}
      >
        <tbody>
          {weeks.map((week) => {
            const more = week.winnerCount - week.winners.length;
            return (
              <tr key={week.weekStart} className="border-t border-line">
                <th scope="row" className="px-3 py-2.5 text-left font-semibold">
                  <Link href={weekHref(week.weekStart)} className="text-accent underline">
                    {week.label}
                  </Link>
                  {week.final ? null : <span className="ml-2 text-xs font-normal text-muted">(in progress)</span>}
                </th>
                <td className="px-3 py-2.5">
                  {week.winners.length === 0 || (week.winners[0]?.points ?? 0) <= 0 ? (
                    <span className="text-muted">No points yet</span>
                  ) : (
                    <>
                      {week.final ? null : <span className="text-muted">Leading: </span>}
                      {week.winners.map((w) => `@${w.handle}`).join(", ")}
                      {more > 0 ? ` and ${more} more` : ""}
                    </>
                  )}
                </td>
                <td className="px-3 py-2.5 text-right font-bold tabular-nums">
                  {week.winners[0] && week.winners[0].points > 0 ? week.winners[0].points.toLocaleString("en-US") : "—"}
                </td>
              </tr>
            );
          })}
        </tbody>
      </SurfaceTable>
    </section>
  );
}

export function PageLinks({ previous, next, page }: { previous: string | null; next: string | null; page: number }) {
  if (!previous && !next) return null;
  const cls = "inline-flex min-h-11 items-center gap-1 rounded-full border border-line bg-surface px-4 text-sm font-bold hover:bg-page";
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2">
      {previous ? (
        <Link href={previous} className={cls}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm font-semibold text-muted">Page {page}</span>
      {next ? (
        <Link href={next} className={cls}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
