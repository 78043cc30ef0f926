"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { AlertLine } from "@/components/ui/alert-line";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/components/api/api-fetch";
import { VDone } from "@/domain/schemas/common";

/**
 * One group write behind a confirmation (docs/decisions/066-groups.md): the first press asks
 * ("Remove @ann?") with Yes and Cancel in place, the second posts; then the page re-renders, or
 * goes to `then` (leaving a group goes back to the list). Errors show under the buttons.
 */
export function GroupAction({
  url,
  body = {},
  label,
  confirm,
  yes,
  then,
  variant = "secondary",
}: {
  url: string;
  body?: Record<string, unknown>;
  label: ReactNode;
  confirm: string;
  yes: string;
  then?: string;
  variant?: "secondary" | "danger";
}) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function go() {
    setBusy(true);
    setError(null);
    const answer = await apiFetch(url, { schema: VDone, body });
    setBusy(false);
    if (!answer.ok) return setError(answer.error);
    setAsking(false);
    if (then) router.push(then);
    else router.refresh();
  }

  return (
    <div className="flex flex-col items-end gap-1">
      {asking ? (
        <div role="group" aria-label={confirm} className="flex flex-wrap items-center justify-end gap-2">
          <span className="text-sm font-semibold">{confirm}</span>
          <Button variant={variant} onClick={go} disabled={busy}>
            {busy ? "Working…" : yes}
          </Button>
          <Button variant="secondary" onClick={() => setAsking(false)} disabled={busy}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {label}
        </Button>
      )}
      <AlertLine message={error} />
    </div>
  );
}
