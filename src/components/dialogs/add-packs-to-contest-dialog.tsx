"use client";

import { useId, useState } from "react";
import { type PackOption, ZPackSearchAnswer } from "@/domain/schemas/contests";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DataTable, Input, LeagueSelect, tdClass } from "@/components/admin/hub/admin-ui";
import type { DialogComponentProps } from "./dialog-types";
import { LoadState, useApiQuery } from "@/components/api/use-api-query";

interface AddPacksProps {
  /** The contest's packs as the form holds them now: shown checked; unchecking removes. */
  selected?: PackOption[];
  /** The series form reuses this picker under its own title. */
  title?: string;
}

/**
 * "Add Packs to Contest" (docs/SCREENS.md §4.7): search by title or URL, filter by
 * league, check packs in or out. Resolves with the whole new selection.
 */
export default function AddPacksToContestDialog({ props, close }: DialogComponentProps<AddPacksProps, PackOption[]>) {
  const [search, setSearch] = useState("");
  // "all" or one of LeagueSelect's leagues (the pack search reads anything else as "all").
  const [league, setLeague] = useState("all");
  const [selected, setSelected] = useState<Map<string, PackOption>>(() => new Map((props.selected ?? []).map((pack) => [pack.id, pack])));
  const ids = useId();

  // Waits for a pause in typing before asking the server.
  const found = useApiQuery(`/api/admin/contests/pack-search?${new URLSearchParams({ search: search.trim(), league })}`, {
    schema: ZPackSearchAnswer,
    delayMs: 250,
  });

  const toggle = (pack: PackOption) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(pack.id)) next.delete(pack.id);
      else next.set(pack.id, pack);
      return next;
    });

  return (
    <Dialog
      title={props.title ?? "Add Packs to Contest"}
      size="lg"
      actions={
        <>
          <Button variant="secondary" onClick={() => close()}>
            Close
          </Button>
          <Button onClick={() => close([...selected.values()])}>Add Selected</Button>
        </>
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="flex-1">
          <label htmlFor={`${ids}-search`} className="sr-only">
            Search packs
          </label>
          <Input
            id={`${ids}-search`}
            type="search"
            data-autofocus
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one field: focus moves into a modal on open (WAI-ARIA dialog pattern)
            autoFocus
            placeholder="Search by title or URL..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-league`} className="sr-only">
            League
          </label>
          <LeagueSelect
            id={`${ids}-league`}
            value={league}
            onChange={(event) => setLeague(event.target.value)}
            allLabel="All Leagues"
            allValue="all"
          />
        </div>
      </div>
      <p className="mt-2 text-sm text-muted" aria-live="polite">
        {selected.size} selected
      </p>
      <div className="mt-2">
        <LoadState
          state={found.state}
          onRetry={found.retry}
          className="p-4"
          loading="Loading packs..."
          error="Failed to load packs"
          isEmpty={(answer) => answer.packs.length === 0}
          empty={<p className="p-4 text-center text-muted">No packs found</p>}
        >
          {({ packs }) => (
            <DataTable label="Packs" columns={["Select", "Title", "URL", "League", { label: "Props", className: "text-right" }]}>
              {packs.map((pack) => (
                <tr key={pack.id}>
                  <td className={tdClass}>
                    <input
                      type="checkbox"
                      checked={selected.has(pack.id)}
                      onChange={() => toggle(pack)}
                      aria-label={`Select ${pack.title}`}
                      className="h-5 w-5 accent-[var(--color-accent)]"
                    />
                  </td>
                  <td className={`${tdClass} font-semibold`}>{pack.title}</td>
                  <td className={`${tdClass} text-muted`}>{pack.packURL}</td>
                  <td className={`${tdClass} uppercase`}>{pack.league}</td>
                  <td className={`${tdClass} tabular text-right`}>{pack.propsCount}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </LoadState>
      </div>
    </Dialog>
  );
}
