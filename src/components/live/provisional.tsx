"use client";

import { isInPlay, type Leader } from "@/domain/live";
import { PUSH_POINTS } from "@/domain/points";
import { useEffect, useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { VPackLiveAnswer } from "@/domain/schemas/live";
import type { SchemaOutput } from "@/domain/schemas/standard";
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

// Pills on their own tint: the words sit on the share bar of the player's side (accent at 25 %), where
// bare green and red read at 3.4:1 and 4.3:1 (red 3.6:1 in the dark theme) and fail axe's color-contrast
// once the bar is wider than the words, which depends on the split of takes (game-day-live.spec caught it).
const WORDS: Record<Standing, { text: string; className: string }> = {
  winning: { text: "Winning if it ended now", className: "bg-won-tint text-won" },
  losing: { text: "Losing if it ended now", className: "bg-lost-tint text-lost" },
  push: { text: "Push if it ended now", className: "bg-push-tint text-push" },
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
        <span className={`rounded-full px-2 ${WORDS[standing].className}`}>
          {WORDS[standing].text}
          {standing === "losing" ? "" : ` · +${pointsIf(take, standing)} pts`}
        </span>
      ) : null}
    </p>
  );
}

type PackLive = SchemaOutput<typeof VPackLiveAnswer>;

// The pack page's two game-day views (the card and the line on the board) read the same answer:
// one request per pack and change of its games, shared.
const packLiveReads = new Map<string, Promise<PackLive | null>>();

function readPackLive(packURL: string, versionKey: string): Promise<PackLive | null> {
  const key = `${packURL}|${versionKey}`;
  let read = packLiveReads.get(key);
  if (!read) {
    read = apiFetch(`/api/packs/${encodeURIComponent(packURL)}/live`, { schema: VPackLiveAnswer }).then(
      (answer) => (answer.ok ? answer.data : null),
      () => null,
    );
    if (packLiveReads.size >= 8) packLiveReads.delete(packLiveReads.keys().next().value!);
    packLiveReads.set(key, read);
    // A failed read is not kept: the next change asks again.
    void read.then((answer) => answer === null && packLiveReads.get(key) === read && packLiveReads.delete(key));
  }
  return read;
}

/** Reads the viewer's rank and rooting guide again after the pack's games change (at most every 2.5 s, past the standings' own 2 s). */
function usePackLive(packURL: string, versionKey: string): PackLive | null {
  const [live, setLive] = useState<PackLive | null>(null);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(
      () => {
        void readPackLive(packURL, versionKey).then((answer) => current && answer && setLive(answer));
      },
      live ? 2_500 : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again when a game of the pack changes
  }, [packURL, versionKey]);
  return live;
}

/**
 * The player's provisional place on the pack's board (docs/decisions/053-game-day-live.md), above
 * the official table while a game of the pack is in play: "Provisional · if it ended now you would
 * be #2 of 40,112 with 454 pts". The table itself is official and changes only with grades.
 */
export function ProvisionalBoardRank({ packURL, seeds, official }: { packURL: string; seeds: LiveGameSeed[]; official: boolean }) {
  const games = useLiveGames(seeds);
  const live = usePackLive(packURL, games.map((game) => game.version).join(","));
  if (!live?.provisional || !games.some((game) => isInPlay(game.state))) return null;
  const { rank, of, points } = live.provisional;
  return (
    <p
      aria-live="polite"
      aria-atomic="true"
      className="rounded-xl bg-surface px-3 py-2 text-sm ring-1 ring-line"
      data-testid="provisional-board-rank"
    >
      <span className="text-xs font-bold uppercase tracking-wide text-muted">Provisional · </span>
      If it ended now you would be{" "}
      <strong className="tabular">
        #{rank.toLocaleString("en-US")} of {of.toLocaleString("en-US")}
      </strong>{" "}
      with <span className="tabular">{points.toLocaleString("en-US")} pts</span>.
      {official ? <span className="text-muted"> The board below changes only when props are graded.</span> : null}
    </p>
  );
}

