"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/components/api/api-fetch";
import { ZClosePropsAnswer } from "@/domain/schemas/grading";
import { countOf } from "@/domain/plural";

/** "Close Props": closes every open prop whose close time has passed and says how many. */
export function ClosePropsButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const answer = await apiFetch("/api/admin/props/close", { schema: ZClosePropsAnswer, method: "POST", body: {} });
          setBusy(false);
          setMessage(
            answer.ok ? { text: `Closed ${countOf(answer.data.closed, "prop")}.`, error: false } : { text: answer.error, error: true },
          );
          if (answer.ok) router.refresh();
        }}
      >
        {busy ? "Closing..." : "Close Props"}
      </Button>
      <span role="status" className={`text-sm font-semibold ${message?.error ? "text-lost" : "text-won"}`}>
        {message?.text ?? ""}
      </span>
    </span>
  );
}
