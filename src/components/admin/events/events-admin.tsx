"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { Fragment, useCallback, useId, useState } from "react";
import { ExternalLink } from "lucide-react";
import { Button, buttonClass } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import { useToast } from "@/components/ui/toast";
import { KeysetRows, useKeysetList, useReloadOnChange } from "@/components/admin/hub/keyset-list";
import { apiFetch } from "@/components/api/api-fetch";
import { toggled } from "@/components/admin/hub/toggled";
import { EVENT_STATUS_LABELS } from "@/components/admin/events/event-row-summary";
import {
  AdminDateTime,
  DataTable,
  Field,
  FilterBar,
  Input,
  inputClass,
  LeagueSelect,
  Select,
  tdClass,
} from "@/components/admin/hub/admin-ui";
import { addDays, nyDay } from "@/domain/time";
import type { SlateMode } from "@/domain/slate";
import { countOf } from "@/domain/plural";
import { ZAdminEventsPage, ZDeletedAnswer, type AdminEventRow } from "@/domain/schemas/events";

type QuickRange = "all" | "today" | "yesterday" | "tomorrow" | "week";

function rangeFor(quick: QuickRange, date: string): { from?: string; to?: string } {
  if (date) return { from: date, to: date };
  const today = nyDay(new Date());
  switch (quick) {
    case "today":
      return { from: today, to: today };
    case "yesterday":
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case "tomorrow":
      return { from: addDays(today, 1), to: addDays(today, 1) };
    case "week":
      return { from: today, to: addDays(today, 6) };
    default:
      return {};
  }
}

