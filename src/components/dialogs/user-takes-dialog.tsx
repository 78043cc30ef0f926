"use client";

import Link from "@/components/ui/link";
import { LoadState, useApiQuery } from "@/components/api/use-api-query";
import { Dialog } from "@/components/ui/dialog";
import { VPackUserTakesAnswer } from "@/domain/schemas/play";
import type { DialogComponentProps } from "./dialog-types";

const RESULT: Record<string, { label: string; className: string }> = {
  won: { label: "Won", className: "text-won" },
  lost: { label: "Lost", className: "text-lost" },
  push: { label: "Pushed", className: "text-push" },
};

/** "{handle}'s takes" on a pack: readable by the owner before close and by anyone after. */
export default function UserTakesDialog({ props }: DialogComponentProps<{ packURL: string; profileID: string }>) {
  const takes = useApiQuery(`/api/packs/${encodeURIComponent(props.packURL)}/userTakes?profileID=${encodeURIComponent(props.profileID)}`, {
    schema: VPackUserTakesAnswer,
  });
  return (
    <Dialog title={`${props.profileID}'s takes`}>
      <Link href={`/profile/${encodeURIComponent(props.profileID)}`} className="font-semibold text-accent hover:underline">
        View full profile
      </Link>
      <div className="mt-3">
        <LoadState
          state={takes.state}
          onRetry={takes.retry}
          // The one refusal worth reading to a player; any other failure is just "Failed to load".
          error={(message) => (message === "Takes on this pack stay private until it closes." ? message : "Failed to load")}
          isEmpty={({ items }) => items.length === 0}
          empty={<p className="text-center text-muted">No takes found for this pack.</p>}
        >
          {({ items }) => (
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
        </LoadState>
      </div>
    </Dialog>
  );
}
