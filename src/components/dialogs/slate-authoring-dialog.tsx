"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiFetch } from "@/components/api/api-fetch";
import { CheckboxLabel, Field, InlineError, Input, LeagueSelect, Select } from "@/components/admin/hub/admin-ui";
import { currentNflWeek, NFL_MAX_WEEK, nflWeekRange } from "@/domain/nfl-weeks";
import { kindsLabel, SLATE_PROP_KINDS, slateConfirmLabel, startedGamesWarning, type SlateMode, type SlatePropKind } from "@/domain/slate";
import { formatDateTime } from "@/domain/time";
import { ZSlateAnswer, type SlatePlan, type SlatePlanGame } from "@/domain/schemas/events";
import type { DialogComponentProps } from "./dialog-types";
import { useNflWeeks } from "./nfl-weeks";

interface SlateAuthoringProps {
  mode: SlateMode;
  league?: string;
  /** YYYY-MM-DD, New York days (the events screen's current filter). */
  from?: string;
  to?: string;
}

/** Where the admin goes next: the slate pack to edit, or the pack list. */
export interface SlateAuthoringResult {
  href: string;
  packs: number;
  props: number;
}

const TITLES: Record<SlateMode, string> = { perGame: "Make Moneyline Props", slate: "Make Moneyline Pack" };

/** The NFL season a New York day belongs to (January and February games close the previous season). */
function seasonOf(day: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return currentNflWeek().season;
  const [year, month] = day.split("-").map(Number) as [number, number];
  return month <= 2 ? year - 1 : year;
}

const signed = (n: number | null) => (n === null ? "—" : n > 0 ? `+${n}` : `−${Math.abs(n)}`);

const KIND_LABELS: Record<SlatePropKind, string> = { moneyline: "Moneyline (who wins)", spread: "Spread", total: "Total (over/under)" };

function OddsLine({ game }: { game: SlatePlanGame }) {
  if (!game.prop) return null;
  if (!game.oddsFound) return <span className="font-semibold">{game.oddsNote}: even values</span>;
  return (
    <span>
      {game.oddsNote}: {game.prop.sideAShort} {signed(game.prop.sideAMoneyline)} · {game.prop.sideBShort} {signed(game.prop.sideBMoneyline)}
    </span>
  );
}

/**
 * slateAuthoring (docs/SCREENS.md §3.2, docs/decisions/037-slate-authoring.md): previews the
 * moneyline packs for a day or a week of imported games (a dry run, run on open), then creates
 * them in one request and hands the opener the page to land on.
 */
