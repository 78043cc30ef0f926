import Link from "@/components/ui/link";
import { TieBreakNote } from "@/components/leaderboard/tie-break-note";

export interface TeamLeaderboardData {
  participants: number;
  rows: Array<{ rank: number; handle: string; points: number; won: number; lost: number; pushed: number }>;
}

/**
 * "All-Time Leaderboard" for the team's props, from the maintained aggregates: the players with a
 * graded take on them, by points (a player whose takes all wait for their grade has no place yet,
 * so a new team's board is not five players all "#1 0-0-0 0"; issue 39 item 5).
 */
export function TeamLeaderboard({ data, teamName }: { data: TeamLeaderboardData; teamName: string }) {
  return (
    <section aria-labelledby="team-leaderboard" className="rounded-2xl bg-surface p-4 shadow-sm">
      <h2 id="team-leaderboard" className="text-lg font-extrabold">
        All-Time Leaderboard
      </h2>
      <p className="text-sm text-muted">{`${data.participants.toLocaleString("en-US")} participants`}</p>
      {data.rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">
          {data.participants ? `No ${teamName} takes are graded yet: the board fills in as they are.` : "No participants yet."}
        </p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <thead>
            <tr className="text-left text-xs uppercase tracking-wide text-muted">
              <th scope="col" className="py-1">
                #
              </th>
              <th scope="col">Taker</th>
              <th scope="col" title="Record (won-lost-pushed)">
                <abbr title="Record (won-lost-pushed)" className="no-underline">
                  REC
                </abbr>
              </th>
              <th scope="col" className="text-right">
                <abbr title="Points" className="no-underline">
                  PTS
                </abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.handle} className="border-t border-line">
                <td className="tabular py-1.5">{row.rank}</td>
                <td>
                  <Link href={`/profile/${encodeURIComponent(row.handle)}`} className="font-semibold hover:underline">
                    @{row.handle}
                  </Link>
                </td>
                <td className="tabular">{`${row.won}-${row.lost}-${row.pushed}`}</td>
                <td className="tabular text-right font-bold">{row.points.toLocaleString("en-US")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data.rows.length ? <TieBreakNote /> : null}
    </section>
  );
}
