import * as v from "valibot";
import { LIVE_STATES } from "../live";

// Game day, live (docs/decisions/053-game-day-live.md): what the live stream and its polling
// fallback send. Valibot, as the player pages' other answers (src/domain/schemas/play.ts): the
// feed and the pack page parse these, and their first-load JavaScript budget is tight.

const VLeader = v.picklist(["A", "B", "push"]);

/** One game's live reading (the stream's `game` event; an entry of GET /api/live). */
export const VLiveGame = v.object({
  eventId: v.string(),
  version: v.number(),
  state: v.picklist(LIVE_STATES),
  detail: v.nullable(v.string()),
  period: v.nullable(v.number()),
  clock: v.nullable(v.string()),
  homeScore: v.nullable(v.number()),
  awayScore: v.nullable(v.number()),
  readAt: v.nullable(v.string()),
  leaders: v.record(v.string(), VLeader),
});

/** The stream's `poll` event: a league's scoreboard was read again at readAt (nothing changed). */
export const VLivePoll = v.object({ league: v.string(), readAt: v.string() });

/** GET /api/live?events=…: the current reading of each game, for a browser that cannot hold a stream open. */
export const VLiveAnswer = v.object({ games: v.array(VLiveGame), serverTime: v.string() });

const VStanding = v.nullable(v.object({ handle: v.string(), points: v.number() }));

/** GET /api/packs/{packURL}/live: the viewer's provisional points and rank, and the rooting guide (decision 053). */
export const VPackLiveAnswer = v.object({
  provisional: v.nullable(v.object({ points: v.number(), rank: v.number(), of: v.number() })),
  above: VStanding,
  below: VStanding,
  rooting: v.array(
    v.object({
      propId: v.string(),
      propLabel: v.string(),
      root: v.string(),
      points: v.number(),
      winningNow: v.nullable(v.boolean()),
      passes: v.nullable(v.string()),
      passedBy: v.nullable(v.string()),
      rivalsPassed: v.array(v.string()),
      rivalsPassing: v.array(v.string()),
    }),
  ),
});
