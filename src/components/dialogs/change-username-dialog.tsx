"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { usernameProblem } from "@/domain/username";
import { saveUsername } from "@/components/auth/save-username";
import { useSession } from "@/components/shell/session";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import type { DialogComponentProps } from "./dialog-types";

/** "Change username": on success refreshes the session, goes to the new profile URL and resolves with the new handle. */
export default function ChangeUsernameDialog({ close, setBusy }: DialogComponentProps<Record<string, never>, string>) {
  const { data, update } = useSession();
  const router = useRouter();
  const { showToast } = useToast();
  const [username, setUsername] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const problem = usernameProblem(username, data?.user.profileID);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    setBusy(true);
    setError(null);
    const result = await saveUsername(username.trim());
    if (result.saved) {
      await update({ reason: "username" });
      setBusy(false);
      showToast("Username updated");
      router.push(`/profile/${encodeURIComponent(result.profileID)}`);
      close(result.profileID);
      return;
    }
    setSaving(false);
    setBusy(false);
    if (result.reason === "refused") setError(result.message);
    else setError(result.reason === "failed" ? "Failed to update username" : "Could not update username");
  }

  return (
    <Dialog title="Change username" description="Your username is how others find you. It must be unique.">
      <form onSubmit={onSubmit} noValidate>
        {error ? (
          <p id={`${ids}-error`} role="alert" className="mb-3 rounded-xl bg-lost-tint px-3 py-2 text-sm font-semibold text-lost">
            {error}
          </p>
        ) : null}
        <label htmlFor={`${ids}-username`} className="block font-semibold">
          New username
        </label>
        <input
          id={`${ids}-username`}
          name="username"
          data-autofocus
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="e.g. sports_fan_23"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          className="mt-1 block min-h-11 w-full rounded-xl border border-line bg-surface px-3 text-lg text-ink placeholder:text-muted aria-[invalid=true]:border-lost"
        />
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={saving} onClick={() => close()}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving…" : "Save"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
