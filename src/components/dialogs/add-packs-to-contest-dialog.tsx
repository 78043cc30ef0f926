"use client";

import { useEffect, useId, useState } from "react";
import { Loader2 } from "lucide-react";
import { type PackOption, ZPackSearchAnswer } from "@/domain/schemas/contests";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { LeagueSelect } from "@/components/admin/hub/admin-ui";
import type { DialogComponentProps } from "./dialog-types";
import { apiFetch } from "@/components/api/api-fetch";

interface AddPacksProps {
  /** The contest's packs as the form holds them now: shown checked; unchecking removes. */
  selected?: PackOption[];
  /** The series form reuses this picker under its own title. */
  title?: string;
}

type LoadState = { kind: "loading" } | { kind: "error" } | { kind: "ready"; packs: PackOption[] };

/**
 * "Add Packs to Contest" (docs/SCREENS.md §4.7): search by title or URL, filter by
 * league, check packs in or out. Resolves with the whole new selection.
 */
export default function AddPacksToContestDialog({ props, close }: DialogComponentProps<AddPacksProps, PackOption[]>) {
  const [search, setSearch] = useState("");
  const [league, setLeague] = useState<"all" | "nfl" | "mlb">("all");
  const [state, setState] = useState<LoadState>({ kind: "loading" });
  const [selected, setSelected] = useState<Map<string, PackOption>>(
    () => new Map((props.selected ?? []).map((pack) => [pack.id, pack])),
  );
  const ids = useId();

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: "loading" });
    // Wait for a pause in typing before asking the server.
    const timer = setTimeout(async () => {
      try {
        const query = new URLSearchParams({ search: search.trim(), league });
        const answer = await apiFetch(`/api/admin/contests/pack-search?${query}`, { schema: ZPackSearchAnswer, signal: controller.signal });
        if (!answer.ok) throw new Error(answer.error);
        setState({ kind: "ready", packs: answer.data.packs });
      } catch (error) {
        if (!controller.signal.aborted) setState({ kind: "error" });
        void error;
      }
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, league]);

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
          <input
            id={`${ids}-search`}
            type="search"
            data-autofocus
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one field: focus moves into a modal on open (WAI-ARIA dialog pattern)
            autoFocus
            placeholder="Search by title or URL..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="block min-h-11 w-full rounded-xl border border-line bg-surface px-3 text-ink placeholder:text-muted"
          />
        </div>
        <div>
          <label htmlFor={`${ids}-league`} className="sr-only">
            League
          </label>
          <LeagueSelect
            id={`${ids}-league`}
            value={league}
            onChange={(event) => setLeague(event.target.value as typeof league)}
            allLabel="All Leagues"
            allValue="all"
            className="block min-h-11 w-full rounded-xl border border-line bg-surface px-3 text-ink"
          />
        </div>
      </div>
      <p className="mt-2 text-sm text-muted" aria-live="polite">
        {selected.size} selected
      </p>
      <div className="mt-2 relative overflow-x-auto rounded-xl ring-1 ring-line">
        {state.kind === "loading" ? (
          <p role="status" className="flex items-center gap-2 p-4 text-muted">
            <Loader2 size={16} className="animate-spin" aria-hidden="true" /> Loading packs...
          </p>
        ) : state.kind === "error" ? (
          <p role="alert" className="p-4 font-semibold text-lost">
            Failed to load packs
          </p>
        ) : state.packs.length === 0 ? (
          <p className="p-4 text-center text-muted">No packs found</p>
        ) : (
          <table className="w-full text-sm">
            <thead className="sticky top-0 bg-surface text-xs uppercase tracking-wide text-muted">
              <tr className="border-b border-line">
                <th scope="col" className="px-3 py-2 text-left">Select</th>
                <th scope="col" className="px-3 py-2 text-left">Title</th>
                <th scope="col" className="px-3 py-2 text-left">URL</th>
                <th scope="col" className="px-3 py-2 text-left">League</th>
                <th scope="col" className="px-3 py-2 text-right">Props</th>
              </tr>
            </thead>
            <tbody>
              {state.packs.map((pack) => (
                <tr key={pack.id} className="border-b border-line last:border-0">
                  <td className="px-3 py-1">
                    <input
                      type="checkbox"
                      checked={selected.has(pack.id)}
                      onChange={() => toggle(pack)}
                      aria-label={`Select ${pack.title}`}
                      className="h-5 w-5 accent-[var(--color-accent)]"
                    />
                  </td>
                  <td className="px-3 py-2 font-semibold">{pack.title}</td>
                  <td className="px-3 py-2 text-muted">{pack.packURL}</td>
                  <td className="px-3 py-2 uppercase">{pack.league}</td>
                  <td className="tabular px-3 py-2 text-right">{pack.propsCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </Dialog>
  );
}
