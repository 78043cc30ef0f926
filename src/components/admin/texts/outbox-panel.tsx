"use client";

import { useCallback, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import { apiFetch } from "@/components/api/api-fetch";
import { AdminDateTime, cardClass, DataTable, InlineError, InlineOutcome, tdClass } from "@/components/admin/hub/admin-ui";
import { ZBlastActionAnswer, ZOutboxOverview, type Blast, type BlastAction, type OutboxOverview } from "@/domain/schemas/outbox";
import { countOf } from "@/domain/plural";

const PRIORITY_WORDS = ["Sign-in codes", "Results", "Reminders", "Openings"];
const REFRESH_MS = 5_000;
const fmt = (n: number) => n.toLocaleString("en-US");

type Message = { text: string; error: boolean } | null;

/** A titled card of the page, named by its heading. */
function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className={cardClass} aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The outbox at a glance, refreshed every few seconds (docs/decisions/073-paced-outbox.md): the
 * rate, the texts waiting by kind, and each pack opening in flight with its pause, resume and
 * cancel buttons (cancel asks first).
 */
export function OutboxPanel({ initial }: { initial: OutboxOverview }) {
  const id = useId();
  const { openModal } = useModal();
  const [overview, setOverview] = useState(initial);
  const [stale, setStale] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);

  const refresh = useCallback(async () => {
    const answer = await apiFetch("/api/admin/texts", { schema: ZOutboxOverview, fallback: "Could not load the outbox" });
    if (answer.ok) {
      setOverview(answer.data);
      setStale(null);
    } else setStale(answer.error);
  }, []);
  useEffect(() => {
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  const act = async (blast: Blast, action: BlastAction) => {
    const name = blast.title ?? "this pack";
    if (action === "cancel") {
      const confirmed = await openModal("confirm", {
        title: `Cancel the opening texts of ${name}?`,
        message: `${countOf(blast.waiting + blast.paused, "text")} not yet sent will never go out. This cannot be undone.`,
        confirmLabel: "Cancel the texts",
        destructive: true,
      });
      if (!confirmed) return;
    }
    setBusy(`${blast.packId}:${action}`);
    const answer = await apiFetch(`/api/admin/texts/blasts/${blast.packId}`, {
      schema: ZBlastActionAnswer,
      body: { action },
      fallback: "Could not change the texts",
    });
    setBusy(null);
    if (!answer.ok) return setMessage({ text: answer.error, error: true });
    const done = { pause: "Paused", resume: "Resumed", cancel: "Cancelled" }[action];
    setMessage({ text: `${done} ${countOf(answer.data.changed, "text")} of ${name}.`, error: false });
    await refresh();
  };

  return (
    <>
      <Card id={`${id}-rate`} title="Sending rate">
        <p>
          {fmt(overview.ratePerSecond)} texts a second, at most {fmt(overview.ratePerDay)} a day; {fmt(overview.sentToday)} sent today
          (UTC). Sign-in codes go first, then results, reminders and openings.
        </p>
        <div className="mt-2">
          <InlineError message={stale && `${stale}: these figures may be out of date.`} />
        </div>
      </Card>

      <Card id={`${id}-depth`} title="Waiting to be sent">
        {overview.depth.length === 0 ? (
          <p className="text-muted">No texts are waiting.</p>
        ) : (
          <DataTable label="Texts waiting by kind" columns={["Kind", "Comes", "Waiting", "Paused"]}>
            {overview.depth.map((row) => (
              <tr key={row.kind}>
                <td className={tdClass}>{row.kind}</td>
                <td className={tdClass}>{PRIORITY_WORDS[row.priority] ?? "Last"}</td>
                <td className={tdClass}>{fmt(row.waiting)}</td>
                <td className={tdClass}>{fmt(row.paused)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>

      <Card id={`${id}-blasts`} title="Pack openings in flight">
        <InlineOutcome message={message} />
        {overview.blasts.length === 0 ? (
          <p className="text-muted">No pack opening is sending texts.</p>
        ) : (
          <DataTable label="Pack openings in flight" columns={["Pack", "Sent", "Waiting", "Paused", "Finishes", { hidden: "Actions" }]}>
            {overview.blasts.map((blast) => (
              <tr key={blast.packId}>
                <td className={tdClass}>{blast.title ?? blast.packId}</td>
                <td className={tdClass}>{fmt(blast.sent)}</td>
                <td className={tdClass}>{fmt(blast.waiting)}</td>
                <td className={tdClass}>{fmt(blast.paused)}</td>
                <td className={tdClass}>
                  {blast.finishesAt ? (
                    <AdminDateTime value={blast.finishesAt} extra={blast.pastTodaysLimit ? " (after today's limit)" : null} />
                  ) : (
                    "Paused"
                  )}
                </td>
                <td className={tdClass}>
                  <div className="flex flex-wrap gap-2">
                    {blast.waiting > 0 ? (
                      <Button variant="secondary" disabled={busy !== null} onClick={() => void act(blast, "pause")}>
                        {busy === `${blast.packId}:pause` ? "Pausing…" : "Pause"}
                      </Button>
                    ) : null}
                    {blast.paused > 0 ? (
                      <Button variant="secondary" disabled={busy !== null} onClick={() => void act(blast, "resume")}>
                        {busy === `${blast.packId}:resume` ? "Resuming…" : "Resume"}
                      </Button>
                    ) : null}
                    <Button variant="danger" disabled={busy !== null} onClick={() => void act(blast, "cancel")}>
                      {busy === `${blast.packId}:cancel` ? "Cancelling…" : "Cancel"}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
    </>
  );
}
