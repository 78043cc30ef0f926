import { readFixture } from "./espn-server";

/**
 * A game summary for a game ESPN recorded only on a scoreboard: the summary's
 * header carries the same competition (status, competitors, date), so the
 * recorded in-progress and postponed games can be served as summaries.
 */
export function summaryFromScoreboard(fixture: string, espnEventId: string): unknown {
  const board = readFixture(fixture) as { events: Array<{ id: string; competitions: Array<Record<string, unknown>> }> };
  const event = board.events.find((e) => e.id === espnEventId);
  if (!event) throw new Error(`${espnEventId} is not in ${fixture}`);
  const competition = event.competitions[0]!;
  return {
    header: {
      id: event.id,
      competitions: [
        { date: competition.date, neutralSite: competition.neutralSite, competitors: competition.competitors, status: competition.status },
      ],
    },
    gameInfo: { venue: competition.venue },
  };
}
