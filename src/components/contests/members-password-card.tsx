"use client";

import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { KeyRound } from "lucide-react";
import { useModal } from "@/components/dialogs/modal-context";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { formatDateTime } from "@/domain/time";
import {
  MEMBERS_PASSWORD_MESSAGE,
  ZMembersPasswordChangeAnswer,
  ZMembersPasswordStatusAnswer,
  ZSetMembersPasswordRequest,
  type MembersPasswordStatus,
} from "@/domain/schemas/members";
import { apiFetch } from "@/components/api/api-fetch";

type PasswordStatus = MembersPasswordStatus;

/**
 * The admin "Members" card (docs/SCREENS.md §3.1): set the contests password, or
 * rotate it after a confirmation — rotating ends everyone's access at once.
 * The password is typed here and never shown back.
 */
export function MembersPasswordCard({ passwordID = "beta-members" }: { passwordID?: string }) {
  const { openModal } = useModal();
  const { showToast } = useToast();
  const ids = useId();
  const [status, setStatus] = useState<PasswordStatus | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    const answer = await apiFetch(`/api/admin/members/password?passwordID=${encodeURIComponent(passwordID)}`, {
      schema: ZMembersPasswordStatusAnswer,
    });
    if (answer.ok) setStatus(answer.data.status);
    setLoadFailed(!answer.ok);
  }, [passwordID]);

  useEffect(() => {
    void load();
  }, [load]);

  const rotating = Boolean(status?.isSet);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const checked = ZSetMembersPasswordRequest.safeParse({ passwordID, password });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? MEMBERS_PASSWORD_MESSAGE);
    if (rotating) {
      const confirmed = await openModal("confirm", {
        title: "Rotate password",
        message: "Rotate the members password?",
        confirmLabel: "Rotate password",
        destructive: true,
      });
      if (!confirmed) return;
    }
    setSaving(true);
    setError(null);
    try {
      const answer = await apiFetch("/api/admin/members/password", {
        schema: ZMembersPasswordChangeAnswer,
        body: { passwordID, password },
      });
      if (!answer.ok) throw new Error(answer.error);
      setPassword("");
      showToast(rotating ? "Members password rotated" : "Members password set");
      await load();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Something went wrong");
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-3 rounded-2xl bg-surface p-5 shadow-sm ring-1 ring-line">
      <h2 id={`${ids}-title`} className="flex items-center gap-2 text-xl font-extrabold tracking-tight">
        <KeyRound size={20} aria-hidden="true" /> Members
      </h2>
      <p className="text-sm text-muted" aria-live="polite">
        {loadFailed
          ? "Could not load the password status."
          : !status
            ? "Loading..."
            : status.isSet
              ? `The contests password is set${status.updatedAt ? ` (changed ${formatDateTime(new Date(status.updatedAt))}${status.updatedBy ? ` by @${status.updatedBy}` : ""})` : ""}. Rotating it ends everyone's access.`
              : "No contests password is set: contests are open to everyone."}
      </p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={`${ids}-password`} className="block text-sm font-semibold">
            New password
          </label>
          <input
            id={`${ids}-password`}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
            className="mt-1 block min-h-11 w-full rounded-xl border border-line bg-surface px-3 text-ink aria-[invalid=true]:border-lost"
          />
        </div>
        <Button type="submit" variant={rotating ? "danger" : "primary"} disabled={saving || !status}>
          {saving ? "Saving…" : rotating ? "Rotate password" : "Set password"}
        </Button>
      </form>
      {error ? (
        <p id={`${ids}-error`} role="alert" className="text-sm font-semibold text-lost">
          {error}
        </p>
      ) : null}
    </section>
  );
}
