"use client";

import { AlertLine } from "@/components/ui/alert-line";
import { usePathname, useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { DialogComponentProps } from "./dialog-types";
import { apiFetch } from "@/components/api/api-fetch";
import { VDone } from "@/domain/schemas/common";

interface MembersAccessProps {
  passwordID?: string;
  /** Where to go once access is granted (default `/contests`); the current page is re-rendered when it is the same. */
  redirectTo?: string;
}

const INCORRECT = "Incorrect password.";
const FAILED = "Could not fetch password";

/**
 * The members password gate (docs/SCREENS.md §4.5): the typed password, trimmed, is
 * checked on the server, which grants this browser an http-only access cookie.
 * Resolves "granted" on success.
 */
export default function MembersAccessDialog({ props, close, setBusy }: DialogComponentProps<MembersAccessProps, "granted">) {
  const router = useRouter();
  const pathname = usePathname();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const ids = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (checking) return;
    const typed = password.trim();
    if (!typed) return setError(INCORRECT);
    setChecking(true);
    setBusy(true);
    setError(null);
    let message: string | null = FAILED;
    try {
      const answer = await apiFetch("/api/members/access", {
        schema: VDone,
        body: { passwordID: props.passwordID ?? "beta-members", password: typed },
        fallback: "",
      });
      if (answer.ok) message = null;
      else if (answer.status === 403) message = INCORRECT;
      else if (answer.status === 429 && answer.error) message = answer.error;
    } catch {
      message = FAILED;
    }
    setChecking(false);
    setBusy(false);
    if (message) return setError(message);
    const target = props.redirectTo ?? "/contests";
    close("granted");
    if (target === pathname) router.refresh();
    else router.push(target);
  }

  return (
    <Dialog title="Members Access" description="Enter the secret password to access the site.">
      <form onSubmit={onSubmit} noValidate>
        <label htmlFor={`${ids}-password`} className="block font-semibold">
          Enter password
        </label>
        <input
          id={`${ids}-password`}
          name="password"
          type="password"
          data-autofocus
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one field: focus moves into a modal on open (WAI-ARIA dialog pattern)
          autoFocus
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          className="mt-1 block min-h-11 w-full rounded-xl border border-line bg-surface px-3 text-lg text-ink aria-[invalid=true]:border-lost"
        />
        <AlertLine message={error} id={`${ids}-error`} className="mt-2" />
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={checking} onClick={() => close()}>
            Cancel
          </Button>
          <Button type="submit" disabled={checking}>
            {checking ? "Checking…" : "Submit"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
