"use client";

import { useContext, useEffect, type FormEvent } from "react";
import { usernameProblem } from "@/domain/username";
import { useSession } from "@/components/shell/session";
import { Dialog, DialogFrameContext } from "@/components/ui/dialog";
import type { DialogComponentProps } from "./dialog-types";
import { UsernameForm, useUsernameForm } from "./username-form";

/**
 * "Choose a Username", shown once after a brand-new profile's first sign-in.
 * Saving (or "Not now", which keeps the generated handle) refreshes the
 * session from the server, which also ends the "new profile" prompt.
 */
export default function UsernameRequiredDialog({ close, setBusy }: DialogComponentProps<Record<string, never>, string>) {
  const { data, update } = useSession();
  const current = data?.user.profileID ?? "";
  const form = useUsernameForm(current, setBusy);
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
    if (form.saving) return;
    const proposed = form.username.trim();
    // Saving the generated handle unchanged is the same as "Not now".
    if (proposed && proposed.toLowerCase() === current.toLowerCase()) {
      await finish();
      return;
    }
    const result = await form.save(proposed, proposed ? usernameProblem(proposed, current) : "Please enter a username");
    if (!result) return;
    if (result.saved) await finish(result.profileID);
    else form.setError(result.reason === "refused" ? result.message : "Could not update username. Please try again.");
  }

  return (
    <Dialog title="Choose a Username" description="This is how other players will see you.">
      <UsernameForm
        label="Username:"
        {...form.fields}
        savingLabel="Saving..."
        onSubmit={onSubmit}
        cancelLabel="Not now"
        onCancel={() => void finish()}
        inputProps={{ maxLength: 20, onFocus: (event) => event.target.select() }}
      />
    </Dialog>
  );
}
