"use client";

import Link from "@/components/ui/link";
import { Fragment, useCallback, useId, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { KeysetRows, useKeysetList, useReloadOnChange } from "@/components/admin/hub/keyset-list";
import { apiFetch } from "@/components/api/api-fetch";
import { toggled } from "@/components/admin/hub/toggled";
import { MoveCloseButton, SelectBox, useSelection } from "@/components/admin/hub/selection";
import { useModal } from "@/components/dialogs/modal-context";
import { openingTextsNotice } from "@/components/admin/packs/opening-texts";
import type { PackOpenTextChoice } from "@/domain/schemas/pack-texts";
import { ZAdminPacksPage, ZPackChangeAnswer, type AdminPackSummary } from "@/domain/schemas/packs";
import {
  AdminDateTime,
  CheckboxLabel,
  DataTable,
  Field,
  FilterBar,
  inputClass,
  labelClass,
  SearchAndLeagueFields,
  Select,
  tdClass,
  LabelledOptions,
} from "@/components/admin/hub/admin-ui";
import { WeekExportForm } from "@/components/admin/exports/export-links";
import { PACK_STATUS_LABELS, PACK_STATUS_TRANSITIONS, PACK_STATUSES, type PackStatus } from "@/domain/authoring";

/** /admin/packs list: status filter, search, league, sort and inline status changes (docs/SCREENS.md §3.5). */
export function PacksAdmin() {
  const id = useId();
  const { showToast } = useToast();
  const { openModal } = useModal();
  const [statuses, setStatuses] = useState<Set<PackStatus>>(new Set(PACK_STATUSES));
  const [search, setSearch] = useState("");
  const [league, setLeague] = useState("");
  const [sort, setSort] = useState("newest");
  const [hideGraded, setHideGraded] = useState(false);
  const [updating, setUpdating] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const { selected, toggle, clear } = useSelection();

  // A page at a time (keyset cursor from the server): a season holds thousands of packs.
  const fetchPage = useCallback(
    async (cursor: string | null) => {
      const chosen = [...statuses].filter((s) => !(hideGraded && s === "graded"));
      if (chosen.length === 0) return { items: [], nextCursor: null };
      const params = new URLSearchParams({ statuses: chosen.join(","), sort });
      if (search.trim()) params.set("q", search.trim());
      if (league) params.set("league", league);
      if (cursor) params.set("cursor", cursor);
      const answer = await apiFetch(`/api/admin/packs?${params}`, { schema: ZAdminPacksPage, fallback: "Failed to load packs" });
      return answer.ok ? { items: answer.data.packs, nextCursor: answer.data.nextCursor } : null;
    },
    [statuses, search, league, sort, hideGraded],
  );
  const list = useKeysetList(fetchPage, "Failed to load packs");
  const { setRows, reload: load } = list;

  useReloadOnChange(load);

  const changeStatus = async (pack: AdminPackSummary, next: PackStatus) => {
    let openText: PackOpenTextChoice | undefined;
    // Opening or publishing: confirm what subscribers are texted first (decision 040).
    if (next !== pack.status && (next === "open" || next === "coming-soon")) {
      openText = await openModal("packOpenText", { packId: pack.id, packTitle: pack.title, status: next });
      if (!openText) return;
    }
    setUpdating(pack.id);
    const answer = await apiFetch(`/api/admin/packs/${pack.id}/status`, { schema: ZPackChangeAnswer, body: { status: next, openText } });
    setUpdating(null);
    if (!answer.ok) {
      showToast(answer.error, "error");
      return;
    }
    const notice = openingTextsNotice(answer.data);
    if (notice) showToast(notice);
    setRows((current) => current?.map((row) => (row.id === pack.id ? { ...row, status: answer.data.pack.status } : row)) ?? null);
  };

  return (
    <div className="grid gap-4">
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className={labelClass}>Show statuses</legend>
        {PACK_STATUSES.map((status) => (
          <CheckboxLabel key={status} checked={statuses.has(status)} onChange={() => setStatuses((current) => toggled(current, status))}>
            {PACK_STATUS_LABELS[status].toLowerCase()}
          </CheckboxLabel>
        ))}
        <Button variant="ghost" onClick={() => setStatuses(new Set(PACK_STATUSES))}>
          All
        </Button>
        <Button variant="ghost" onClick={() => setStatuses(new Set())}>
          None
        </Button>
      </fieldset>
      <FilterBar label="Filter packs">
        <SearchAndLeagueFields
          id={id}
          searchLabel="Search Packs"
          placeholder="Search by title, URL, or event"
          search={search}
          onSearch={setSearch}
          league={league}
          onLeague={setLeague}
        />
        <Field id={`${id}-sort`} label="Sort by Created">
          <Select id={`${id}-sort`} value={sort} onChange={(e) => setSort(e.target.value)}>
            <option value="newest">Newest</option>
            <option value="oldest">Oldest</option>
            <option value="close_asc">Close time (soonest)</option>
            <option value="close_desc">Close time (latest)</option>
          </Select>
        </Field>
        <label className="flex min-h-11 items-center gap-2 self-end font-semibold">
          <input type="checkbox" className="h-5 w-5" checked={hideGraded} onChange={(e) => setHideGraded(e.target.checked)} />
          Hide graded
        </label>
      </FilterBar>
      {selected.size ? (
        <div className="flex flex-wrap items-center gap-2">
          <MoveCloseButton
            target="packs"
            ids={[...selected]}
            label="Move close…"
            onMoved={() => {
              clear();
              void load();
            }}
          />
          <Button variant="ghost" onClick={clear}>
            Clear selection
          </Button>
        </div>
      ) : null}
      <KeysetRows list={list} noun={["pack", "packs"]} empty="No packs found" loading="Loading packs...">
        {(rows) => (
          <DataTable label="Packs" columns={[{ hidden: "Select" }, "Title", "Event", "Open / Close", "Status", "# Props", "Actions"]}>
            {rows.map((pack) => (
              <Fragment key={pack.id}>
                <tr>
                  <td className={tdClass}>
                    <SelectBox label={`Select ${pack.title}`} checked={selected.has(pack.id)} onToggle={() => toggle(pack.id)} />
                  </td>
                  {/* URL and creator sit under the title, open and close share a cell: the table fits 1280 px (issue 24). */}
                  <td className={tdClass}>
                    <span className="font-semibold">{pack.title}</span>
                    {pack.featured ? <span className="ml-2 rounded-full bg-gold-tint px-2 py-0.5 text-xs">Featured</span> : null}
                    <span className="block break-all text-xs text-muted">
                      {pack.packUrl}
                      {pack.creatorHandle ? ` · @${pack.creatorHandle}` : ""}
                    </span>
                  </td>
                  <td className={`${tdClass} min-w-32`}>{pack.eventTitles.join(", ") || "—"}</td>
                  <td className={tdClass}>
                    <AdminDateTime value={pack.openTime} />
                    <span className="mt-1 block">
                      <AdminDateTime value={pack.closeTime} />
                    </span>
                  </td>
                  <td className={tdClass}>
                    <Select
                      aria-label={`Status of ${pack.title}`}
                      className={`${inputClass} min-w-36`}
                      value={pack.status}
                      disabled={updating === pack.id}
                      onChange={(e) => void changeStatus(pack, e.target.value as PackStatus)}
                    >
                      <LabelledOptions values={[pack.status, ...PACK_STATUS_TRANSITIONS[pack.status]]} labels={PACK_STATUS_LABELS} />
                    </Select>
                    {updating === pack.id ? <span className="text-xs text-muted">Updating…</span> : null}
                  </td>
                  <td className={`${tdClass} tabular`}>{pack.propsCount}</td>
                  <td className={tdClass}>
                    <div className="flex flex-wrap gap-1">
                      <Button
                        variant="ghost"
                        className="!px-3"
                        aria-expanded={open === pack.id}
                        onClick={() => setOpen(open === pack.id ? null : pack.id)}
                      >
                        Details
                      </Button>
                      <Link className={buttonClass("ghost", "!px-3")} href={`/admin/packs/${pack.id}`}>
                        Edit
                      </Link>
                      <Link className={buttonClass("ghost", "!px-3")} href={`/admin/grade/${pack.packUrl}`}>
                        Grade
                      </Link>
                    </div>
                  </td>
                </tr>
                {open === pack.id ? (
                  <tr>
                    <td colSpan={7} className={tdClass}>
                      <p>
                        /packs/{pack.packUrl} · {PACK_STATUS_LABELS[pack.status]} ·{" "}
                        {pack.creatorHandle ? `by @${pack.creatorHandle}` : "no creator"} · {pack.takeCount} fan takes
                      </p>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </DataTable>
        )}
      </KeysetRows>
      <WeekExportForm />
    </div>
  );
}
