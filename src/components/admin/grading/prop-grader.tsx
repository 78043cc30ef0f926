"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import Link from "@/components/ui/link";
import { AlertCircle, CheckCircle2, ExternalLink } from "lucide-react";
import { useModal } from "@/components/dialogs/modal-context";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { PropOutcome } from "@/domain/grading";
import { formatDateTime } from "@/domain/time";
import type { ConfirmDetail } from "@/components/dialogs/confirm-dialog";
import { countOf } from "@/domain/plural";
import { AutoGradeLog } from "./auto-grade-log";
import { apiFetch } from "@/components/api/api-fetch";
import { Input } from "@/components/admin/hub/admin-ui";
import { ZGradePropsAnswer, ZRegradePreview, type GradePropsResult, type PackWinner, type RegradePreview } from "@/domain/schemas/grading";
import type { GradableProp } from "./types";

interface Choice {
  outcome: PropOutcome | null;
  resultText: string;
}

const OUTCOME_STYLES: Record<PropOutcome, string> = {
  A: "peer-checked:bg-won peer-checked:text-white",
  B: "peer-checked:bg-won peer-checked:text-white",
  push: "peer-checked:bg-push peer-checked:text-white",
  void: "peer-checked:bg-muted peer-checked:text-white",
};

function OutcomeControl({
  prop,
  choice,
  onChange,
}: {
  prop: GradableProp;
  choice: Choice;
  onChange: (outcome: PropOutcome | null) => void;
}) {
  const name = useId();
  const options: Array<{ value: PropOutcome; label: string }> = [
    { value: "A", label: prop.sideAShort },
    { value: "B", label: prop.sideBShort },
    { value: "push", label: "Push" },
    { value: "void", label: "Void" },
  ];
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Result of {prop.shortLabel}</legend>
      <div className="flex flex-wrap rounded-full border border-line bg-page p-1">
        {options.map((option) => (
          <label key={option.value} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={choice.outcome === option.value}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span
              className={`flex min-h-10 items-center rounded-full px-4 text-sm font-bold peer-focus-visible:ring-2 peer-focus-visible:ring-accent ${OUTCOME_STYLES[option.value]}`}
            >
              {option.label}
            </span>
          </label>
        ))}
      </div>
      <Button variant="ghost" className="!min-h-10" onClick={() => onChange(null)} disabled={choice.outcome === null}>
        Clear
      </Button>
    </fieldset>
  );
}

const AUTO_STATES = { ready: "Ready", waiting: "Waiting", invalid: "Needs setup" } as const;

