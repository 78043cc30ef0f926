"use client";

import { useCallback, useEffect, useId, useState } from "react";
import { Loader2, Send } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import { apiFetch } from "@/components/api/api-fetch";
import { ZResendResultsTextsAnswer, ZResultsTextsAnswer, type ResultsTextsSummary } from "@/domain/schemas/grading";
import { cardClass, InlineError } from "@/components/admin/hub/admin-ui";

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * A graded pack's results texts (issue 24 item 7, decision 040): where each participant's text
 * stands, and "Resend results texts" to those who were not texted (failed or never queued), after
 * a confirmation that says how many; nobody already texted gets it again.
 */
export function ResultsTexts({ packId }: { packId: string }) {
  const id = useId();
  const { openModal } = useModal();
  const [summary, setSummary] = useState<ResultsTextsSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const load = useCallback(async () => {
    const answer = await apiFetch(`/api/admin/packs/${packId}/resultsTexts`, {
      schema: ZResultsTextsAnswer,
      fallback: "Could not load the results texts",
    });
    if (answer.ok) setSummary(answer.data.summary);
    else setError(answer.error);
  }, [packId]);
  useEffect(() => {
    void load();
  }, [load]);

  const resend = async () => {
    if (!summary) return;
    const parts = [
      summary.failed ? `${summary.failed.toLocaleString("en-US")} failed` : null,
      summary.neverQueued ? `${summary.neverQueued.toLocaleString("en-US")} never sent` : null,
    ].filter(Boolean);
    const confirmed = await openModal("confirm", {
      title: "Resend results texts?",
      message: `Text the results to ${count(summary.unsent, "player")} who were not texted (${parts.join(", ")}). Nobody who already got them is texted again.`,
      confirmLabel: `Text ${count(summary.unsent, "player")}`,
    });
    if (!confirmed) return;
    setSending(true);
    setError(null);
    const answer = await apiFetch(`/api/admin/packs/${packId}/resultsTexts`, {
      schema: ZResendResultsTextsAnswer,
      body: {},
      fallback: "Could not resend the results texts",
    });
    setSending(false);
    if (!answer.ok) return setError(answer.error);
    setSummary(answer.data.summary);
    setDone(`Queued ${count(answer.data.queued, "results text")}.`);
  };

  return (
    <section className={cardClass} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Results texts
      </h2>
      {summary === null && !error ? (
        <p role="status" className="mt-2 flex items-center gap-2 text-muted">
          <Loader2 size={16} className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Loading…
        </p>
      ) : summary ? (
        <p className="mt-2" data-testid="results-texts-summary">
          {summary.participants === 0
            ? "Nobody played this pack."
            : `${count(summary.participants, "player")}: ${summary.sent.toLocaleString("en-US")} texted, ${summary.waiting.toLocaleString("en-US")} waiting, ${summary.failed.toLocaleString("en-US")} failed, ${summary.neverQueued.toLocaleString("en-US")} never sent, ${summary.optedOut.toLocaleString("en-US")} opted out.`}
        </p>
      ) : null}
      <InlineError message={error} />
      {summary ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => void resend()} disabled={sending || summary.unsent === 0}>
            {sending ? (
              <Loader2 size={16} className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <Send size={16} aria-hidden="true" />
            )}
            Resend results texts
          </Button>
          {summary.unsent === 0 && !done ? <span className="text-sm text-muted">Everyone who can be texted was.</span> : null}
        </div>
      ) : null}
      <p role="status" aria-live="polite" className="mt-2 text-sm font-semibold">
        {done}
      </p>
    </section>
  );
}
