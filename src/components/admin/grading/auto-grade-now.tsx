"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Loader2, Wand2 } from "lucide-react";
import { apiFetch } from "@/components/api/api-fetch";
import { ErrorLine } from "@/components/awards/error-line";
import { useModal } from "@/components/dialogs/modal-context";
import { Button } from "@/components/ui/button";
import { countOf } from "@/domain/plural";
import { ZAutoGradeNowAnswer, type AutoGradeNowResult } from "@/domain/schemas/grading";

/**
 * "Auto grade now" on a pack's grading page (issue 24): grades every prop whose rule can decide it
 * from its game's final, at once, after a confirmation that says how many props and takes it
 * settles; then says what it graded and why the rest waits.
 */
export function AutoGradeNow({ packURL, ready, takes }: { packURL: string; ready: number; takes: number }) {
  const { openModal } = useModal();
  const router = useRouter();
  const [running, setRunning] = useState(false);
  const [answer, setAnswer] = useState<AutoGradeNowResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    const confirmed = await openModal("confirm", {
      title: "Auto grade now?",
      message:
        ready > 0
          ? `Grade ${countOf(ready, "prop")} from their games' finals now. ${countOf(takes, "take")} ${takes === 1 ? "is" : "are"} settled: winners are paid and players are texted their results.`
          : "Check every auto-graded prop of this pack against ESPN now. Props whose game is final are graded, their winners paid and players texted.",
      confirmLabel: "Grade now",
    });
    if (!confirmed) return;
    setRunning(true);
    setError(null);
    const result = await apiFetch("/api/admin/autoGrade", {
      schema: ZAutoGradeNowAnswer,
      body: { packURL },
      fallback: "Auto grading failed",
    });
    setRunning(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setAnswer(result.data);
    router.refresh();
  }

  return (
    <div className="space-y-2">
      <Button variant="secondary" onClick={() => void run()} disabled={running}>
        {running ? <Loader2 size={16} className="animate-spin" aria-hidden="true" /> : <Wand2 size={16} aria-hidden="true" />}
        {running ? "Grading…" : "Auto grade now"}
      </Button>
      {error ? <ErrorLine message={error} /> : null}
      <div role="status" aria-live="polite" className="text-sm">
        {answer ? (
          <>
            <p className="font-semibold">
              {answer.graded.length ? `Graded ${countOf(answer.graded.length, "prop")}.` : "Nothing was ready to grade."}
              {answer.failedGames ? ` ESPN did not answer for ${countOf(answer.failedGames, "game")}.` : ""}
            </p>
            {answer.graded.length || answer.waiting.length ? (
              <ul className="mt-1 list-disc pl-5 text-muted">
                {answer.graded.map((entry) => (
                  <li key={entry.propId}>
                    {entry.shortLabel}: {entry.outcome === "push" || entry.outcome === "void" ? entry.outcome : `side ${entry.outcome}`} (
                    {entry.resultText})
                  </li>
                ))}
                {answer.waiting.map((entry) => (
                  <li key={entry.propId}>
                    {entry.shortLabel}: waiting, {entry.reason}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
