"use client";

import { useCallback, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/components/api/api-fetch";
import { KeysetRows, useKeysetList, useReloadOnChange } from "@/components/admin/hub/keyset-list";
import {
  DataTable,
  Field,
  FilterBar,
  Input,
  ItemOptions,
  LeagueSelect,
  Select,
  tdClass,
  InlineOutcome,
} from "@/components/admin/hub/admin-ui";
import { countOf } from "@/domain/plural";
import { ZFetchPlayersAnswer, ZPlayersPage, ZTeamsAnswer, type AdminTeam } from "@/domain/schemas/events";

/** /admin/athletes: rosters fetched from ESPN per team, stored and searchable (docs/SCREENS.md §3.7). */
export function PlayersAdmin() {
  const id = useId();
  const [league, setLeague] = useState("nfl");
  const [teamId, setTeamId] = useState("");
  const [teams, setTeams] = useState<AdminTeam[]>([]);
  const [search, setSearch] = useState("");
  const [fetching, setFetching] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  useEffect(() => {
    setTeamId("");
    void apiFetch(`/api/admin/teams?league=${league}`, { schema: ZTeamsAnswer }).then((answer) => {
      if (answer.ok) setTeams([...answer.data.teams].sort((a, b) => a.abbreviation.localeCompare(b.abbreviation)));
    });
  }, [league]);

  // A page at a time (keyset cursor from the server): two leagues' rosters are thousands of players.
  const fetchPage = useCallback(
    async (cursor: string | null) => {
      const params = new URLSearchParams({ league });
      if (teamId) params.set("teamId", teamId);
      if (search.trim()) params.set("q", search.trim());
      if (cursor) params.set("cursor", cursor);
      const answer = await apiFetch(`/api/admin/players?${params}`, { schema: ZPlayersPage, fallback: "Failed to load players" });
      return answer.ok ? { items: answer.data.players, nextCursor: answer.data.nextCursor } : null;
    },
    [league, teamId, search],
  );
  const list = useKeysetList(fetchPage, "Failed to load players");
  const { reload: load } = list;

  useReloadOnChange(load);

  const fetchPlayers = async () => {
    setFetching(true);
    setMessage(null);
    const answer = await apiFetch("/api/admin/players", { schema: ZFetchPlayersAnswer, body: { teamId }, fallback: "Fetch failed" });
    setFetching(false);
    setMessage(
      answer.ok
        ? { text: `Upserted ${countOf(answer.data.upserted, "player")} for ${answer.data.team.abbreviation}`, error: false }
        : { text: `Error: ${answer.error}`, error: true },
    );
    if (answer.ok) void load();
  };

  return (
    <div className="grid gap-4">
      <FilterBar label="Filter athletes">
        <Field id={`${id}-league`} label="League">
          <LeagueSelect id={`${id}-league`} value={league} onChange={(e) => setLeague(e.target.value)} />
        </Field>
        <Field id={`${id}-team`} label="Team">
          <Select id={`${id}-team`} value={teamId} onChange={(e) => setTeamId(e.target.value)}>
            <option value="">All Teams</option>
            <ItemOptions items={teams} value={(t) => t.id} label={(t) => t.abbreviation} />
          </Select>
        </Field>
        <Field id={`${id}-search`} label="Search">
          <Input id={`${id}-search`} value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field>
        <div className="flex items-end gap-2">
          <Button variant="secondary" onClick={() => void load()}>
            Refresh
          </Button>
          <Button onClick={fetchPlayers} disabled={!teamId || fetching} title={teamId ? undefined : "Pick a team first"}>
            {fetching ? "Fetching…" : "Fetch Team Players"}
          </Button>
        </div>
      </FilterBar>
      <InlineOutcome message={message} />
      <KeysetRows list={list} noun={["player", "players"]} empty="No players found.">
        {(rows) => (
          <DataTable label="Athletes" columns={["Headshot", "ID", "First", "Last", "Pos", "Team", "League"]}>
            {rows.map((p) => (
              <tr key={p.id}>
                <td className={tdClass}>
                  {p.headshotUrl ? (
                    // eslint-disable-next-line @next/next/no-img-element -- headshots come from any host
                    <img src={p.headshotUrl} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 rounded-full object-cover" />
                  ) : (
                    <span className="inline-block h-10 w-10 rounded-full bg-line" aria-hidden="true" />
                  )}
                </td>
                <td className={`${tdClass} tabular`}>{p.espnPlayerId}</td>
                <td className={tdClass}>{p.firstName}</td>
                <td className={tdClass}>{p.lastName}</td>
                <td className={tdClass}>{p.position ?? "—"}</td>
                <td className={tdClass}>{p.teamAbbreviation}</td>
                <td className={`${tdClass} uppercase`}>{p.league}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </KeysetRows>
    </div>
  );
}
