import type { GameScore } from "./schemas/grading";

/**
 * What the commissioner typed in a game's result box (docs/decisions/060-one-score-per-game.md):
 * "24-17" (away first, as the games are written "away @ home"; a dash, an en dash or a space
 * between), "P" or "postponed", "S" or "suspended". Empty: the game is left alone.
 */
export function parseTypedResult(text: string): { ok: true; result: Omit<GameScore, "eventId"> | null } | { ok: false; error: string } {
  const typed = text.trim().toLowerCase();
  if (!typed) return { ok: true, result: null };
  if (typed === "p" || typed === "postponed") return { ok: true, result: { status: "postponed" } };
  if (typed === "s" || typed === "suspended") return { ok: true, result: { status: "suspended" } };
  const score = /^(\d{1,3})\s*(?:[-–—:]|\s)\s*(\d{1,3})$/.exec(typed);
  if (!score) return { ok: false, error: "Type the score as away–home (24-17), or P (postponed) or S (suspended)." };
  return { ok: true, result: { status: "final", awayScore: Number(score[1]), homeScore: Number(score[2]) } };
}
