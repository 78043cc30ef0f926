"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Swords } from "lucide-react";
import { apiFetch } from "@/components/api/api-fetch";
import { useModal } from "@/components/dialogs/modal-context";
import { AlertLine } from "@/components/ui/alert-line";
import { Button } from "@/components/ui/button";
import { VChallengeCreated } from "@/domain/schemas/play";

/**
 * One-tap rematch (docs/decisions/069-rivals-and-the-ai-player.md): confirms who is texted and on
 * which pack, then challenges them on the next pack the two can play (POST /api/h2h/rematch, the
 * challenge rules of POST /api/h2h) and goes to the new matchup.
 */
export function RematchButton({ handle, packTitle }: { handle: string; packTitle: string }) {
  const router = useRouter();
  const { openModal } = useModal();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function onClick() {
    if (sending) return;
    const confirmed = await openModal("confirm", {
      title: `Rematch @${handle}?`,
      message: `We'll text @${handle} a link to accept or decline your head-to-head on ${packTitle}.`,
      confirmLabel: "Send & Text",
    });
    if (!confirmed) return;
    setSending(true);
    setError(null);
    const answer = await apiFetch("/api/h2h/rematch", { schema: VChallengeCreated, body: { opponent: handle } });
    if (!answer.ok) {
      setError(answer.error);
      setSending(false);
      return;
    }
    router.push(answer.data.url);
  }

  return (
    <div className="flex flex-col gap-1">
      <Button variant="secondary" onClick={onClick} disabled={sending}>
        <Swords size={16} aria-hidden="true" /> {sending ? "Sending…" : "Rematch"}
      </Button>
      <AlertLine message={error} />
    </div>
  );
}
