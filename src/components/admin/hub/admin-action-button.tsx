"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/components/api/api-fetch";
import type { SchemaOutput, StandardSchema } from "@/domain/schemas/standard";

/**
 * An admin action of one click (POST {} to `url`): busy while it runs, then its outcome read out
 * beside it (`describe` words a success, the server's message an error) and the page refreshed.
 */
export function AdminActionButton<S extends StandardSchema>({
  url,
  schema,
  label,
  busyLabel,
  describe,
}: {
  url: string;
  schema: S;
  label: string;
  busyLabel: string;
  describe: (answer: SchemaOutput<S>) => string;
}) {
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
          const answer = await apiFetch(url, { schema, method: "POST", body: {} });
          setBusy(false);
          setMessage(answer.ok ? { text: describe(answer.data), error: false } : { text: answer.error, error: true });
          if (answer.ok) router.refresh();
        }}
      >
        {busy ? busyLabel : label}
      </Button>
      <span role="status" className={`text-sm font-semibold ${message?.error ? "text-lost" : "text-won"}`}>
        {message?.text ?? ""}
      </span>
    </span>
  );
}