export default function SlateAuthoringDialog({ props, close, setBusy }: DialogComponentProps<SlateAuthoringProps, SlateAuthoringResult>) {
  const id = useId();
  const [mode, setMode] = useState<SlateMode>(props.mode);
  const [league, setLeague] = useState(props.league || "nfl");
  const [from, setFrom] = useState(props.from ?? "");
  const [to, setTo] = useState(props.to ?? props.from ?? "");
  const [kinds, setKinds] = useState<SlatePropKind[]>(["moneyline"]);
  const [plan, setPlan] = useState<SlatePlan | null>(null);
  const [state, setState] = useState<"idle" | "previewing" | "creating">("idle");
  const [error, setError] = useState<string | null>(null);
  // The games checked (event ids); null until the admin changes one, so the server's default
  // (every game not yet started) stands (issue 41 item 7).
  // Kept with the games they were chosen among: a new day, week or league starts from the default.
  const gamesKey = `${league}|${from}|${to}`;
  const [chosen, setChosen] = useState<{ key: string; ids: string[] } | null>(null);
  const include = chosen?.key === gamesKey ? chosen.ids : null;
  const latest = useRef(0);
  const season = seasonOf(from);

  // ESPN's NFL weeks for the season (docs/decisions/080-espn-import-and-event-covers.md), so "Week"
  // can fill the days; the computed rule stands in until they arrive.
  const weeks = useNflWeeks(league === "nfl" ? season : null);
  const weekOf = (week: number) => weeks.find((w) => w.week === week) ?? { week, ...nflWeekRange(season, week) };
  const currentWeek =
    league === "nfl"
      ? Array.from({ length: NFL_MAX_WEEK }, (_, i) => weekOf(i + 1)).find((w) => w.start === from && w.end === to)
      : undefined;

  const preview = useCallback(async () => {
    if (!from || !to) {
      setPlan(null);
      setError("Pick a day or a week first.");
      return;
    }
    const call = ++latest.current;
    setState("previewing");
    setError(null);
    const answer = await apiFetch("/api/admin/slate", {
      schema: ZSlateAnswer,
      body: { league, from, to, mode, kinds, dryRun: true, ...(include ? { include } : {}) },
      fallback: "Preview failed",
    });
    if (call !== latest.current) return;
    setState("idle");
    if (answer.ok) {
      const games = answer.data.plan.games;
      // Games already started start unchecked (their props would close at once): the first plan
      // with one asks again with only the others checked (issue 41 item 7).
      if (!include && games.some((game) => game.choosable && game.started && !game.skip)) {
        setChosen({
          key: gamesKey,
          ids: games.filter((game) => game.choosable && !game.started && !game.skip).map((game) => game.eventId),
        });
        return;
      }
      setPlan(answer.data.plan);
    } else {
      setPlan(null);
      setError(answer.error);
    }
  }, [league, from, to, mode, kinds, include, gamesKey]);

  const toggle = (eventId: string, checked: boolean) => {
    const current = include ?? plan?.games.filter((game) => game.choosable && !game.skip).map((game) => game.eventId) ?? [];
    setChosen({ key: gamesKey, ids: checked ? [...new Set([...current, eventId])] : current.filter((id) => id !== eventId) });
  };

  useEffect(() => {
    const timer = setTimeout(() => void preview(), 150);
    return () => clearTimeout(timer);
  }, [preview]);

  const create = async () => {
    // The button stays focusable while creating (so focus never drops out of the dialog); a second
    // click is ignored here, and the server makes nothing twice anyway (decision 037).
    if (!plan || state !== "idle") return;
    setState("creating");
    setBusy(true);
    setError(null);
    const answer = await apiFetch("/api/admin/slate", {
      schema: ZSlateAnswer,
      body: { league, from, to, mode, kinds, dryRun: false, ...(include ? { include } : {}) },
      fallback: "Creating the packs failed",
    });
    setBusy(false);
    setState("idle");
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    const made = answer.data.plan.created;
    if (!made) {
      // Made already (a second click or another admin): show what is there now.
      setPlan(answer.data.plan);
      setError("Nothing was created: these packs already exist.");
      return;
    }
    const href = made.packs.length === 1 ? `/admin/packs/${made.packs[0]!.id}` : "/admin/packs";
    close({ href, packs: made.packs.length, props: made.props });
  };

  const busy = state !== "idle";
  const toMake = plan?.games.filter((g) => !g.skip) ?? [];
  const withoutOdds = toMake.filter((g) => g.prop && !g.oddsFound).length;
  const linesSkipped = toMake.reduce((n, g) => n + g.skippedKinds.length, 0);
  const label = kindsLabel(kinds);
  const canCreate = plan !== null && plan.packsToCreate > 0 && state !== "previewing";
  const startedWarning = plan ? startedGamesWarning(plan.games) : null;
  const startedLeftOut = plan?.games.some((game) => game.started && game.choosable && game.skip) ?? false;
  const includeStarted = () => {
    if (plan) setChosen({ key: gamesKey, ids: plan.games.filter((game) => game.choosable).map((game) => game.eventId) });
  };

  return (
    <Dialog
      title={label ? `Make ${label} Props` : TITLES[mode]}
      size="xl"
      description="Draft packs with a “who wins” prop per game priced from ESPN’s moneylines, and if you choose, its spread and total from ESPN’s lines. Nothing is created until you confirm."
      actions={
        <>
          <Button variant="secondary" onClick={() => close()} disabled={state === "creating"}>
            Cancel
          </Button>
          <Button onClick={create} disabled={!canCreate} aria-disabled={busy || undefined} data-primary aria-describedby={`${id}-summary`}>
            {state === "creating"
              ? "Creating…"
              : plan && plan.packsToCreate > 0
                ? slateConfirmLabel(plan.packsToCreate, plan.propsToCreate)
                : "Nothing to create"}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <legend className="sr-only">Games and packs</legend>
          <Field id={`${id}-mode`} label="Make">
            <Select id={`${id}-mode`} value={mode} onChange={(e) => setMode(e.target.value as SlateMode)} disabled={state === "creating"}>
              <option value="perGame">Pack per game</option>
              <option value="slate">One slate pack</option>
            </Select>
          </Field>
          <Field id={`${id}-league`} label="League">
            <LeagueSelect id={`${id}-league`} value={league} onChange={(e) => setLeague(e.target.value)} disabled={state === "creating"} />
          </Field>
          <Field id={`${id}-week`} label="NFL week">
            <Select
              id={`${id}-week`}
              value={currentWeek ? String(currentWeek.week) : ""}
              onChange={(e) => {
                if (!e.target.value) return;
                const week = weekOf(Number(e.target.value));
                setFrom(week.start);
                setTo(week.end);
              }}
              disabled={state === "creating" || league !== "nfl"}
            >
              <option value="">{league === "nfl" ? "Days below" : "—"}</option>
              {Array.from({ length: NFL_MAX_WEEK }, (_, i) => (
                <option key={i + 1} value={i + 1}>
                  {season} week {i + 1}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-from`} label="From">
            <Input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} disabled={state === "creating"} />
          </Field>
          <Field id={`${id}-to`} label="To">
            <Input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} disabled={state === "creating"} />
          </Field>
        </fieldset>
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <legend className="text-sm font-semibold">Props per game</legend>
          {SLATE_PROP_KINDS.map((kind) => (
            <CheckboxLabel
              key={kind}
              checked={kinds.includes(kind)}
              disabled={state === "creating" || (kinds.length === 1 && kinds[0] === kind)}
              onChange={() =>
                setKinds((current) =>
                  current.includes(kind)
                    ? current.filter((k) => k !== kind)
                    : SLATE_PROP_KINDS.filter((k) => k === kind || current.includes(k)),
                )
              }
            >
              {KIND_LABELS[kind]}
            </CheckboxLabel>
          ))}
        </fieldset>
        <InlineError message={error} />
        <p id={`${id}-summary`} role="status" className="text-sm">
          {state === "previewing"
            ? "Looking up games and ESPN odds…"
            : state === "creating"
              ? "Creating packs and props…"
              : plan
                ? plan.packsToCreate > 0
                  ? `${slateConfirmLabel(plan.packsToCreate, plan.propsToCreate).replace("Create", "Will create")} as drafts${plan.slateTitle ? ` in “${plan.slateTitle}”` : ""}.${withoutOdds ? ` ${withoutOdds} of ${toMake.length} games have no ESPN odds and get even values (250 pts a side).` : ""}${linesSkipped ? ` ${linesSkipped} spread or total ${linesSkipped === 1 ? "line is" : "lines are"} missing and skipped.` : ""}`
                  : "Nothing to create for these games."
                : null}
        </p>
        {startedWarning ? (
          <div className="rounded-xl border border-lost px-3 py-2 text-sm" data-testid="slate-started-warning">
            <p className="font-semibold">{startedWarning}</p>
            {startedLeftOut ? (
              // One press for a past or late slate (a replayed week, a make-good): every started game checked.
              <Button variant="secondary" className="mt-2" onClick={includeStarted} disabled={busy}>
                Include the started games
              </Button>
            ) : null}
          </div>
        ) : null}
        {plan ? (
          <ul className="grid gap-2" aria-label="Games in this slate">
            {plan.games.map((game) => (
              <li
                key={game.eventId}
                className={`rounded-xl border border-line px-3 py-2 text-sm ${game.skip ? "border-dashed bg-page" : ""}`}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  {game.choosable ? (
                    <label className="flex items-center gap-2 font-semibold">
                      <input
                        type="checkbox"
                        className="h-5 w-5"
                        checked={!game.skip}
                        disabled={busy}
                        onChange={(e) => toggle(game.eventId, e.target.checked)}
                      />
                      {game.matchup}
                    </label>
                  ) : (
                    <span className="font-semibold">{game.matchup}</span>
                  )}
                  <span className="tabular text-muted">
                    {formatDateTime(new Date(game.startTime))}
                    {game.started ? " · started" : ""}
                  </span>
                </div>
                <div className="mt-1 grid gap-x-4 sm:grid-cols-2">
                  <OddsLine game={game} />
                  <span>
                    {game.skip ? (
                      <span className="font-semibold">Skipped: {game.skip}</span>
                    ) : (
                      <>
                        {game.prop ? (
                          <span className="block">
                            Prop “{game.prop.shortLabel}”: {game.prop.sideAShort} {game.prop.sideAValue} pts · {game.prop.sideBShort}{" "}
                            {game.prop.sideBValue} pts
                          </span>
                        ) : null}
                        {game.lines.map((line) => (
                          <span key={line.kind} className="block">
                            {line.kind === "spread" ? "Spread" : "Total"}: {line.sideAShort} · {line.sideBShort}
                          </span>
                        ))}
                        {game.skippedKinds.map((skipped) => (
                          <span key={skipped.kind} className="block font-semibold">
                            No {skipped.kind} prop: {skipped.reason}
                          </span>
                        ))}
                      </>
                    )}
                  </span>
                </div>
                {!game.skip && mode === "perGame" ? <div className="text-muted">Pack “{game.packTitle}”</div> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Dialog>
  );
}
