// The written rules a player reads on /rules and /how-it-works, kept as data so
// the pages, the boards and grading state one rule from one place
// (docs/PRODUCT.md §5, docs/decisions/036-one-truth-for-schema-and-rules.md).
// Grading (src/domain/auto-grade.ts) follows GAME_SITUATION_RULES; tests hold
// each written rule to a recorded scoreboard.

/** A suspended game whose final is not reported within this many hours of its scheduled start voids its props. */
export const SUSPENDED_GAME_VOID_AFTER_HOURS = 72;

export interface WrittenRule {
  /** Short name, used as the heading on the rules page. */
  title: string;
  /** One or two plain sentences a fan reads. */
  text: string;
}

/** What happens to a pick when its game does not end in the ordinary way. */
export const GAME_SITUATION_RULES = {
  postponed: {
    title: "Postponed or cancelled games",
    text: "If a game is postponed or cancelled, every prop on it is void: no points are won or lost, and the pick does not count in anyone's record.",
  },
  suspended: {
    title: "Suspended games",
    text: `If a game is suspended, its props wait. If the league finishes it within ${SUSPENDED_GAME_VOID_AFTER_HOURS} hours of its scheduled start, props are graded on the final score; otherwise they are void.`,
  },
  shortened: {
    title: "Shortened games",
    text: "A game the league makes official before its full length (an MLB game called after five innings, for example) is graded on its official final score.",
  },
  tied: {
    title: "Ties and exact lines",
    text: "Overtime and extra innings count. If a game ends tied, a who-wins prop is a push; if a total or spread lands exactly on its line, the prop is a push. Every pick on a pushed prop earns 100 points.",
  },
} as const satisfies Record<string, WrittenRule>;

/** How two players with the same points are ordered on every board (src/domain/ranking.ts). */
export const BOARD_TIE_BREAK = ["Most points", "Then most props won", "Then handle, A to Z (players level on both share a rank)"] as const;

/** How a pack's one winner is chosen (src/server/grading/pack-winner-rule.ts). */
export const PACK_WINNER_TIE_BREAK = [
  "Most points in the pack",
  "Then most props won in the pack",
  "Then the earliest final submission (the time of the player's last change to their picks)",
  "Then, for final submissions at the same instant, a fixed draw by account id",
] as const;

/**
 * The AI player on boards and prizes (docs/decisions/069-rivals-and-the-ai-player.md): shown like
 * anyone, never a winner or paid; pack-winner-rule.ts, read-standings.ts and grade-prop.ts skip it.
 */
export const AI_PLAYER_HOUSE_RULE: WrittenRule = {
  title: "The AI player",
  text: "@TakesAI, marked AI on the boards, is the preview writer playing every pack. It is ranked like anyone, but it is never a pack winner or a weekly winner, earns no diamonds and takes no prize: prizes are for people. When it has the most points, the best-placed person wins.",
};
