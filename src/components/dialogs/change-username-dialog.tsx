"use client";

import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { usernameProblem } from "@/domain/username";
import { useSession } from "@/components/shell/session";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import type { DialogComponentProps } from "./dialog-types";
import { UsernameForm, useUsernameForm } from "./username-form";

/** "Change username": on success refreshes the session, goes to the new profile URL and resolves with the new handle. */
export default function ChangeUsernameDialog({ close, setBusy }: DialogComponentProps<Record<string, never>, string>) {
  const { data, update } = useSession();
  const router = useRouter();
  const { showToast } = useToast();
  const form = useUsernameForm("", setBusy);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (form.saving) return;
    // Saved, the dialog stays busy while the session refreshes and the page moves to the new profile.
    const result = await form.save(form.username.trim(), usernameProblem(form.username, data?.user.profileID), true);
    if (!result) return;
    if (result.saved) {
      await update({ reason: "username" });
      setBusy(false);
      showToast("Username updated");
      router.push(`/profile/${encodeURIComponent(result.profileID)}`);
      close(result.profileID);
      return;
    }
    if (result.reason === "refused") form.setError(result.message);
    else form.setError(result.reason === "failed" ? "Failed to update username" : "Could not update username");
  }

  return (
    <Dialog title="Change username" description="Your username is how others find you. It must be unique.">
      <UsernameForm
        label="New username"
        {...form.fields}
        savingLabel="Saving…"
        onSubmit={onSubmit}
        cancelLabel="Cancel"
        onCancel={() => close()}
        inputProps={{ "data-autofocus": true, placeholder: "e.g. sports_fan_23" }}
      />
    </Dialog>
  );
}
