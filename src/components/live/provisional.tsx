"use client";

import { isInPlay, type Leader } from "@/domain/live";
import { PUSH_POINTS } from "@/domain/points";
import { useLiveGames, type LiveGameSeed, type LiveView } from "./use-live-games";

/** One of the player's pending takes, as the provisional islands read it. */
export interface PendingTake {
  propId: string;
  eventId: string;
  side: "A" | "B";
  /** What the take pays if it wins (its locked value). */
  points: number;
}

type Standing = "winning" | "losing" | "push";

/** How a pending take stands at the game's current score, or null when the score decides nothing yet. */
function standingOf(take: PendingTake, game: LiveView | undefined): Standing | null {
  if (!game || !(isInPlay(game.state) || game.state === "final" || game.state === "suspended")) return null;
  const leader: Leader | undefined = game.leaders?.[take.propId];
  if (!leader) return null;
  return leader === "push" ? "push" : leader === take.side ? "winning" : "losing";
}

const pointsIf = (take: PendingTake, standing: Standing) => (standing === "winning" ? take.points : standing === "push" ? PUSH_POINTS : 0);

const WORDS: Record<Standing, { text: string; className: string }> = {
  winning: { text: "Winning if it ended now", className: "text-won" },
  losing: { text: "Losing if it ended now", className: "text-lost" },
  push: { text: "Push if it ended now", className: "text-push" },
};

/**
 * Under the player's own pick of a prop the score decides (docs/decisions/053-game-day-live.md):
 * "Winning if it ended now · +227 pts", from the same rule that will grade it. Provisional: it is
 * never written to the ledger or the boards; the grade replaces it when the game is final.
 */
export function ProvisionalTake({ take, seed }: { take: PendingTake; seed: LiveGameSeed }) {
  const [game] = useLiveGames([seed]);
  const standing = standingOf(take, game);
  return (
    <p aria-live="polite" className="relative mt-1 min-h-5 text-sm font-bold" data-provisional={take.propId}>
      {standing ? (
        <span className={WORDS[standing].className}>
          {WORDS[standing].text}
          {standing === "losing" ? "" : ` · +${pointsIf(take, standing)} pts`}
        </span>
      ) : null}
    </p>
  );
}

/**
 * The pack's provisional total for the player while its games are played: "If it ended now: 454
 * pts · 2 winning, 1 losing", always called provisional, never on the boards.
 */
export function ProvisionalPackPoints({ takes, seeds, settledPoints }: { takes: PendingTake[]; seeds: LiveGameSeed[]; settledPoints: number }) {
  const games = useLiveGames(seeds);
  const byEvent = new Map(games.map((game) => [game.eventId, game]));
  const standings = takes.map((take) => ({ take, standing: standingOf(take, byEvent.get(take.eventId)) }));
  const counted = standings.filter((s) => s.standing !== null);
  if (!counted.length) return null;
  const points = settledPoints + counted.reduce((sum, s) => sum + pointsIf(s.take, s.standing!), 0);
  const count = (which: Standing) => counted.filter((s) => s.standing === which).length;
  const parts = [`${count("winning")} winning`, `${count("losing")} losing`, count("push") ? `${count("push")} push` : null].filter(Boolean);
  return (
    <p className="rounded-2xl bg-surface px-4 py-3 text-sm ring-1 ring-line" data-testid="provisional-pack-points">
      <span className="block text-xs font-bold uppercase tracking-wide text-muted">Provisional · if it ended now</span>
      <span aria-live="polite" aria-atomic="true">
        <span className="tabular text-lg font-extrabold">{points.toLocaleString("en-US")} pts</span>
        <span className="text-muted"> · {parts.join(", ")}</span>
      </span>
    </p>
  );
}