/** The /admin/events table with its filters and row actions (docs/SCREENS.md §3.2). */
export function EventsAdmin() {
  const id = useId();
  const { openModal } = useModal();
  const { showToast } = useToast();
  const [date, setDate] = useState("");
  const [quick, setQuick] = useState<QuickRange>("today");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<"soonest" | "latest">("soonest");
  const [league, setLeague] = useState("");
  const [open, setOpen] = useState<Set<string>>(new Set());
  const router = useRouter();

  // "Make Moneyline Props" / "Make Moneyline Pack" (docs/SCREENS.md §3.2): the slate dialog
  // previews the games of the current day or range, creates, and we land on what it made.
  const makeSlate = async (mode: SlateMode) => {
    const { from, to } = rangeFor(quick, date);
    const made = await openModal("slateAuthoring", { mode, league: league || "nfl", from, to });
    if (!made) return;
    showToast(`Created ${countOf(made.packs, "pack")} with ${countOf(made.props, "prop")}`);
    router.push(made.href);
  };

  // A page at a time (keyset cursor from the server): "All" holds a season of games.
  const fetchPage = useCallback(
    async (cursor: string | null) => {
      const params = new URLSearchParams({ sort });
      const { from, to } = rangeFor(quick, date);
      if (from) params.set("from", from);
      if (to) params.set("to", to);
      if (league) params.set("league", league);
      if (search.trim()) params.set("q", search.trim());
      if (cursor) params.set("cursor", cursor);
      const answer = await apiFetch(`/api/admin/events?${params}`, { schema: ZAdminEventsPage, fallback: "Failed to fetch events" });
      return answer.ok ? { items: answer.data.events, nextCursor: answer.data.nextCursor } : null;
    },
    [date, quick, search, sort, league],
  );
  const list = useKeysetList(fetchPage, "Failed to fetch events");
  const { reload: load } = list;

  useReloadOnChange(load);

  const remove = async (event: AdminEventRow) => {
    const confirmed = await openModal("confirm", {
      title: "Delete event",
      message: "Delete this event? This will unlink it from packs and props.",
      confirmLabel: "Delete",
      destructive: true,
    });
    if (!confirmed) return;
    const answer = await apiFetch(`/api/admin/events/${event.id}`, { schema: ZDeletedAnswer, method: "DELETE" });
    if (answer.ok) {
      showToast("Event deleted");
      void load();
    } else showToast(answer.error, "error");
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={async () => {
            await openModal("fetchEvents", { league: league || "nfl" });
            void load();
          }}
        >
          Fetch Events
        </Button>
        <Button variant="secondary" onClick={() => void makeSlate("perGame")}>
          Make Moneyline Props
        </Button>
        <Button variant="secondary" onClick={() => void makeSlate("slate")}>
          Make Moneyline Pack
        </Button>
      </div>
      {/* The date cell is wider than the others and its input may shrink, so Clear stays inside it
          (issue 24: Clear spilled under the Quick Range select, disabled while a date is set). */}
      <FilterBar label="Filter events" className="sm:grid-cols-2 lg:grid-cols-[minmax(17rem,1.4fr)_repeat(4,minmax(0,1fr))]">
        <Field id={`${id}-date`} label="Filter Date" className="min-w-0">
          <div className="flex gap-2">
            <Input
              id={`${id}-date`}
              type="date"
              className={`${inputClass} min-w-0 flex-1`}
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
            <Button variant="secondary" className="shrink-0 !px-4" onClick={() => setDate("")} disabled={!date}>
              Clear
            </Button>
          </div>
        </Field>
        <Field id={`${id}-quick`} label="Quick Range" className="min-w-0">
          <Select id={`${id}-quick`} value={quick} onChange={(e) => setQuick(e.target.value as QuickRange)} disabled={Boolean(date)}>
            <option value="all">All Dates</option>
            <option value="today">Today</option>
            <option value="yesterday">Yesterday</option>
            <option value="tomorrow">Tomorrow</option>
            <option value="week">This Week</option>
          </Select>
        </Field>
        <Field id={`${id}-search`} label="Search Title" className="min-w-0">
          <Input id={`${id}-search`} placeholder="Filter by title..." value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field>
        <Field id={`${id}-sort`} label="Sort by Time" className="min-w-0">
          <Select id={`${id}-sort`} value={sort} onChange={(e) => setSort(e.target.value as "soonest" | "latest")}>
            <option value="soonest">Soonest</option>
            <option value="latest">Latest</option>
          </Select>
        </Field>
        <Field id={`${id}-league`} label="League" className="min-w-0">
          <LeagueSelect id={`${id}-league`} allLabel="All Leagues" value={league} onChange={(e) => setLeague(e.target.value)} />
        </Field>
      </FilterBar>
      <KeysetRows list={list} noun={["event", "events"]} empty="No events found for this league and date." loading="Loading events...">
        {(rows) => (
          <DataTable
            label="Events"
            columns={["Event", "Time", "Status", "Props", "Packs", "Actions"]}
            tableProps={{ "data-testid": "events-table" }}
          >
            {rows.map((event) => (
              <Fragment key={event.id}>
                <tr data-testid="event-row">
                  <td className={tdClass}>
                    <div className="flex min-w-40 items-center gap-2">
                      {event.coverUrl ? (
                        // Generated covers are our own SVGs; plain <img> keeps them whole.
                        // eslint-disable-next-line @next/next/no-img-element -- our own generated SVG covers
                        <img src={event.coverUrl} alt="" width={32} height={32} className="h-8 w-8 shrink-0 rounded object-cover" />
                      ) : null}
                      <span className="line-clamp-2 font-semibold" title={event.eventTitle}>
                        {event.eventTitle}
                      </span>
                    </div>
                  </td>
                  <td className={tdClass}>
                    <AdminDateTime value={event.eventTime} extra={<span className="uppercase"> · {event.eventLeague}</span>} />
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    {EVENT_STATUS_LABELS[event.status] ?? event.status}
                    {event.homeScore !== null && event.awayScore !== null ? (
                      <span className="block text-muted tabular">
                        {event.awayTeam?.abbreviation} {event.awayScore} @ {event.homeTeam?.abbreviation} {event.homeScore}
                      </span>
                    ) : null}
                  </td>
                  <td className={`${tdClass} tabular`}>{event.props.length}</td>
                  <td className={`${tdClass} tabular`}>{event.packs.length}</td>
                  <td className={tdClass}>
                    {/* One line of actions keeps a row about one button tall (issue 24: rows were ~200 px). */}
                    <div className="flex gap-1 whitespace-nowrap">
                      <Button
                        variant="ghost"
                        className="!px-3"
                        aria-expanded={open.has(event.id)}
                        aria-controls={`${id}-details-${event.id}`}
                        onClick={() => setOpen((current) => toggled(current, event.id))}
                      >
                        Details
                      </Button>
                      <Button
                        variant="ghost"
                        className="!px-3"
                        onClick={async () => {
                          await openModal("addProp", { eventId: event.id, league: event.eventLeague });
                          void load();
                        }}
                      >
                        Create Prop
                      </Button>
                      <Link
                        className={`${buttonClass("ghost")} !px-3`}
                        href={`/admin/packs/new?eventIds=${event.id}&league=${event.eventLeague}`}
                      >
                        Create Pack
                      </Link>
                    </div>
                  </td>
                </tr>
                {open.has(event.id) ? (
                  <tr id={`${id}-details-${event.id}`}>
                    <td className={tdClass} colSpan={6}>
                      <div className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]">
                        <div>
                          <p className="font-semibold">Teams</p>
                          <p>
                            {event.awayTeam?.fullName ?? "—"} at {event.homeTeam?.fullName ?? "—"}
                          </p>
                          {event.espnUrl ? (
                            <a
                              href={event.espnUrl}
                              target="_blank"
                              rel="noreferrer"
                              className="inline-flex items-center gap-1 text-accent underline"
                            >
                              ESPN <ExternalLink size={14} aria-hidden="true" />
                              <span className="sr-only">(opens in a new tab)</span>
                            </a>
                          ) : null}
                        </div>
                        <LinkedList
                          title="Props"
                          items={event.props.map((p) => ({ id: p.id, label: p.shortLabel, status: p.status }))}
                          base="/admin/props"
                        />
                        <LinkedList
                          title="Packs"
                          items={event.packs.map((p) => ({ id: p.id, label: p.title, status: p.status }))}
                          base="/admin/packs"
                        />
                        <div>
                          <Button variant="ghost" className="!px-3 text-lost" onClick={() => remove(event)}>
                            Delete
                          </Button>
                        </div>
                      </div>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </DataTable>
        )}
      </KeysetRows>
    </div>
  );
}

/** An opened event's props or packs: each a link to its admin page with its status, or "No props" / "No packs". */
function LinkedList({ title, items, base }: { title: string; items: Array<{ id: string; label: string; status: string }>; base: string }) {
  return (
    <div>
      <p className="font-semibold">{title}</p>
      {items.length ? (
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <Link href={`${base}/${item.id}`} className="text-accent underline">
                {item.label}
              </Link>{" "}
              <span className="text-muted">({item.status})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">{`No ${title.toLowerCase()}`}</p>
      )}
    </div>
  );
}
