"use client";

import Link from "@/components/ui/link";
import { useCallback, useId, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/components/api/api-fetch";
import { toggled } from "@/components/admin/hub/toggled";
import { MoveCloseButton, SelectBox, useSelection } from "@/components/admin/hub/selection";
import { useReloadOnChange } from "@/components/admin/hub/keyset-list";
import {
  AdminDateTime,
  CheckboxLabel,
  DataTable,
  Field,
  FilterBar,
  InlineError,
  Input,
  inputClass,
  labelClass,
  SearchAndLeagueFields,
  Select,
  tdClass,
} from "@/components/admin/hub/admin-ui";
import { PROP_STATUSES, type PropStatus } from "@/domain/authoring";
import { ZPropAnswer, ZPropsPage, type AdminProp } from "@/domain/schemas/props";
import { useDeleteProp } from "./use-delete-prop";

/** /admin/props: filters, 100 per page with "Load More", inline open/closed status (docs/SCREENS.md §3.6). */
export function PropsAdmin() {
  const id = useId();
  const { openModal } = useModal();
  const { showToast } = useToast();
  const deleteProp = useDeleteProp();
  const [statuses, setStatuses] = useState<Set<PropStatus>>(new Set());
  const [search, setSearch] = useState("");
  const [league, setLeague] = useState("");
  const [sort, setSort] = useState<"created_asc" | "created_desc">("created_desc");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [rows, setRows] = useState<AdminProp[] | null>(null);
  const [nextOffset, setNextOffset] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { selected, toggle } = useSelection();
  const [saving, setSaving] = useState<string | null>(null);

  const load = useCallback(
    async (offset: number) => {
      setLoading(true);
      const params = new URLSearchParams({ limit: "100", view: "all", offset: String(offset), sort });
      if (statuses.size) params.set("status", [...statuses].join(","));
      if (search.trim()) params.set("q", search.trim());
      if (league) params.set("league", league);
      if (from) params.set("from", from);
      if (to) params.set("to", to);
      const answer = await apiFetch(`/api/props?${params}`, { schema: ZPropsPage, fallback: "Failed to load props" });
      setLoading(false);
      if (!answer.ok) return setError("Failed to load props");
      setError(null);
      setRows((current) => (offset === 0 ? answer.data.props : [...(current ?? []), ...answer.data.props]));
      setNextOffset(answer.data.nextOffset);
    },
    [statuses, search, league, sort, from, to],
  );

  const firstPage = useCallback(() => load(0), [load]);
  useReloadOnChange(firstPage);

  const setStatus = async (prop: AdminProp, status: PropStatus) => {
    setSaving(prop.propID);
    const answer = await apiFetch(`/api/admin/props/${prop.propID}/status`, { schema: ZPropAnswer, body: { status } });
    setSaving(null);
    if (!answer.ok) return showToast(answer.error, "error");
    setRows((current) => current?.map((r) => (r.propID === prop.propID ? { ...r, status: answer.data.prop.status } : r)) ?? null);
  };

  const remove = async (prop: AdminProp) => {
    if (await deleteProp(prop)) setRows((current) => current?.filter((r) => r.propID !== prop.propID) ?? null);
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className={labelClass}>Status</legend>
        {PROP_STATUSES.map((status) => (
          <CheckboxLabel key={status} checked={statuses.has(status)} onChange={() => setStatuses((current) => toggled(current, status))}>
            {status}
          </CheckboxLabel>
        ))}
        <Button variant="ghost" onClick={() => setStatuses(new Set())} disabled={statuses.size === 0}>
          Clear
        </Button>
      </fieldset>
      <FilterBar label="Filter props" className="sm:grid-cols-2 lg:grid-cols-5">
        <SearchAndLeagueFields
          id={id}
          searchLabel="Search"
          searchClassName="lg:col-span-2"
          placeholder="Search question, summary, event title..."
          search={search}
          onSearch={setSearch}
          league={league}
          onLeague={setLeague}
        />
        <Field id={`${id}-sort`} label="Sort by Created">
          <Select
            id={`${id}-sort`}
            value={sort}
            onChange={(e) => setSort(e.target.value === "created_asc" ? "created_asc" : "created_desc")}
          >
            <option value="created_asc">Oldest</option>
            <option value="created_desc">Newest</option>
          </Select>
        </Field>
        <div className="grid grid-cols-2 gap-2">
          <Field id={`${id}-from`} label="From">
            <Input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </Field>
          <Field id={`${id}-to`} label="To">
            <Input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </Field>
        </div>
      </FilterBar>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void load(0)} disabled={loading}>
          {loading ? "Refreshing…" : "Refresh"}
        </Button>
        <Button
          onClick={async () => {
            await openModal("addProp", { superProp: true });
            void load(0);
          }}
        >
          Create Super Prop
        </Button>
        {selected.size ? (
          <Link href={`/admin/gradeProps?ids=${[...selected].join(",")}`} className={buttonClass("secondary")}>
            Grade selected
          </Link>
        ) : null}
        {selected.size ? (
          <MoveCloseButton target="props" ids={[...selected]} label="Move close/lock…" onMoved={() => void load(0)} />
        ) : null}
      </div>
      <InlineError message={error} />
      {rows === null ? (
        <p role="status" className="text-muted">
          Loading props...
        </p>
      ) : rows.length === 0 ? (
        <p className="py-8 text-center text-muted">No props match the current filters</p>
      ) : (
        <DataTable label="Props" columns={[{ hidden: "Select" }, "Question", "Game", "Created", "Status", "Pack", "Actions"]}>
          {rows.map((prop) => {
            const cover = prop.thumbnailUrl ?? prop.eventCoverUrl;
            // Closed by its close time, a prop re-opens only by moving that time (decision 065), so no select.
            const manual = (prop.status === "open" || prop.status === "closed") && !prop.closedByClock;
            return (
              <tr key={prop.propID}>
                <td className={tdClass}>
                  <SelectBox label={`Select ${prop.propShort}`} checked={selected.has(prop.propID)} onToggle={() => toggle(prop.propID)} />
                </td>
                {/* The cover sits in the question's cell, the league and start time in the game's: the table fits 1280 px (issue 24). */}
                <td className={tdClass}>
                  <div className="flex min-w-44 items-start gap-2">
                    {/* eslint-disable-next-line @next/next/no-img-element -- covers are plain remote images */}
                    {cover ? <img src={cover} alt="" width={32} height={32} className="h-8 w-8 shrink-0 rounded object-cover" /> : null}
                    <span className="min-w-0">
                      <span className="font-semibold">{prop.propShort}</span>
                      {prop.propSummary ? <span className="line-clamp-2 text-muted">{prop.propSummary}</span> : null}
                    </span>
                  </div>
                </td>
                <td className={`${tdClass} min-w-36`}>
                  <span className="block">{prop.eventTitle ?? "—"}</span>
                  {prop.eventTime ? (
                    <AdminDateTime
                      value={prop.eventTime}
                      extra={prop.eventLeague ? <span className="uppercase"> · {prop.eventLeague}</span> : null}
                    />
                  ) : null}
                </td>
                <td className={tdClass}>
                  <AdminDateTime value={prop.createdAt} />
                </td>
                <td className={tdClass}>
                  {manual ? (
                    <Select
                      aria-label={`Status of ${prop.propShort}`}
                      className={`${inputClass} min-w-24`}
                      value={prop.status}
                      disabled={saving === prop.propID}
                      onChange={(e) => void setStatus(prop, e.target.value as PropStatus)}
                    >
                      <option value="open">open</option>
                      <option value="closed">closed</option>
                    </Select>
                  ) : (
                    <span className="font-semibold">
                      {prop.status}
                      {prop.closedByClock ? <span className="block text-xs font-normal text-muted">at its close time</span> : null}
                    </span>
                  )}
                  {saving === prop.propID ? <span className="block text-xs text-muted">Saving…</span> : null}
                </td>
                <td className={tdClass}>
                  <Link href={`/packs/${prop.packURL}`} className="text-accent underline">
                    {prop.packTitle}
                  </Link>
                </td>
                <td className={tdClass}>
                  <div className="flex flex-wrap gap-1">
                    <Link className={buttonClass("ghost", "!px-3")} href={`/admin/props/${prop.propID}`}>
                      Edit
                    </Link>
                    <Link className={buttonClass("ghost", "!px-3")} href={`/packs/${prop.packURL}`}>
                      Public
                    </Link>
                    <Link className={buttonClass("ghost", "!px-3")} href={`/admin/gradeProps?ids=${prop.propID}`}>
                      Grade
                    </Link>
                    <Button variant="ghost" className="!px-3 text-lost" onClick={() => remove(prop)}>
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      {nextOffset !== null ? (
        <Button variant="secondary" className="justify-self-center" onClick={() => void load(nextOffset)} disabled={loading}>
          {loading ? "Loading…" : "Load More"}
        </Button>
      ) : null}
    </div>
  );
}