/** "Ready" only when the auto-grader can grade the prop from its game as imported, and it says what it would record. */
function AutoBadge({ prop }: { prop: GradableProp }) {
  if (!prop.gradingRule || !prop.autoGrade)
    return <span className="rounded-full bg-page px-2 py-0.5 text-xs font-bold text-muted">Manual</span>;
  const { state, detail } = prop.autoGrade;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold ${state === "ready" ? "bg-accent-tint text-accent" : "bg-page text-muted"}`}
    >
      Auto · {prop.gradingRule} · {AUTO_STATES[state]}: {detail}
    </span>
  );
}

const winnerWords = (winner: PackWinner | null) =>
  winner === null ? "none" : winner.handle ? `@${winner.handle} (${(winner.points ?? 0).toLocaleString("en-US")} pts)` : "nobody played";
const diamonds = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 2 });

/**
 * What Save is about to do, in words, before it pays anyone or texts anyone (issue 24): how many
 * props are graded and how many takes they settle, which ones players can still pick, which
 * grades are taken back, and for a correction (a prop graded before) each affected player's
 * points and diamonds from it before → after, who gets a correction text, and what happens to
 * the pack's winners (docs/decisions/039-corrections.md).
 */
function saveConfirmation(
  changed: GradableProp[],
  choices: Record<string, Choice>,
  saved: Record<string, Choice>,
  preview: RegradePreview,
) {
  const grading = changed.filter((prop) => choices[prop.propId]!.outcome !== null && saved[prop.propId]!.outcome === null);
  const regrading = changed.filter((prop) => choices[prop.propId]!.outcome !== null && saved[prop.propId]!.outcome !== null);
  const ungrading = changed.filter((prop) => choices[prop.propId]!.outcome === null);
  const takes = grading.reduce((sum, prop) => sum + prop.takeCount, 0);
  const stillOpen = grading.filter((prop) => prop.status === "open").length;
  const affected = preview.props.reduce((sum, prop) => sum + prop.affected, 0);
  const lines = [
    grading.length
      ? `${countOf(grading.length, "prop")} graded: ${countOf(takes, "take")} settled, winners paid and players texted their results.`
      : null,
    stillOpen
      ? `${countOf(stillOpen, "of them is", "of them are")} still open to picks: grading closes ${stillOpen === 1 ? "it" : "them"} now.`
      : null,
    regrading.length ? `${countOf(regrading.length, "prop")} re-graded.` : null,
    ungrading.length
      ? `${countOf(ungrading.length, "prop")} back to ungraded: ${ungrading.length === 1 ? "its" : "their"} payouts are taken back.`
      : null,
    preview.props.length
      ? affected
        ? `${countOf(affected, "player")} ${affected === 1 ? "has" : "have"} a different result: each gets one correction text.`
        : "No player's result changes: nobody is texted."
      : null,
    ...preview.winners.map((pack) =>
      pack.action === "rerun"
        ? `Winners of ${pack.title} are worked out again: ${winnerWords(pack.before)} → ${winnerWords(pack.after)}.`
        : `Winners of ${pack.title} (${winnerWords(pack.before)}) will be cleared; set them again after grading.`,
    ),
  ].filter(Boolean);
  const details: ConfirmDetail[] = preview.props.map((prop) => ({
    heading: `${prop.shortLabel}: ${prop.before} → ${prop.after} · ${countOf(prop.affected, "player")} affected`,
    lines: prop.players.map(
      (player) =>
        `@${player.handle}: ${player.pointsBefore.toLocaleString("en-US")} pts (${diamonds(player.diamondsBefore)} diamonds) → ${player.pointsAfter.toLocaleString("en-US")} pts (${diamonds(player.diamondsAfter)} diamonds)`,
    ),
    more: prop.more ? `and ${countOf(prop.more, "more player")}` : undefined,
  }));
  return { title: "Save grades?", message: lines.join(" "), details, confirmLabel: "Save grades" };
}

/**
 * Grading controls for a list of props (docs/SCREENS.md §3.10, §3.11): per prop
 * the two sides, Push, Void and Clear, and the result text; Save sends only
 * what changed and shows what the server did.
 */
export function PropGrader({ props: gradable, showDetails = false }: { props: GradableProp[]; showDetails?: boolean }) {
  const { showToast } = useToast();
  const { openModal } = useModal();
  const router = useRouter();
  const [saved, setSaved] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(gradable.map((prop) => [prop.propId, { outcome: prop.outcome, resultText: prop.resultText ?? "" }])),
  );
  const [choices, setChoices] = useState(saved);
  // New props from the server (router.refresh after any save on the page, issue 41 item 7): what is
  // saved follows them, and a choice not yet saved is kept.
  const [shown, setShown] = useState(gradable);
  if (shown !== gradable) {
    setShown(gradable);
    const fresh = Object.fromEntries(gradable.map((prop) => [prop.propId, { outcome: prop.outcome, resultText: prop.resultText ?? "" }]));
    setChoices((current) =>
      Object.fromEntries(
        gradable.map((prop) => {
          const mine = current[prop.propId];
          const before = saved[prop.propId];
          const edited = mine && before && (mine.outcome !== before.outcome || mine.resultText !== before.resultText);
          return [prop.propId, edited ? mine : fresh[prop.propId]!];
        }),
      ),
    );
    setSaved(fresh);
  }
  const [saving, setSaving] = useState(false);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<GradePropsResult | null>(null);

  const changed = gradable.filter((prop) => {
    const now = choices[prop.propId]!;
    const before = saved[prop.propId]!;
    return now.outcome !== before.outcome || (now.outcome !== null && now.resultText.trim() !== before.resultText.trim());
  });

  /** A refused check or save: said above the grader and in a toast. */
  const fail = (message: string) => {
    setError(message);
    showToast(message, "error");
  };

  async function save() {
    const grades = changed.map((prop) => ({
      propId: prop.propId,
      outcome: choices[prop.propId]!.outcome,
      resultText: choices[prop.propId]!.resultText.trim() || null,
    }));
    setError(null);
    // What a correction changes for its players and winners, worked out by the server without writing.
    setChecking(true);
    const preview = await apiFetch("/api/admin/gradeProps/preview", {
      schema: ZRegradePreview,
      body: { grades },
      fallback: "Could not work out what these grades change",
    });
    setChecking(false);
    if (!preview.ok) return fail(preview.error);
    if (!(await openModal("confirm", saveConfirmation(changed, choices, saved, preview.data)))) return;
    setSaving(true);
    const answer = await apiFetch("/api/admin/gradeProps", {
      schema: ZGradePropsAnswer,
      body: { grades },
      fallback: "Failed to save grades",
    });
    setSaving(false);
    if (!answer.ok) return fail(answer.error);
    const body = answer.data;
    const failed = new Set(body.errors.map((entry) => entry.propId));
    setSaved((current) => ({
      ...current,
      ...Object.fromEntries(changed.filter((p) => !failed.has(p.propId)).map((p) => [p.propId, choices[p.propId]!])),
    }));
    setSummary(body);
    if (body.errors.length > 0) setError(body.errors.map((entry) => entry.error).join(" "));
    showToast(`Grades saved successfully! SMS notifications sent to ${countOf(body.textsQueued, "user")}.`);
    // The page's counts, pack state and the other sections follow the save without a reload (issue 41 item 7).
    router.refresh();
  }

  const updatedProps = summary?.results.filter((result) => result.changed) ?? [];
  return (
    <div>
      <ol className="space-y-4">
        {gradable.map((prop) => {
          const choice = choices[prop.propId]!;
          const resultId = `result-${prop.propId}`;
          return (
            <li key={prop.propId} className="rounded-2xl bg-surface p-4 shadow-sm" data-testid="grade-prop-row">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="text-lg font-bold">{prop.shortLabel}</h2>
                  {prop.summary ? <p className="text-sm text-muted">{prop.summary}</p> : null}
                  {/* The rule's readiness and the game's state on every grading screen (issue 24: the pack page showed no score). */}
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                    <AutoBadge prop={prop} />
                    {showDetails ? (
                      <Link href={`/packs/${prop.packURL}`} className="text-accent hover:underline">
                        {prop.packTitle}
                      </Link>
                    ) : null}
                  </p>
                  <div className="mt-1">
                    <AutoGradeLog prop={prop} history />
                  </div>
                  <p className="mt-1 text-xs text-muted">
                    {countOf(prop.takeCount, "take")} · {prop.title}
                  </p>
                </div>
                {prop.event?.boxScoreUrl ? (
                  <a
                    href={prop.event.boxScoreUrl}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-accent hover:underline"
                  >
                    View Game
                    <ExternalLink size={14} aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                ) : null}
              </div>
              <div className="mt-3 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
                <OutcomeControl
                  prop={prop}
                  choice={choice}
                  onChange={(outcome) => setChoices((all) => ({ ...all, [prop.propId]: { ...all[prop.propId]!, outcome } }))}
                />
                <div className="flex items-center gap-2">
                  <label htmlFor={resultId} className="text-sm font-semibold">
                    Result
                  </label>
                  <div className="w-56">
                    <Input
                      id={resultId}
                      value={choice.resultText}
                      maxLength={200}
                      placeholder="e.g. NYY 5 - 3 BOS"
                      onChange={(event) =>
                        setChoices((all) => ({ ...all, [prop.propId]: { ...all[prop.propId]!, resultText: event.target.value } }))
                      }
                    />
                  </div>
                </div>
              </div>
              {prop.event ? (
                <p className="mt-2 text-xs text-muted">
                  {prop.event.title} · {prop.event.statusDetail ?? prop.event.status} · {formatDateTime(new Date(prop.event.startTime))}
                  {prop.event.homeScore !== null && prop.event.awayScore !== null
                    ? ` · ${prop.event.awayScore} - ${prop.event.homeScore}`
                    : ""}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>

      <div className="sticky bottom-0 mt-4 flex flex-wrap items-center justify-end gap-3 bg-page/90 py-3 backdrop-blur">
        {error ? (
          <p role="alert" className="mr-auto flex items-center gap-2 text-sm font-semibold text-lost">
            <AlertCircle size={16} aria-hidden="true" />
            {error}
          </p>
        ) : null}
        <Button onClick={save} disabled={saving || checking || changed.length === 0}>
          {saving ? "Saving..." : checking ? "Checking..." : "Save"}
        </Button>
      </div>

      {summary ? (
        <section aria-labelledby="grading-results" className="mt-4 rounded-2xl bg-surface p-4 shadow-sm" role="status">
          <h2 id="grading-results" className="flex items-center gap-2 text-lg font-bold">
            <CheckCircle2 size={18} aria-hidden="true" className="text-won" />
            Grading Results
          </h2>
          <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
            <dt className="font-semibold">Updated Props</dt>
            <dd data-testid="updated-props">{updatedProps.length}</dd>
            <dt className="font-semibold">Takes updated</dt>
            <dd data-testid="takes-updated">{updatedProps.reduce((sum, result) => sum + result.takesUpdated, 0)}</dd>
            <dt className="font-semibold">Packs Affected</dt>
            <dd>
              <ul>
                {summary.packs.map((pack) => (
                  <li key={pack.packURL}>
                    {pack.title}:{" "}
                    {pack.becameGraded ? "Pack marked graded" : pack.status === "graded" ? "Already graded" : "Not graded yet"}
                    {pack.winners?.action === "rerun"
                      ? ` · Winners worked out again: ${winnerWords(pack.winners.before)} → ${winnerWords(pack.winners.after)}`
                      : null}
                    {pack.winners?.action === "cleared" ? " · Winners cleared: set them again after grading" : null}
                  </li>
                ))}
              </ul>
            </dd>
          </dl>
          <p className="mt-2 text-sm font-semibold" data-testid="sms-sent">
            Total SMS sent: {summary.textsQueued}
          </p>
          <p className="text-sm font-semibold" data-testid="correction-texts">
            Correction texts: {summary.correctionTexts}
          </p>
        </section>
      ) : null}
    </div>
  );
}
