"use client";

import Link from "@/components/ui/link";
import { useEffect, useState } from "react";
import { AlertCircle, Loader2 } from "lucide-react";
import type { InferOutput } from "valibot";
import { apiFetch } from "@/components/api/api-fetch";
import { Dialog } from "@/components/ui/dialog";
import { VPackUserTakesAnswer } from "@/domain/schemas/play";
import type { DialogComponentProps } from "./dialog-types";

type Item = InferOutput<typeof VPackUserTakesAnswer>["items"][number];

const RESULT: Record<string, { label: string; className: string }> = {
  won: { label: "Won", className: "text-won" },
  lost: { label: "Lost", className: "text-lost" },
  push: { label: "Pushed", className: "text-push" },
};

/** "{handle}'s takes" on a pack: readable by the owner before close and by anyone after. */
export default function UserTakesDialog({ props }: DialogComponentProps<{ packURL: string; profileID: string }>) {
  const [items, setItems] = useState<Item[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void apiFetch(`/api/packs/${encodeURIComponent(props.packURL)}/userTakes?profileID=${encodeURIComponent(props.profileID)}`, {
      schema: VPackUserTakesAnswer,
      fallback: "Failed to load",
    }).then((answer) => (answer.ok ? setItems(answer.data.items) : setError(answer.error)));
  }, [props.packURL, props.profileID]);
  return (
    <Dialog title={`${props.profileID}'s takes`}>
      <Link href={`/profile/${encodeURIComponent(props.profileID)}`} className="font-semibold text-accent hover:underline">
        View full profile
      </Link>
      <div className="mt-3">
        {error ? (
          <p role="alert" className="flex items-center gap-2 text-lost">
            <AlertCircle size={18} aria-hidden="true" />{" "}
            {error === "Takes on this pack stay private until it closes." ? error : "Failed to load"}
          </p>
        ) : items === null ? (
          <p role="status" className="flex items-center gap-2 text-muted">
            <Loader2 size={18} className="animate-spin" aria-hidden="true" /> Loading…
          </p>
        ) : items.length === 0 ? (
          <p className="text-center text-muted">No takes found for this pack.</p>
        ) : (
          <ul className="divide-y divide-line">
            {items.map((item) => {
              const result = RESULT[item.result] ?? { label: "Pending", className: "text-muted" };
              return (
                <li key={item.propID} className="flex items-center justify-between gap-3 py-2">
                  <span>{item.statement}</span>
                  <span className="flex shrink-0 gap-3 text-sm font-semibold">
                    <span className={result.className}>{result.label}</span>
                    <span className="tabular">{item.points} pts</span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
