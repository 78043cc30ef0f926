import { LEAGUE_LABELS } from "@/config";
import type { LiveState } from "@/domain/live";
import { readingAge, type LivePanel as LivePanelData, type LivePanelGame, type LivePanelPoll } from "@/domain/live-panel";
import { countOf } from "@/domain/plural";
import { formatClock } from "@/domain/time";
import { cardClass, DataTable, tdClass } from "./hub/admin-ui";

// The live panel of the /admin hub (docs/SCREENS.md §3.1, docs/decisions/053-game-day-live.md):
// the games the live poller is following, its last read per league and day, and ESPN's errors.
// A server component: the page reads the data (src/server/live/admin-live-panel.ts) and renders
// it once per request; the ages are measured from the instant it was read.

const STATE_WORDS: Record<LiveState, string> = {
  scheduled: "Not started",
  in_progress: "Live",
  halftime: "Halftime",
  delayed: "Delayed",
  final: "Final",
  postponed: "Postponed",
  suspended: "Suspended",
  cancelled: "Cancelled",
};

/** "20241215" → "2024-12-15". */
const dayWords = (day: string) => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;

function GameRow({ game, now }: { game: LivePanelGame; now: string }) {
  const score = game.homeScore !== null && game.awayScore !== null ? `${game.awayScore}–${game.homeScore}` : "—";
  const moment = [game.detail, game.clock && !game.detail?.includes(game.clock) ? game.clock : null].filter(Boolean).join(" · ");
  return (
    <tr>
      <td className={tdClass}>
        <span className="font-semibold">{game.matchup}</span>
        <span className="block text-xs text-muted">
          {LEAGUE_LABELS[game.league]} · starts {formatClock(new Date(game.startTime))}
        </span>
      </td>
      <td className={`${tdClass} whitespace-nowrap tabular font-semibold`}>{score}</td>
      <td className={tdClass}>
        {game.state ? STATE_WORDS[game.state] : <span className="text-muted">Not read yet</span>}
        {moment ? <span className="block text-xs text-muted">{moment}</span> : null}
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>
        {game.readAt ? readingAge(game.readAt, now) : <span className="text-muted">never</span>}
      </td>
      <td className={tdClass}>
        {game.propsToGrade.count === 0 ? (
          <span className="text-muted">None with a rule</span>
        ) : (
          <>
            {countOf(game.propsToGrade.count, "prop")}
            <span className="block text-xs text-muted">
              {game.propsToGrade.labels.join(", ")}
              {game.propsToGrade.count > game.propsToGrade.labels.length
                ? ` and ${game.propsToGrade.count - game.propsToGrade.labels.length} more`
                : ""}
            </span>
          </>
        )}
      </td>
    </tr>
  );
}

function PollRow({ poll, now }: { poll: LivePanelPoll; now: string }) {
  const backingOff = poll.nextPollAt !== null && Date.parse(poll.nextPollAt) > Date.parse(now);
  return (
    <tr>
      <td className={`${tdClass} whitespace-nowrap`}>
        {LEAGUE_LABELS[poll.league]} {dayWords(poll.day)}
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>
        {poll.lastReadAt ? readingAge(poll.lastReadAt, now) : <span className="text-muted">never</span>}
      </td>
      <td className={tdClass}>
        {poll.lastError ? (
          <>
            <span className={poll.failures > 0 ? "font-semibold text-lost" : undefined}>{poll.lastError}</span>
            {poll.lastErrorAt ? <span className="block text-xs text-muted">{readingAge(poll.lastErrorAt, now)}</span> : null}
          </>
        ) : (
          <span className="text-muted">None</span>
        )}
      </td>
      <td className={`${tdClass} tabular`}>{poll.failures > 0 ? `${poll.failures} in a row` : "0"}</td>
      <td className={`${tdClass} whitespace-nowrap`}>
        {backingOff ? `after ${formatClock(new Date(poll.nextPollAt!))}` : <span className="text-muted">no wait</span>}
      </td>
    </tr>
  );
}

/** The hub's live panel; `panel` is readAdminLivePanel()'s answer. */
export function LivePanel({ panel }: { panel: LivePanelData }) {
  const seconds = Math.round(panel.pollMs / 1000);
  return (
    <section className={`${cardClass} mt-6`} aria-labelledby="live-games">
      <h2 id="live-games" className="text-xl font-bold">
        Live games
      </h2>
      {panel.games.length === 0 ? (
        <p className="mt-2 text-muted">No games live right now — the poller is idle and makes no requests to ESPN.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            {countOf(panel.games.length, "game")} in play or about to start; each day&apos;s scoreboard is read every {seconds} s.
          </p>
          <div className="mt-3">
            <DataTable label="Games live now" columns={["Game", "Score", "State", "Read", "Props to grade"]}>
              {panel.games.map((game) => (
                <GameRow key={game.eventId} game={game} now={panel.now} />
              ))}
            </DataTable>
          </div>
        </>
      )}
      <h3 className="mt-4 text-base font-bold">ESPN polls</h3>
      {panel.polls.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No scoreboard read yet.</p>
      ) : (
        <div className="mt-2">
          <DataTable label="ESPN polls" columns={["League and day", "Last read", "Last error", "Failures", "Next try"]}>
            {panel.polls.map((poll) => (
              <PollRow key={`${poll.league}:${poll.day}`} poll={poll} now={panel.now} />
            ))}
          </DataTable>
        </div>
      )}
    </section>
  );
}
