"use client";

import { useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { InlineError, InlineSuccess } from "@/components/admin/hub/admin-ui";
import { ZFetchTeamsAnswer, type FetchTeamsResult } from "@/domain/schemas/events";
import type { DialogComponentProps } from "./dialog-types";
import { EspnImportDialog } from "./espn-import-dialog";
import { countOf } from "@/domain/plural";

/** fetchTeams (docs/SCREENS.md §4.7): upserts a league's teams from ESPN. Resolves with the count when it ran. */
export default function FetchTeamsDialog({ props, close, setBusy }: DialogComponentProps<{ league?: string }, { upserted: number }>) {
  const [league, setLeague] = useState(props.league ?? "nfl");
  const [busy, setBusyState] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<FetchTeamsResult | null>(null);

  const run = async () => {
    setBusyState(true);
    setBusy(true);
    setError(null);
    setDone(null);
    const answer = await apiFetch("/api/admin/fetchTeams", { schema: ZFetchTeamsAnswer, body: { league }, fallback: "Fetch failed" });
    setBusyState(false);
    setBusy(false);
    if (answer.ok) setDone(answer.data);
    else setError(answer.error);
  };

  return (
    <EspnImportDialog
      title="Fetch Teams"
      league={league}
      onLeagueChange={setLeague}
      busy={busy}
      onFetch={run}
      onClose={() => close(done ? { upserted: done.upserted } : undefined)}
    >
      {() => (
        <>
          <InlineError message={error} />
          <InlineSuccess message={done ? `Upserted ${countOf(done.upserted, "team")} (${done.backend})` : null} />
        </>
      )}
    </EspnImportDialog>
  );
}
