"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { AlertTriangle } from "lucide-react";
import { apiFetch } from "@/components/api/api-fetch";
import { LoadState, useApiQuery } from "@/components/api/use-api-query";
import { useModal } from "@/components/dialogs/modal-context";
import { Button } from "@/components/ui/button";
import { cardClass, InlineOutcome, Input } from "@/components/admin/hub/admin-ui";
import { countOf } from "@/domain/plural";
import { formatDateTime } from "@/domain/time";
import { parseTypedResult } from "@/domain/typed-game-result";
import {
  ZGameScoresAnswer,
  ZGameScoresList,
  ZGameScoresPreview,
  type GameScore,
  type GameScoreRow,
  type GameScoresPreview,
} from "@/domain/schemas/grading";

const ESPN_WORDS: Record<string, string> = {
  scheduled: "Scheduled",
  in_progress: "In progress",
  final: "Final",
  postponed: "Postponed",
  suspended: "Suspended",
  cancelled: "Cancelled",
};

function espnLine(game: GameScoreRow): string {
  const { status, homeScore, awayScore } = game.espn;
  const score = status !== "scheduled" && homeScore !== null && awayScore !== null ? ` ${awayScore}–${homeScore}` : "";
  return `ESPN: ${ESPN_WORDS[status] ?? status}${score}`;
}

function handLine(game: GameScoreRow): string | null {
  if (!game.hand) return null;
  const what = game.hand.status === "final" ? `${game.hand.awayScore}–${game.hand.homeScore}` : game.hand.status;
  return `Entered by hand: ${what}${game.hand.setBy ? ` by @${game.hand.setBy}` : ""}, ${formatDateTime(new Date(game.hand.setAt))}${game.hand.reason ? ` (${game.hand.reason})` : ""}`;
}

/** The one confirmation's words: N props in M packs, K takes paid, what stays for hand grading, games not started. */
function confirmation(preview: GameScoresPreview) {
  const lines = [
    `Grade ${countOf(preview.props, "prop")} in ${countOf(preview.packs, "pack")} from the result${preview.games === 1 ? "" : "s"} of ${countOf(preview.games, "game")}: ${countOf(preview.takes, "take")} to pay.`,
    preview.regrades
      ? `${countOf(preview.regrades, "prop already graded is", "props already graded are")} re-graded from the corrected score.`
      : null,
    preview.manual
      ? `${countOf(preview.manual, "prop has", "props have")} no auto-grading rule and stay${preview.manual === 1 ? "s" : ""} for grading by hand.`
      : null,
    preview.waiting ? `${countOf(preview.waiting, "prop waits", "props wait")} (a suspended game is voided only after its window).` : null,
    preview.beforeStart
      ? `${countOf(preview.beforeStart, "game has", "games have")} not started by ${preview.beforeStart === 1 ? "its" : "their"} schedule: grading closes ${preview.beforeStart === 1 ? "its" : "their"} props to picks now.`
      : null,
    preview.completes
      ? `${countOf(preview.completes, "pack is", "packs are")} then fully graded: ${preview.completes === 1 ? "its winner is" : "their winners are"} set and players texted.`
      : null,
    "ESPN never overwrites a score typed here; a different ESPN final is shown beside it.",
  ];
  return lines.filter(Boolean).join(" ");
}

/**
 * One score per game (docs/SCREENS.md §3.10 and §3.14, docs/decisions/060-one-score-per-game.md):
 * a result box per game ("24-17", away first; P postponed; S suspended), and one button that grades
 * every prop of every pack on those games by the auto-grading rules after one confirmation with the
 * counts. Lists ESPN's reading beside any hand score and flags a disagreeing ESPN final.
 * `packURL` lists that pack's games; without it, the games whose props wait for a result.
 */
