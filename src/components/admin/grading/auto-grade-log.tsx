import { formatAgo, formatDateTime } from "@/domain/time";
import type { GradableProp } from "./types";

const OUTCOME_LABELS = { graded: "Graded", waiting: "Waiting", skipped: "Skipped", error: "Error" } as const;

type Entry = GradableProp["autoGradeLog"][number];

/** "2 min ago", rendered where the browser's clock may be a minute off the server's. */
function Ago({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(new Date(at))} suppressHydrationWarning>
      {formatAgo(new Date(at), new Date())}
    </time>
  );
}

function EntryWords({ entry }: { entry: Entry }) {
  return (
    <>
      {OUTCOME_LABELS[entry.outcome]}: {entry.reason}
      {entry.attempts > 1 ? (
        <span className="text-muted">
          {" "}
          (tried {entry.attempts} times since {formatDateTime(new Date(entry.firstAt))})
        </span>
      ) : null}
    </>
  );
}

/**
 * The auto-grader's run log for one prop (docs/decisions/041-auto-grade-run-log.md): "Last
 * auto-grade: 2 min ago — Waiting: game is in progress (…)", and with `history` the earlier
 * attempts kept. Nothing for a manual prop; "not tried yet" before the worker's first look.
 */
export function AutoGradeLog({ prop, history = false }: { prop: GradableProp; history?: boolean }) {
  if (!prop.gradingRule) return null;
  const [last, ...earlier] = prop.autoGradeLog;
  if (!last) {
    return (
      <p className="text-xs text-muted" data-testid="auto-grade-log">
        Last auto-grade: not tried yet (the worker tries a prop once its game has started, if the game has an ESPN id)
      </p>
    );
  }
  return (
    <div className="text-xs" data-testid="auto-grade-log">
      <p className={last.outcome === "error" ? "text-lost" : undefined}>
        <span className="font-semibold">Last auto-grade:</span> <Ago at={last.lastAt} /> — <EntryWords entry={last} />
      </p>
      {history && earlier.length ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-muted">Earlier auto-grade attempts ({earlier.length})</summary>
          <ol className="mt-1 list-disc space-y-0.5 pl-5 text-muted">
            {earlier.map((entry) => (
              <li key={`${entry.lastAt}-${entry.reason}`}>
                <Ago at={entry.lastAt} /> — <EntryWords entry={entry} />
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
