"use client";

import { useState } from "react";
import { Bell } from "lucide-react";
import { useModal } from "@/components/dialogs/modal-context";
import { useSession } from "@/components/shell/session";

/**
 * "Notify me when this Pack drops": a visitor signs in first (login, reason
 * notify), a player goes straight to subscribe; afterwards the bell chip shows.
 */
export function NotifyButton({
  scope,
}: {
  /** What `subscribe` offers, pre-checked: the pack's league, teams and series (named, so each checkbox has a label). */
  scope: { league: string; teams: Array<{ slug: string; name: string }>; series: Array<{ slug: string; title: string }> };
}) {
  const { status } = useSession();
  const { openModal } = useModal();
  const [state, setState] = useState<"idle" | "busy" | "done">("idle");
  if (state === "done") return <NotifiedChip />;
  return (
    <button
      type="button"
      disabled={state === "busy"}
      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-bold hover:bg-page"
      onClick={async () => {
        setState("busy");
        const result =
          status === "authenticated"
            ? await openModal("subscribe", scope)
            : // The login dialog hands its other props on to subscribe.
              await openModal("login", { reason: "notify", title: "Log in to follow", ...scope });
        setState(result ? "done" : "idle");
      }}
    >
      <Bell size={16} aria-hidden="true" />
      {state === "busy" ? "Adding…" : "Notify me when this Pack drops"}
    </button>
  );
}

export function NotifiedChip() {
  return (
    <span className="inline-flex items-center gap-1 text-sm font-semibold text-muted">
      <Bell size={16} aria-hidden="true" /> You&apos;ll be notified when this pack drops
    </span>
  );
}
