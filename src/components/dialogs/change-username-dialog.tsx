"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { usernameProblem } from "@/domain/username";
import { saveUsername } from "@/components/auth/save-username";
import { useSession } from "@/components/shell/session";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import type { DialogComponentProps } from "./dialog-types";
import { UsernameForm } from "./username-form";

/** "Change username": on success refreshes the session, goes to the new profile URL and resolves with the new handle. */
export default function ChangeUsernameDialog({ close, setBusy }: DialogComponentProps<Record<string, never>, string>) {
  const { data, update } = useSession();
  const router = useRouter();
  const { showToast } = useToast();
  const [username, setUsername] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

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
      <UsernameForm
        label="New username"
        username={username}
        onUsernameChange={setUsername}
        error={error}
        saving={saving}
        savingLabel="Saving…"
        onSubmit={onSubmit}
        cancelLabel="Cancel"
        onCancel={() => close()}
        inputProps={{ "data-autofocus": true, placeholder: "e.g. sports_fan_23" }}
      />
    </Dialog>
  );
}
