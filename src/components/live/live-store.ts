// The browser's side of game day, live (docs/decisions/053-game-day-live.md): one stream per tab
// for every game the page shows, whatever number of islands watch them. Loaded after the page
// (the islands import it from an effect), so none of it counts against the first load.
import { MAX_LIVE_GAMES, type LiveGame } from "@/domain/live";
import { VLiveAnswer, VLiveGame, VLivePoll } from "@/domain/schemas/live";
import { checkWith } from "@/domain/schemas/standard";

/** What the server rendered of a game: the store starts from it and takes only newer readings. */
export interface LiveSeed {
  eventId: string;
  league: string;
  version: number;
}

type Listener = () => void;

const TERMINAL = new Set(["final", "postponed", "cancelled"]);
/** The fallback asks this often when the stream cannot be held open. */
const POLL_MS = 30_000;
/** Failures before the stream ever opened after which the tab polls instead. */
const STREAM_ATTEMPTS = 3;

const games = new Map<string, LiveGame>();
const versions = new Map<string, number>();
const leagues = new Map<string, string>();
const readAtByLeague = new Map<string, number>();
const listeners = new Map<string, Set<Listener>>();
let source: EventSource | null = null;
let pollTimer: ReturnType<typeof setTimeout> | undefined;
let connectTimer: ReturnType<typeof setTimeout> | undefined;
let connectedKey = "";
let failures = 0;
let opened = false;
let polling = typeof EventSource === "undefined";
let refresh: (() => void) | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/** The newest reading of a game this tab has, if any arrived since the page was rendered. */
export const liveGame = (eventId: string): LiveGame | undefined => games.get(eventId);

/** When the league's scoreboard was last read, as the stream last said (epoch ms). */
export const leagueReadAt = (league: string): number | undefined => readAtByLeague.get(league);

/**
 * Watches games: `listener` runs on each newer reading of any of them. `onSettled` runs (once per
 * burst, for the whole page) when a watched game turns final, postponed or cancelled, or changes
 * after that (its props graded): the page then asks the server for its graded self.
 */
export function watch(seeds: LiveSeed[], listener: Listener, onSettled: () => void): () => void {
  refresh = onSettled;
  for (const seed of seeds) {
    versions.set(seed.eventId, Math.max(versions.get(seed.eventId) ?? 0, seed.version));
    leagues.set(seed.eventId, seed.league);
    let set = listeners.get(seed.eventId);
    if (!set) listeners.set(seed.eventId, (set = new Set()));
    set.add(listener);
  }
  scheduleConnect();
  return () => {
    for (const seed of seeds) {
      const set = listeners.get(seed.eventId);
      set?.delete(listener);
      if (set?.size === 0) listeners.delete(seed.eventId);
    }
    scheduleConnect();
  };
}

function accept(game: LiveGame): void {
  const known = versions.get(game.eventId) ?? 0;
  if (game.version <= known && games.has(game.eventId)) return;
  const newer = game.version > known;
  versions.set(game.eventId, Math.max(known, game.version));
  games.set(game.eventId, game);
  for (const listener of listeners.get(game.eventId) ?? []) listener();
  if (newer && TERMINAL.has(game.state) && refresh) {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => refresh?.(), 1_000);
  }
}

function acceptJson(data: string): void {
  try {
    const checked = checkWith(VLiveGame, JSON.parse(data));
    if (checked.ok) accept(checked.value);
  } catch {
    // A message that is not JSON is ignored; the next reading replaces it.
  }
}

function notifyLeague(league: string): void {
  for (const [eventId, of] of leagues) if (of === league) for (const listener of listeners.get(eventId) ?? []) listener();
}

function scheduleConnect(): void {
  clearTimeout(connectTimer);
  // Islands mount together: one stream for all of them, opened once they have said what they watch.
  connectTimer = setTimeout(connect, 30);
}

function disconnect(): void {
  source?.close();
  source = null;
  clearTimeout(pollTimer);
  pollTimer = undefined;
  connectedKey = "";
}

function connect(): void {
  const ids = [...listeners.keys()].sort().slice(0, MAX_LIVE_GAMES);
  const key = ids.join(",");
  // A hidden tab holds no stream; it catches up (the whole current reading) when shown again.
  if (!ids.length || document.visibilityState === "hidden") return disconnect();
  if (key === connectedKey) return;
  disconnect();
  connectedKey = key;
  if (polling) return void poll(key);
  const stream = new EventSource(`/api/live/stream?events=${key}`);
  source = stream;
  stream.onopen = () => {
    opened = true;
    failures = 0;
  };
  stream.addEventListener("game", (event) => acceptJson((event as MessageEvent<string>).data));
  stream.addEventListener("poll", (event) => {
    try {
      const checked = checkWith(VLivePoll, JSON.parse((event as MessageEvent<string>).data));
      if (!checked.ok) return;
      readAtByLeague.set(checked.value.league, Date.parse(checked.value.readAt));
      notifyLeague(checked.value.league);
    } catch {
      // Ignored as a bad game message is.
    }
  });
  stream.onerror = () => {
    failures++;
    // Never opened after a few tries (a proxy that refuses streams): ask every half minute instead.
    if (!opened && failures >= STREAM_ATTEMPTS) {
      polling = true;
      disconnect();
      return connect();
    }
    // Closed for good (an error status): try again shortly; otherwise the browser reconnects by itself, with Last-Event-ID.
    if (stream.readyState === EventSource.CLOSED) {
      disconnect();
      connectTimer = setTimeout(connect, 5_000);
    }
  };
}

async function poll(key: string): Promise<void> {
  try {
    const response = await fetch(`/api/live?events=${key}`, { cache: "no-store", credentials: "same-origin" });
    const checked = checkWith(VLiveAnswer, await response.json());
    if (checked.ok) for (const game of checked.value.games) accept(game);
  } catch {
    // Offline for a moment: the next round asks again.
  }
  if (connectedKey === key) pollTimer = setTimeout(() => void poll(key), POLL_MS);
}

if (typeof document !== "undefined") {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") disconnect();
    else scheduleConnect();
  });
}
