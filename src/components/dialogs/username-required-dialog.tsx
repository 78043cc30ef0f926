"use client";

import { useContext, useEffect, useId, useState, type FormEvent } from "react";
import { usernameProblem } from "@/domain/username";
import { saveUsername } from "@/components/auth/save-username";
import { useSession } from "@/components/shell/session";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFrameContext } from "@/components/ui/dialog";
import type { DialogComponentProps } from "./dialog-types";

/**
 * "Choose a Username", shown once after a brand-new profile's first sign-in.
 * Saving (or "Not now", which keeps the generated handle) refreshes the
 * session from the server, which also ends the "new profile" prompt.
 */
export default function UsernameRequiredDialog({ close, setBusy }: DialogComponentProps<Record<string, never>, string>) {
  const { data, update } = useSession();
  const current = data?.user.profileID ?? "";
  const [username, setUsername] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = useId();
  const { setCloseHandler } = useContext(DialogFrameContext);

  const finish = async (profileID?: string) => {
    await update({ reason: "username" });
    close(profileID);
  };

  // "×", Escape and the backdrop mean "Not now" too: the prompt is over either way.
  useEffect(() => {
    setCloseHandler(() => void finish());
    return () => setCloseHandler(null);
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const proposed = username.trim();
    if (!proposed) {
      setError("Please enter a username");
      return;
    }
    // Saving the generated handle unchanged is the same as "Not now".
    if (proposed.toLowerCase() === current.toLowerCase()) {
      await finish();
      return;
    }
    const problem = usernameProblem(proposed, current);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    setBusy(true);
    setError(null);
    const result = await saveUsername(proposed);
    setSaving(false);
    setBusy(false);
    if (result.saved) await finish(result.profileID);
    else setError(result.reason === "refused" ? result.message : "Could not update username. Please try again.");
  }

  return (
    <Dialog title="Choose a Username" description="This is how other players will see you.">
      <form onSubmit={onSubmit} noValidate>
        {error ? (
          <p id={`${ids}-error`} role="alert" className="mb-3 rounded-xl bg-lost-tint px-3 py-2 text-sm font-semibold text-lost">
            {error}
          </p>
        ) : null}
        <label htmlFor={`${ids}-username`} className="block font-semibold">
          Username:
        </label>
        <input
          id={`${ids}-username`}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          onFocus={(event) => event.target.select()}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          className="mt-1 block min-h-11 w-full rounded-xl border border-line bg-surface px-3 text-lg text-ink aria-[invalid=true]:border-lost"
        />
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={saving} onClick={() => void finish()}>
            Not now
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
