import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { LivePanel as LivePanelData } from "@/domain/live-panel";
import { LivePanel } from "./live-panel";

const now = "2024-12-15T22:00:20.000Z";
const idle: LivePanelData = { now, pollMs: 30_000, games: [], polls: [] };

describe("the admin's live panel", () => {
  it("says the poller is idle and asks ESPN nothing when no game is live", () => {
    const html = renderToStaticMarkup(<LivePanel panel={idle} />);
    expect(html).toContain("No games live right now — the poller is idle and makes no requests to ESPN.");
    expect(html).toContain('<h2 id="live-games"');
  });

  it("lists a live game with its score, state, the age of its reading and its props, and a failing poll with its error and next try", () => {
    const html = renderToStaticMarkup(
      <LivePanel
        panel={{
          ...idle,
          games: [
            {
              eventId: "e1",
              league: "nfl",
              matchup: "TB @ LAC",
              startTime: "2024-12-15T21:25:00.000Z",
              state: "in_progress",
              detail: "12:00 - 2nd Quarter",
              period: 2,
              clock: "12:00",
              homeScore: 9,
              awayScore: 8,
              readAt: "2024-12-15T22:00:00.000Z",
              version: 4,
              propsToGrade: { count: 7, labels: ["a", "b", "c", "d", "e"] },
            },
          ],
          polls: [
            {
              league: "nfl",
              day: "20241215",
              lastReadAt: "2024-12-15T21:59:00.000Z",
              lastError: "upstream answered 500",
              lastErrorAt: "2024-12-15T22:00:00.000Z",
              failures: 2,
              nextPollAt: "2024-12-15T22:02:00.000Z",
            },
          ],
        }}
      />,
    );
    expect(html).toContain("TB @ LAC");
    expect(html).toContain("8–9");
    expect(html).toContain("Live");
    expect(html).toContain("12:00 - 2nd Quarter");
    expect(html).not.toContain("12:00 - 2nd Quarter · 12:00");
    expect(html).toContain("20 s ago");
    expect(html).toContain("7 props");
    expect(html).toContain("a, b, c, d, e and 2 more");
    expect(html).toContain("NFL 2024-12-15");
    expect(html).toContain("upstream answered 500");
    expect(html).toContain("2 in a row");
    expect(html).toContain("after 5:02 PM ET");
  });
});
