"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { AlertLine } from "@/components/ui/alert-line";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/components/api/api-fetch";
import { VDone } from "@/domain/schemas/common";

/**
 * Hide (or show again) one group on /admin/groups, with the reason the audit log keeps
 * (docs/decisions/066-groups.md): the reason field opens first, then the admin confirms.
 */
export function HideGroupForm({ groupId, groupName, hidden }: { groupId: string; groupName: string; hidden: boolean }) {
  const router = useRouter();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verb = hidden ? "Unhide" : "Hide";

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await apiFetch(`/api/admin/groups/${groupId}/hide`, { schema: VDone, body: { hidden: !hidden, reason } });
    setBusy(false);
    if (!answer.ok) return setError(answer.error);
    setOpen(false);
    setReason("");
    router.refresh();
  }

  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={`${verb} ${groupName}`}>
        {verb}
      </Button>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={reasonId} className="text-sm font-semibold">
        Reason to {verb.toLowerCase()} “{groupName}”
      </label>
      <input
        id={reasonId}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        required
        minLength={3}
        maxLength={300}
        className="min-h-11 rounded-xl border border-line bg-page px-3"
      />
      <AlertLine message={error} />
      <div className="flex gap-2">
        <Button type="submit" variant={hidden ? "primary" : "danger"} disabled={busy || reason.trim().length < 3}>
          {busy ? "Saving…" : verb}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
