"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { AlertLine } from "@/components/ui/alert-line";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/components/api/api-fetch";
import { VGroupPageAnswer } from "@/domain/schemas/group-answers";

/** "Join group" on an invite's landing page: joins, then opens the group (joining twice is harmless). */
export function JoinGroupButton({ token }: { token: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function join() {
    setBusy(true);
    setError(null);
    const answer = await apiFetch("/api/groups/join", { schema: VGroupPageAnswer, body: { token } });
    if (!answer.ok) {
      setBusy(false);
      return setError(answer.error);
    }
    router.push(answer.data.url);
  }
  return (
    <div className="flex flex-col gap-2">
      <Button onClick={join} disabled={busy} className="w-full sm:w-auto">
        {busy ? "Joining…" : "Join group"}
      </Button>
      <AlertLine message={error} />
    </div>
  );
}
