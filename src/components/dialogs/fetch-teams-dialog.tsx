"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch } from "@/components/api/api-fetch";
import { Field, InlineError, InlineSuccess, LeagueSelect } from "@/components/admin/hub/admin-ui";
import { ZFetchTeamsAnswer, type FetchTeamsResult } from "@/domain/schemas/events";
import type { DialogComponentProps } from "./dialog-types";
import { countOf } from "@/domain/plural";

/** fetchTeams (docs/SCREENS.md §4.7): upserts a league's teams from ESPN. Resolves with the count when it ran. */
export default function FetchTeamsDialog({ props, close, setBusy }: DialogComponentProps<{ league?: string }, { upserted: number }>) {
  const id = useId();
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
    <Dialog
      title="Fetch Teams"
      actions={
        <>
          <Button variant="secondary" onClick={() => close(done ? { upserted: done.upserted } : undefined)} disabled={busy}>
            Close
          </Button>
          <Button onClick={run} disabled={busy} data-autofocus>
            {busy ? "Fetching…" : "Fetch"}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <Field id={`${id}-league`} label="League">
          <LeagueSelect id={`${id}-league`} value={league} onChange={(e) => setLeague(e.target.value)} disabled={busy} />
        </Field>
        <InlineError message={error} />
        <InlineSuccess message={done ? `Upserted ${countOf(done.upserted, "team")} (${done.backend})` : null} />
      </div>
    </Dialog>
  );
}
