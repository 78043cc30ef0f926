import Link from "@/components/ui/link";
import { LeaderboardTable, type LeaderboardTableRow } from "@/components/leaderboard/leaderboard-table";

/**
 * A leaderboard table (the shared one of docs/SCREENS.md §2.8) with its empty
 * state and "Previous", "Page {n}", "Next" links, for the contest and series
 * pages.
 */
export function PagedLeaderboard({
  caption,
  board,
  pageHref,
  emptyText,
}: {
  caption: string;
  board: { rows: LeaderboardTableRow[]; me: LeaderboardTableRow | null; page: number; hasNext: boolean };
  pageHref: (page: number) => string;
  emptyText: string;
}) {
  if (board.rows.length === 0 && board.page === 1) return <p className="py-8 text-center text-muted">{emptyText}</p>;
  return (
    <div className="flex flex-col gap-3">
      <LeaderboardTable caption={caption} rows={board.rows} me={board.me} />
      {board.page > 1 || board.hasNext ? (
        <nav aria-label={`${caption} pages`} className="flex items-center justify-center gap-4 text-sm font-semibold">
          {board.page > 1 ? (
            <Link href={pageHref(board.page - 1)} className="inline-flex min-h-11 items-center text-accent hover:underline">
              Previous
            </Link>
          ) : (
            <span className="text-muted">Previous</span>
          )}
          <span aria-current="page">Page {board.page}</span>
          {board.hasNext ? (
            <Link href={pageHref(board.page + 1)} className="inline-flex min-h-11 items-center text-accent hover:underline">
              Next
            </Link>
          ) : (
            <span className="text-muted">Next</span>
          )}
        </nav>
      ) : null}
    </div>
  );
}
