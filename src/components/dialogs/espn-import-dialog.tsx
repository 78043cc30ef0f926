"use client";

import { useId, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, LeagueSelect } from "@/components/admin/hub/admin-ui";

/**
 * The frame of the commissioner's ESPN imports, fetchEvents and fetchTeams (docs/SCREENS.md §4.7):
 * a league to import for, the import's own fields under it, and "Close" and "Fetch", both held while
 * an import runs.
 */
export function EspnImportDialog(props: {
  title: string;
  league: string;
  onLeagueChange: (league: string) => void;
  busy: boolean;
  onFetch: () => void;
  onClose: () => void;
  /** The import's fields and its outcome, under the league. */
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <Dialog
      title={props.title}
      actions={
        <>
          <Button variant="secondary" onClick={props.onClose} disabled={props.busy}>
            Close
          </Button>
          <Button onClick={props.onFetch} disabled={props.busy} data-autofocus>
            {props.busy ? "Fetching…" : "Fetch"}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <Field id={`${id}-league`} label="League">
          <LeagueSelect
            id={`${id}-league`}
            value={props.league}
            onChange={(e) => props.onLeagueChange(e.target.value)}
            disabled={props.busy}
          />
        </Field>
        {props.children(id)}
      </div>
    </Dialog>
  );
}