function RootingLine({ line }: { line: PackLive["rooting"][number] }) {
  const names = (handles: string[]) => handles.map((handle) => `@${handle}`).join(" and ");
  const consequence = [
    line.passes ? `you pass @${line.passes}` : null,
    line.rivalsPassed.length ? `you pass ${names(line.rivalsPassed)} in your head-to-head` : null,
    line.passedBy ? `if not, @${line.passedBy} passes you` : null,
    line.rivalsPassing.length
      ? `if not, ${names(line.rivalsPassing)} ${line.rivalsPassing.length > 1 ? "pass" : "passes"} you in your head-to-head`
      : null,
  ]
    .filter(Boolean)
    .join("; ");
  return (
    <li className="flex items-start gap-2" data-rooting={line.propId}>
      <span
        aria-hidden="true"
        className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${line.winningNow === null ? "bg-line" : line.winningNow ? "bg-won" : "bg-lost"}`}
      />
      <span>
        Root for <strong>{line.root}</strong> <span className="text-muted">({line.propLabel})</span>: +{line.points} pts if it goes your way
        {consequence ? `, ${consequence}` : ""}
      </span>
    </li>
  );
}

/**
 * The pack's game day for the player (docs/decisions/053-game-day-live.md): the provisional total
 * ("If it ended now: 454 pts · 2 winning, 1 losing"), their provisional rank, and the rooting
 * guide: which results move them past the player just above, or let the one just below pass.
 * Always called provisional; the ledger and the boards change only with grades.
 */
export function ProvisionalPackPoints({
  takes,
  seeds,
  settledPoints,
  packURL,
}: {
  takes: PendingTake[];
  seeds: LiveGameSeed[];
  settledPoints: number;
  packURL: string;
}) {
  const games = useLiveGames(seeds);
  const live = usePackLive(packURL, games.map((game) => game.version).join(","));
  const byEvent = new Map(games.map((game) => [game.eventId, game]));
  const standings = takes.map((take) => ({ take, standing: standingOf(take, byEvent.get(take.eventId)) }));
  const counted = standings.filter((s) => s.standing !== null);
  if (!counted.length && !live?.rooting.length) return null;
  const points = settledPoints + counted.reduce((sum, s) => sum + pointsIf(s.take, s.standing!), 0);
  const count = (which: Standing) => counted.filter((s) => s.standing === which).length;
  const parts = [`${count("winning")} winning`, `${count("losing")} losing`, count("push") ? `${count("push")} push` : null].filter(
    Boolean,
  );
  return (
    <section aria-labelledby="pack-live-heading" className="space-y-3 rounded-2xl bg-surface px-4 py-3 text-sm ring-1 ring-line">
      {counted.length ? (
        <div data-testid="provisional-pack-points">
          <h2 id="pack-live-heading" className="text-xs font-bold uppercase tracking-wide text-muted">
            Provisional · if it ended now
          </h2>
          <p aria-live="polite" aria-atomic="true">
            <span className="tabular text-lg font-extrabold">{points.toLocaleString("en-US")} pts</span>
            <span className="text-muted"> · {parts.join(", ")}</span>
            {live?.provisional && live.provisional.of > 1 ? (
              <span className="text-muted" data-testid="provisional-rank">
                {" "}
                · #{live.provisional.rank} of {live.provisional.of.toLocaleString("en-US")}
              </span>
            ) : null}
          </p>
        </div>
      ) : (
        <h2 id="pack-live-heading" className="text-xs font-bold uppercase tracking-wide text-muted">
          Game day
        </h2>
      )}
      {live?.rooting.length ? (
        <div>
          <h3 className="text-xs font-bold uppercase tracking-wide text-muted">Rooting guide</h3>
          <ul className="mt-1 space-y-1" aria-live="polite" data-testid="rooting-guide">
            {live.rooting.map((line) => (
              <RootingLine key={line.propId} line={line} />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