export function GameScores({ packURL, onSaved }: { packURL?: string; onSaved?: () => void }) {
  const id = useId();
  const { openModal } = useModal();
  const router = useRouter();
  const query = useApiQuery(`/api/admin/gameScores${packURL ? `?packURL=${encodeURIComponent(packURL)}` : ""}`, {
    schema: ZGameScoresList,
    fallback: "Failed to load the games",
    keepPrevious: true,
  });
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  async function grade(games: GameScoreRow[]) {
    if (busy) return;
    setMessage(null);
    const scores: GameScore[] = [];
    const problems: Record<string, string> = {};
    for (const game of games) {
      const read = parseTypedResult(typed[game.eventId] ?? "");
      if (!read.ok) problems[game.eventId] = read.error;
      else if (read.result) scores.push({ eventId: game.eventId, ...read.result });
    }
    setErrors(problems);
    if (Object.keys(problems).length) return setMessage({ text: "Check the results marked below.", error: true });
    if (!scores.length) return setMessage({ text: "Type at least one game's result.", error: true });
    const body = { scores, reason: reason.trim() || undefined, beforeStart: true };
    setBusy(true);
    const preview = await apiFetch("/api/admin/gameScores/preview", {
      schema: ZGameScoresPreview,
      body,
      fallback: "Failed to check the scores",
    });
    setBusy(false);
    if (!preview.ok) return setMessage({ text: preview.error, error: true });
    const setWinners = preview.data.completes > 0;
    const confirmed = await openModal("confirm", {
      title: `Grade from ${countOf(scores.length, "score")}?`,
      message: confirmation(preview.data),
      confirmLabel: `Grade ${countOf(preview.data.props, "prop")}${setWinners ? " and set winners" : ""}`,
    });
    if (!confirmed) return;
    setBusy(true);
    const answer = await apiFetch("/api/admin/gameScores", {
      schema: ZGameScoresAnswer,
      body: { ...body, setWinners },
      fallback: "Failed to grade from the scores",
    });
    setBusy(false);
    if (!answer.ok) return setMessage({ text: answer.error, error: true });
    const { results, errors: failed, packs, winners, manual } = answer.data;
    const graded = results.filter((result) => result.changed).length;
    setMessage({
      text: [
        `Saved ${countOf(scores.length, "score")}; graded ${countOf(graded, "prop")} in ${countOf(packs.length, "pack")}.`,
        manual ? `${countOf(manual, "prop")} without a rule left for grading by hand.` : null,
        ...winners.map((w) =>
          w.handle ? `${w.title}: @${w.handle} wins with ${(w.points ?? 0).toLocaleString("en-US")} points.` : `${w.title}: nobody played.`,
        ),
        failed.length ? `Not graded: ${failed.map((entry) => entry.error).join("; ")}` : null,
      ]
        .filter(Boolean)
        .join(" "),
      error: failed.length > 0,
    });
    setTyped({});
    query.retry();
    // The page around it (the grade page's props and counts) shows the new grades at once (issue 41 item 7).
    router.refresh();
    onSaved?.();
  }

  return (
    <section className={cardClass} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Game scores
      </h2>
      <p className="text-sm text-muted">
        Type a game&apos;s final once (away–home, e.g. 24-17; P postponed, S suspended): every prop of every pack on it is graded by its
        auto-grading rule. ESPN never overwrites it.
      </p>
      <LoadState
        state={query.state}
        onRetry={query.retry}
        isEmpty={(data) => data.games.length === 0}
        empty={<p className="mt-2 text-sm text-muted">No game waits for a result.</p>}
      >
        {({ games }) => (
          <form
            className="mt-3 grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              void grade(games);
            }}
          >
            <ul className="grid gap-2" aria-label="Games">
              {games.map((game) => {
                const inputId = `${id}-${game.eventId}`;
                const error = errors[game.eventId];
                const hand = handLine(game);
                return (
                  <li
                    key={game.eventId}
                    className="flex flex-wrap items-end justify-between gap-2 border-t border-line pt-2"
                    data-testid="game-score-row"
                  >
                    <div className="min-w-0 flex-1">
                      <label htmlFor={inputId} className="block font-semibold">
                        {game.awayAbbreviation} @ {game.homeAbbreviation} result
                      </label>
                      <p className="text-xs text-muted">
                        {game.title} · {formatDateTime(new Date(game.startTime))} · {espnLine(game)} · {countOf(game.ungraded, "prop")} to
                        grade in {countOf(game.packs, "pack")}
                      </p>
                      {hand ? <p className="text-xs">{hand}</p> : null}
                      {game.disagreement ? (
                        <p className="mt-1 flex items-center gap-1 text-sm font-semibold text-lost" data-testid="score-disagreement">
                          <AlertTriangle size={14} aria-hidden="true" />
                          {game.disagreement}
                        </p>
                      ) : null}
                      {error ? (
                        <p id={`${inputId}-error`} role="alert" className="text-sm font-semibold text-lost">
                          {error}
                        </p>
                      ) : null}
                    </div>
                    <Input
                      id={inputId}
                      className="min-h-11 w-28 rounded-lg border border-line bg-surface px-3 py-2 text-base tabular aria-[invalid=true]:border-lost"
                      inputMode="text"
                      autoComplete="off"
                      placeholder={game.hand?.status === "final" ? `${game.hand.awayScore}-${game.hand.homeScore}` : "24-17"}
                      value={typed[game.eventId] ?? ""}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${inputId}-error` : undefined}
                      onChange={(event) => setTyped((all) => ({ ...all, [game.eventId]: event.target.value }))}
                    />
                  </li>
                );
              })}
            </ul>
            <div className="flex flex-wrap items-end gap-3">
              <div className="min-w-0 flex-1">
                <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-semibold">
                  Why typed by hand (optional, kept in the audit log)
                </label>
                <Input id={`${id}-reason`} value={reason} maxLength={300} onChange={(event) => setReason(event.target.value)} />
              </div>
              {/* Focusable while busy (aria-disabled, not disabled): a disabled button drops focus to the page, so the
                  confirmation could not hand it back on Escape. */}
              <Button type="submit" aria-disabled={busy || undefined}>
                {busy ? "Working…" : "Grade from scores"}
              </Button>
            </div>
            <InlineOutcome message={message} />
          </form>
        )}
      </LoadState>
    </section>
  );
}
