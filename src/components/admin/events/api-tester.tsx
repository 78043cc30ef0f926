"use client";

import { useId, useState } from "react";
import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/components/api/api-fetch";
import {
  cardClass,
  DataTable,
  Field,
  InlineError,
  Input,
  ItemOptions,
  LeagueSelect,
  Select,
  tdClass,
} from "@/components/admin/hub/admin-ui";
import { currentNflWeek } from "@/domain/nfl-weeks";
import { ZApiTesterAnswer, type ApiTesterResult } from "@/domain/schemas/events";
import { formatClock, nyDay } from "@/domain/time";

/** /admin/api-tester: runs the app's own ESPN calls and shows URL, status, timing and JSON (docs/SCREENS.md §3.9). */
export function ApiTester() {
  const id = useId();
  const [league, setLeague] = useState("mlb");
  const [date, setDate] = useState(() => nyDay(new Date()));
  const [year, setYear] = useState(() => String(currentNflWeek().season));
  const [week, setWeek] = useState(() => String(currentNflWeek().week));
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<ApiTesterResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState("");
  const [boxscore, setBoxscore] = useState<ApiTesterResult | null>(null);

  const call = async (body: Record<string, unknown>) => {
    const answer = await apiFetch("/api/admin/api-tester", { schema: ZApiTesterAnswer, body, fallback: "Fetch failed" });
    if (!answer.ok) {
      setError(answer.error);
      return null;
    }
    setError(null);
    return answer.data.result;
  };

  const check = async () => {
    setChecking(true);
    setSelectedId("");
    setBoxscore(null);
    const body =
      league === "nfl" ? { call: "scoreboard", league, year: Number(year), week: Number(week) } : { call: "scoreboard", league, date };
    setResult(await call(body));
    setChecking(false);
  };

  const gamesLabel = `Games on ${league === "mlb" ? date : `${year} week ${week}`} (America/New_York)`;

  const selectGame = async (espnEventId: string) => {
    setSelectedId(espnEventId);
    setBoxscore(espnEventId ? await call({ call: "summary", league, eventId: espnEventId }) : null);
  };

  return (
    <div className="grid gap-4">
      <section className={cardClass} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-lg font-bold">
          Connection Status
        </h2>
        <p className="text-muted">Check connectivity to the external API source.</p>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <Field id={`${id}-league`} label="League">
            <LeagueSelect id={`${id}-league`} value={league} onChange={(e) => setLeague(e.target.value)} />
          </Field>
          {league === "mlb" ? (
            <Field id={`${id}-date`} label="Date">
              <Input id={`${id}-date`} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            </Field>
          ) : (
            <>
              <Field id={`${id}-year`} label="NFL Year">
                <Input id={`${id}-year`} type="number" value={year} onChange={(e) => setYear(e.target.value)} />
              </Field>
              <Field id={`${id}-week`} label="NFL Week">
                <Input id={`${id}-week`} type="number" min={1} max={25} value={week} onChange={(e) => setWeek(e.target.value)} />
              </Field>
            </>
          )}
        </div>
        <p className="mt-2 text-sm text-muted">Times displayed in America/New_York</p>
        <Button className="mt-3" onClick={check} disabled={checking}>
          {checking ? "Checking..." : "Check Connection"}
        </Button>
      </section>
      <InlineError message={error} />
      {result ? (
        <section className={`${cardClass} grid gap-3`} aria-label="Results">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">Request URL:</span>
            <code className="break-all text-sm">{result.requestUrl}</code>
            <Button variant="secondary" className="min-h-9 px-3" onClick={() => void navigator.clipboard?.writeText(result.requestUrl)}>
              <Copy size={14} aria-hidden="true" /> Copy
            </Button>
          </div>
          <p role="status" className={result.ok ? "font-semibold text-won" : "font-semibold text-lost"}>
            Status {result.status ?? "—"} · {result.ms} ms{result.error ? ` · ${result.error}` : ""}
          </p>
          <details>
            <summary className="cursor-pointer font-semibold">Games data</summary>
            <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-page p-2 text-xs">{JSON.stringify(result.json, null, 2)}</pre>
          </details>
          {result.games ? (
            <>
              {/* The table's name, shown: DataTable names it for screen readers, so they hear it once. */}
              <p className="font-semibold" aria-hidden="true">
                {gamesLabel}
              </p>
              <DataTable label={gamesLabel} columns={["Game", "Score", "Status", "Time"]}>
                {result.games.map((game) => (
                  <tr key={game.espnEventId}>
                    <td className={tdClass}>{game.matchup}</td>
                    <td className={`${tdClass} tabular`}>{game.score ?? "—"}</td>
                    <td className={tdClass}>{game.statusDetail ?? game.status}</td>
                    <td className={`${tdClass} tabular`}>{formatClock(new Date(game.time))}</td>
                  </tr>
                ))}
              </DataTable>
              <Field id={`${id}-game`} label="Selected Event">
                <Select id={`${id}-game`} value={selectedId} onChange={(e) => void selectGame(e.target.value)}>
                  <option value="">Select an event…</option>
                  <ItemOptions items={result.games} value={(game) => game.espnEventId} label={(game) => game.matchup} />
                </Select>
              </Field>
            </>
          ) : null}
          {boxscore ? (
            <div className="grid gap-2">
              {boxscore.game ? (
                <p>
                  <span className="font-semibold">{boxscore.game.matchup}</span> · {boxscore.game.statusDetail ?? boxscore.game.status}
                  {boxscore.game.score ? ` · ${boxscore.game.score}` : ""}
                </p>
              ) : (
                <p className="text-lost">{boxscore.error ?? "Fetch failed"}</p>
              )}
              <details>
                <summary className="cursor-pointer font-semibold">Raw Boxscore</summary>
                <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-page p-2 text-xs">{JSON.stringify(boxscore.json, null, 2)}</pre>
              </details>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
