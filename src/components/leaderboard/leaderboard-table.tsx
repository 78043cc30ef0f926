import Link from "@/components/ui/link";
import { formatRecord } from "@/domain/grading";
import { formatWinShare } from "@/domain/ranking";
import type { ReactNode } from "react";
import { AiTag } from "./ai-tag";
import { TieBreakNote } from "./tie-break-note";
import { UserTakesButton } from "./user-takes-button";
import type { InferOutput } from "valibot";
import type { VLeaderboardRow } from "@/domain/schemas/play";

/** The empty table foot a page rendered for everyone leaves for the viewer's pinned row. */
export const MY_ROW_SLOT = "my-board-row";

/** A row as the table shows it: the answer's own type (src/domain/schemas/play.ts). */
export type LeaderboardTableRow = InferOutput<typeof VLeaderboardRow>;

const HEADERS = [
  { label: "#", title: "Rank", className: "w-12" },
  { label: "Taker", title: null, className: "" },
  { label: "Takes", title: null, className: "hidden sm:table-cell text-right" },
  { label: "REC", title: "Record (won-lost-pushed)", className: "text-right" },
  { label: "PER", title: "Winning percentage (wins ÷ decided takes)", className: "hidden sm:table-cell text-right" },
  { label: "PTS", title: "Points", className: "text-right" },
] as const;

/** The look of the viewer's own row (also applied by MyBoardRow on a page rendered for everyone). */
export const MY_ROW_CLASSES = ["bg-accent-tint", "font-bold"];
export const YOU_TAG_CLASS = "shrink-0 rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-white";

export function Row({ row, packURL }: { row: LeaderboardTableRow; packURL?: string }) {
  return (
    <tr data-handle={row.handle} className={`border-t border-line ${row.isMe ? MY_ROW_CLASSES.join(" ") : ""}`}>
      <td className="px-3 py-2.5 tabular-nums">{row.rank}</td>
      <td className="px-3 py-2.5">
        {/* The name gives way to the "You" tag: on a phone a long handle is cut short, never the tag
            (MyBoardRow draws the tag into this box on a page rendered for everyone). */}
        <div className="flex max-w-[8.5rem] items-center gap-2 sm:max-w-none">
          {packURL ? (
            <UserTakesButton handle={row.handle} packURL={packURL} />
          ) : (
            <Link
              href={`/profile/${encodeURIComponent(row.handle)}`}
              className="min-w-0 truncate font-semibold text-accent hover:underline"
            >
              @{row.handle}
            </Link>
          )}
          {row.isMe ? <span className={YOU_TAG_CLASS}>You</span> : null}
          {row.isBot ? <AiTag /> : null}
        </div>
      </td>
      <td className="hidden px-3 py-2.5 text-right tabular-nums sm:table-cell">{row.takes.toLocaleString("en-US")}</td>
      <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">{formatRecord(row)}</td>
      <td className="hidden px-3 py-2.5 text-right tabular-nums sm:table-cell">{formatWinShare(row.won, row.lost)}</td>
      <td className="px-3 py-2.5 text-right font-bold tabular-nums">{row.points.toLocaleString("en-US")}</td>
    </tr>
  );
}

/**
 * The leaderboard table (docs/SCREENS.md §2.8), server-rendered; also for pack,
 * contest, team and profile pages. The viewer's row is bold with a "You" tag
 * and pinned under the table when it is not on this page. With `packURL`
 * (a closed pack) names open that player's takes instead of their profile.
 */
export function LeaderboardTable({
  rows,
  me,
  caption,
  packURL,
  myRow,
}: {
  rows: LeaderboardTableRow[];
  me?: LeaderboardTableRow | null;
  caption: string;
  packURL?: string;
  /**
   * The table was rendered for everyone (docs/decisions/025-shared-page-cache.md):
   * the browser marks the viewer's row, or pins it, from this slot's MyBoardRow.
   */
  myRow?: ReactNode;
}) {
  const pinned = me && !rows.some((row) => row.isMe) ? me : null;
  return (
    <>
      <div role="region" aria-label={caption} tabIndex={0} className="relative overflow-x-auto rounded-2xl bg-surface shadow-sm">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="text-xs font-bold uppercase tracking-wide text-muted">
            <tr>
              {HEADERS.map((header) => (
                <th key={header.label} scope="col" className={`px-3 py-3 ${header.className}`}>
                  {header.title ? (
                    <abbr title={header.title} aria-label={header.title} className="no-underline">
                      {header.label}
                    </abbr>
                  ) : (
                    header.label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Row key={`${row.rank}-${row.handle}`} row={row} packURL={packURL} />
            ))}
          </tbody>
          {pinned ? (
            <tfoot className="border-t-4 border-double border-line">
              <Row row={pinned} packURL={packURL} />
            </tfoot>
          ) : myRow ? (
            <tfoot id={MY_ROW_SLOT} className="border-t-4 border-double border-line empty:hidden" />
          ) : null}
        </table>
        {myRow}
      </div>
      {/* Every board says how it orders players level on points (docs/PRODUCT.md §6). */}
      <TieBreakNote />
    </>
  );
}
