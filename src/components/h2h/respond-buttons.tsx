"use client";

import { AlertLine } from "@/components/ui/alert-line";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/components/api/api-fetch";
import { VDone } from "@/domain/schemas/common";

/** Accept or decline a head-to-head (the challenged player only); the page re-renders with the answer. */
export function RespondButtons({ challengeId }: { challengeId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState<null | "accept" | "decline">(null);
  const [error, setError] = useState<string | null>(null);

  async function answer(accept: boolean) {
    if (busy) return;
    setBusy(accept ? "accept" : "decline");
    setError(null);
    try {
      const answer = await apiFetch(`/api/h2h/${challengeId}/respond`, { schema: VDone, body: { accept } });
      if (!answer.ok) throw new Error(answer.error);
      router.refresh();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Something went wrong");
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => answer(true)} disabled={busy !== null}>
          {busy === "accept" ? "Accepting…" : "Accept Challenge"}
        </Button>
        <Button variant="secondary" onClick={() => answer(false)} disabled={busy !== null}>
          {busy === "decline" ? "Declining…" : "Decline"}
        </Button>
      </div>
      <AlertLine message={error} />
    </div>
  );
}
