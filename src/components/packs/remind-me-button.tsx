"use client";

import { useEffect, useState, type ReactNode } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { PACK_ACTION_BUTTON } from "./my-picks";

const stateSchema = () => import("@/domain/schemas/follows").then((m) => m.ZPackReminderState);
const answerSchema = () => import("@/domain/schemas/follows").then((m) => m.ZPackReminderAnswer);

function leadWords(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? "1 hour" : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

/**
 * "Remind me" on an open pack (docs/SCREENS.md §2.4, docs/decisions/072-reminders-and-quiet-hours.md):
 * a toggle a signed-in player presses to be texted before this pack closes, as if they followed one
 * of its teams. Its state is the player's own, so it loads after the shared page (decision 025);
 * what it did is said in a status line ("We'll text you 1 hour before it closes.").
 */
export function RemindMeButton({ packURL, icon }: { packURL: string; icon: ReactNode }) {
  const [state, setState] = useState<{ reminder: boolean; leadMinutes: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  useEffect(() => {
    let cancelled = false;
    void apiFetch(`/api/notifications/pack-reminder?${new URLSearchParams({ packURL })}`, { schema: stateSchema }).then((answer) => {
      if (!cancelled && answer.ok) setState(answer.data);
    });
    return () => {
      cancelled = true;
    };
  }, [packURL]);
  if (!state) return null;

  const toggle = async () => {
    setBusy(true);
    setMessage(null);
    const answer = await apiFetch("/api/notifications/pack-reminder", {
      method: "PUT",
      body: { packURL, on: !state.reminder },
      schema: answerSchema,
      fallback: "Could not change the reminder. Please try again.",
    });
    setBusy(false);
    if (!answer.ok) {
      setMessage({ text: answer.error, error: true });
      return;
    }
    setState({ ...state, reminder: answer.data.reminder });
    setMessage({
      text: answer.data.reminder
        ? `We'll text you ${leadWords(state.leadMinutes)} before it closes if you still have picks to make.`
        : "Reminder off.",
      error: false,
    });
  };

  return (
    <>
      <button type="button" aria-pressed={state.reminder} disabled={busy} onClick={() => void toggle()} className={PACK_ACTION_BUTTON}>
        {icon} {state.reminder ? "Reminder on" : "Remind me"}
      </button>
      {/* Always there, so a screen reader hears what changed in it. */}
      <p role="status" className="basis-full text-sm text-muted empty:hidden">
        {message && !message.error ? message.text : ""}
      </p>
      {message?.error ? (
        <p role="alert" className="basis-full text-sm font-semibold text-lost">
          {message.text}
        </p>
      ) : null}
    </>
  );
}
