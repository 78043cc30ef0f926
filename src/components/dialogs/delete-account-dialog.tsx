"use client";

import { useId, useState, type FormEvent } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { signOut } from "@/components/shell/session";
import { AlertLine } from "@/components/ui/alert-line";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { DialogComponentProps } from "./dialog-types";

const FAILED = "Could not delete your account. Check your connection and try again.";

/** What deleting does, in the words of docs/PRODUCT.md §1 (decision 057). */
const CONSEQUENCES = [
  "Your phone number, username, picture, favorite team, follows and text alerts are removed, and we stop texting you.",
  "Any diamonds you have left are forfeited. Codes you already redeemed stay yours.",
  "Your past takes stay on the boards and in their packs under an anonymous name, so nobody's results change.",
  "You are signed out on every device. Signing in again with this number starts a new account from zero.",
];

/**
 * "Delete account" (docs/SCREENS.md §2.11): says exactly what happens, asks the player to type
 * their username, then deletes and signs out to the home page. Busy while deleting (no Escape).
 */
export default function DeleteAccountDialog({ props, close, setBusy }: DialogComponentProps<{ handle: string }, boolean>) {
  const ids = useId();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (deleting) return;
    if (typed.trim().replace(/^@/, "").toLowerCase() !== props.handle.toLowerCase()) {
      setError(`Type ${props.handle} to confirm.`);
      return;
    }
    setDeleting(true);
    setBusy(true);
    setError(null);
    const result = await apiFetch("/api/profile/deleteAccount", {
      schema: () => import("@/domain/schemas/session").then((m) => m.VAccountDeleted),
      body: { confirmHandle: typed.trim() },
      fallback: FAILED,
    });
    if (!result.ok) {
      setDeleting(false);
      setBusy(false);
      setError(result.error);
      return;
    }
    // The account and its sessions are gone on the server; this clears the browser's cookie too, and a
    // full load of the home page (even when the sign-out call fails) leaves nothing of the account on screen.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load on purpose, as said above
    await signOut({ callbackUrl: "/" }).catch(() => window.location.assign("/"));
  }

  return (
    <Dialog title="Delete your account?" description="This cannot be undone.">
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {CONSEQUENCES.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <form onSubmit={onSubmit} noValidate className="mt-4">
        <AlertLine message={error} id={`${ids}-error`} box className="mb-3" />
        <label htmlFor={`${ids}-confirm`} className="block font-semibold">
          Type your username, <span className="break-all">{props.handle}</span>, to confirm
        </label>
        <input
          id={`${ids}-confirm`}
          name="confirmHandle"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          data-autofocus
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          className="mt-1 block min-h-11 w-full rounded-xl border border-line bg-surface px-3 text-lg text-ink aria-[invalid=true]:border-lost"
        />
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={deleting} onClick={() => close(false)}>
            Keep my account
          </Button>
          <Button type="submit" variant="danger" disabled={deleting}>
            {deleting ? "Deleting…" : "Delete my account"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
