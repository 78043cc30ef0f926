"use client";

import { useCallback, useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/components/api/api-fetch";
import { toggled } from "@/components/admin/hub/toggled";
import { useReloadOnChange } from "@/components/admin/hub/keyset-list";
import { DataTable, Field, FilterBar, InlineError, Input, LeagueSelect, Select, tdClass } from "@/components/admin/hub/admin-ui";
import { ZPropsPage, type AdminProp } from "@/domain/schemas/props";
import { formatAdminDateTime, nyDay } from "@/domain/time";
import { countOf } from "@/domain/plural";

const SORTS = { event_time: "Event Time", event: "Event", prop: "Prop" } as const;
const isSort = (value: string): value is keyof typeof SORTS => Object.hasOwn(SORTS, value);

/**
 * The "Existing props" tab of addProp: filter, sort and page through props
 * (100 at a time with "Load more") and pick some.
 */
export function ExistingPropsPicker({
  selected,
  onSelectedChange,
}: {
  selected: Set<string>;
  onSelectedChange: (next: Set<string>) => void;
}) {
  const id = useId();
  const [eventDay, setEventDay] = useState(() => nyDay(new Date()));
  const [league, setLeague] = useState("");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<keyof typeof SORTS>("event_time");
  const [ascending, setAscending] = useState(true);
  const [rows, setRows] = useState<AdminProp[]>([]);
  const [nextOffset, setNextOffset] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const query = useCallback(
    (offset: number) => {
      const params = new URLSearchParams({
        limit: "100",
        view: "all",
        offset: String(offset),
        sort: `${sort}_${ascending ? "asc" : "desc"}`,
      });
      if (eventDay) params.set("eventDay", eventDay);
      if (league) params.set("league", league);
      if (search.trim()) params.set("q", search.trim());
      return `/api/props?${params}`;
    },
    [eventDay, league, search, sort, ascending],
  );

  const load = useCallback(
    async (offset: number) => {
      setLoading(true);
      setError(null);
      const answer = await apiFetch(query(offset), { schema: ZPropsPage, fallback: "Failed to load props" });
      setLoading(false);
      if (!answer.ok) return setError("Failed to load props");
      setRows((current) => (offset === 0 ? answer.data.props : [...current, ...answer.data.props]));
      setNextOffset(answer.data.nextOffset);
    },
    [query],
  );

  const firstPage = useCallback(() => load(0), [load]);
  useReloadOnChange(firstPage, 250);

  const toggle = (propId: string) => {
    onSelectedChange(toggled(selected, propId));
  };
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.propID));

  return (
    <div className="grid gap-3">
      <FilterBar label="Filter props" className="sm:grid-cols-2">
        <Field id={`${id}-day`} label="Event Day">
          <WithClear onClear={() => setEventDay("")}>
            <Input id={`${id}-day`} type="date" value={eventDay} onChange={(e) => setEventDay(e.target.value)} />
          </WithClear>
        </Field>
        <Field id={`${id}-league`} label="League">
          <WithClear onClear={() => setLeague("")}>
            <LeagueSelect id={`${id}-league`} allLabel="All" value={league} onChange={(e) => setLeague(e.target.value)} />
          </WithClear>
        </Field>
        <Field id={`${id}-search`} label="Search">
          <Input id={`${id}-search`} placeholder="prop or event" value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field>
        <Field id={`${id}-sort`} label="Sort">
          <div className="flex gap-2">
            <Select id={`${id}-sort`} value={sort} onChange={(e) => setSort(isSort(e.target.value) ? e.target.value : "event_time")}>
              {Object.entries(SORTS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
            <Button
              variant="secondary"
              aria-label={ascending ? "Sort descending" : "Sort ascending"}
              onClick={() => setAscending((a) => !a)}
            >
              {ascending ? "↑" : "↓"}
            </Button>
          </div>
        </Field>
      </FilterBar>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            const next = new Set(selected);
            for (const row of rows) {
              if (allSelected) next.delete(row.propID);
              else next.add(row.propID);
            }
            onSelectedChange(next);
          }}
          disabled={rows.length === 0}
        >
          {allSelected ? "Unselect All" : "Select All"}
        </Button>
        <Button variant="secondary" onClick={() => onSelectedChange(new Set())} disabled={selected.size === 0}>
          Clear Selection
        </Button>
      </div>
      <p role="status" className="text-sm text-muted">
        {loading && rows.length === 0 ? "Loading props..." : `Showing ${countOf(rows.length, "prop")}. Selected ${selected.size}.`}
      </p>
      <InlineError message={error} />
      {!loading && !error && rows.length === 0 ? (
        <p className="py-4 text-center text-muted">No props match the current filters</p>
      ) : (
        <DataTable
          label="Existing props"
          columns={["Prop Short", "Event", "League", "Event Time", "Select"]}
          wrapClassName="max-h-80 overflow-y-auto"
        >
          {rows.map((row) => (
            <tr key={row.propID}>
              <td className={tdClass}>{row.propShort}</td>
              <td className={tdClass}>{row.eventTitle ?? "—"}</td>
              <td className={`${tdClass} uppercase`}>{row.eventLeague ?? "—"}</td>
              <td className={`${tdClass} tabular`}>{row.eventTime ? formatAdminDateTime(new Date(row.eventTime)) : "—"}</td>
              <td className={tdClass}>
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  checked={selected.has(row.propID)}
                  onChange={() => toggle(row.propID)}
                  aria-label={`Select ${row.propShort}`}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm text-muted">{nextOffset === null ? "All results loaded" : "More results available"}</span>
        {nextOffset !== null ? (
          <Button variant="secondary" onClick={() => void load(nextOffset)} disabled={loading}>
            {loading ? "Loading…" : "Load more"}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** A filter's control with its "Clear" button beside it. */
function WithClear({ onClear, children }: { onClear: () => void; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      {children}
      <Button variant="secondary" onClick={onClear}>
        Clear
      </Button>
    </div>
  );
}
