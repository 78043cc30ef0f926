import "server-only";
import { LIVE_CHANNEL, type LiveGame, type LiveNotice } from "@/domain/live";
import { getDbHandle } from "@/server/db/client";
import type { Listening } from "@/server/db/listen";
import { errorFields, log } from "@/server/ops/log";
import { appMetrics } from "@/server/ops/metrics";
import { readLiveGames } from "./read-live-games";

/** One open stream: the games it watches and where its bytes go. */
export interface LiveViewer {
  readonly eventIds: ReadonlySet<string>;
  /** The same bytes go to every viewer of a message: encoded once, never changed after. */
  write(chunk: Uint8Array): void;
  /** Ends the stream (the server is shutting down); the browser reconnects elsewhere. */
  end(): void;
}

/** Comments keep proxies (nginx's proxy_read_timeout, a minute for streams in deploy/nginx.conf) from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** Notices that arrive together are read together: one read per burst, not one per notice. */
const COALESCE_MS = 25;
/**
 * Streams written in one turn of the event loop. Writing one change to 10,000 streams is ~200 ms
 * of CPU; in one loop no request is answered for that long (decision 053, "Limits we know of").
 * In slices, answers interleave with the fan-out.
 */
export const WRITE_SLICE = 250;

const encoder = new TextEncoder();

/** A game as one SSE message: serialised and encoded once, written to every viewer of the game. */
export function gameMessage(game: LiveGame): Uint8Array {
  return encoder.encode(`id: ${game.version}\nevent: game\ndata: ${JSON.stringify(game)}\n\n`);
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Writes `chunk` to each viewer, WRITE_SLICE at a time, letting the event loop run between slices. */
async function writeToAll(viewers: Iterable<LiveViewer>, chunk: Uint8Array): Promise<void> {
  // A copy: viewers that come or go during the writes do not disturb the iteration.
  const targets = [...viewers];
  for (let start = 0; start < targets.length; start += WRITE_SLICE) {
    if (start > 0) await nextTurn();
    for (const viewer of targets.slice(start, start + WRITE_SLICE)) viewer.write(chunk);
  }
}

/**
 * This process's fan-out of live game readings (docs/decisions/053-game-day-live.md). It LISTENs
 * to the database once, whatever the number of viewers; a notice for a watched game is read once
 * (two indexed queries for a burst of notices) and the same bytes are written to every stream
 * watching it. A game nobody here watches costs nothing. The latest reading of each watched game
 * is kept in memory, so a stream that opens or resumes is answered without the database when
 * another viewer already watches its games.
 */
export class LiveHub {
  private readonly viewersByEvent = new Map<string, Set<LiveViewer>>();
  private readonly viewers = new Set<LiveViewer>();
  private readonly latest = new Map<string, { game: LiveGame; message: Uint8Array }>();
  private readonly pending = new Set<string>();
  /** Reads in flight for streams that just opened: a thousand streams opening on one game read it once. */
  private readonly inFlight = new Map<string, Promise<void>>();
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private listening: Listening | null = null;
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;

  get streamCount(): number {
    return this.viewers.size;
  }

  /**
   * Registers a stream and sends it the current reading of each game it watches (a first
   * connection, or a resume after a drop: the whole current reading, so a change missed while
   * disconnected is never lost, whatever order two writers committed their versions in).
   */
  async add(viewer: LiveViewer): Promise<() => void> {
    if (this.closed) {
      viewer.end();
      return () => undefined;
    }
    this.viewers.add(viewer);
    for (const id of viewer.eventIds) {
      let set = this.viewersByEvent.get(id);
      if (!set) this.viewersByEvent.set(id, (set = new Set()));
      set.add(viewer);
    }
    appMetrics().liveStreams.set(this.viewers.size);
    this.start();
    await this.ensureRead([...viewer.eventIds].filter((id) => !this.latest.has(id)));
    const snapshot = [...viewer.eventIds]
      .map((id) => this.latest.get(id))
      .filter((entry) => entry !== undefined)
      .sort((a, b) => a.game.version - b.game.version);
    if (this.viewers.has(viewer)) for (const entry of snapshot) viewer.write(entry.message);
    return () => this.remove(viewer);
  }

  private async ensureRead(ids: string[]): Promise<void> {
    const fresh = ids.filter((id) => !this.inFlight.has(id));
    if (fresh.length) {
      const reading = this.read(fresh).finally(() => {
        for (const id of fresh) this.inFlight.delete(id);
      });
      for (const id of fresh) this.inFlight.set(id, reading);
    }
    await Promise.all(ids.map((id) => this.inFlight.get(id)));
  }

  private remove(viewer: LiveViewer): void {
    if (!this.viewers.delete(viewer)) return;
    for (const id of viewer.eventIds) {
      const set = this.viewersByEvent.get(id);
      set?.delete(viewer);
      if (set?.size === 0) {
        this.viewersByEvent.delete(id);
        this.latest.delete(id);
      }
    }
    appMetrics().liveStreams.set(this.viewers.size);
  }

  /** Ends every stream (shutdown): browsers reconnect, through the proxy, to an instance still up. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.flushTimer);
    for (const viewer of [...this.viewers]) {
      this.remove(viewer);
      viewer.end();
    }
    await this.flushing;
    await this.listening?.close();
    this.listening = null;
  }

  private start(): void {
    if (this.listening || this.closed) return;
    const keepAlive = encoder.encode(": keep-alive\n\n");
    this.heartbeat = setInterval(() => this.broadcast(keepAlive), HEARTBEAT_MS);
    this.heartbeat.unref();
    void getDbHandle()
      .then((handle) => {
        if (this.closed) return;
        this.listening = handle.listen(LIVE_CHANNEL, {
          onNotice: (payload) => this.onNotice(payload),
          onListening: () => this.onListening(),
        });
      })
      .catch((error) => log("error", "live hub could not listen", errorFields(error)));
  }

  /**
   * Listening (again): notices sent before it began, or while the connection was down, were never
   * heard, so every watched game is read once more and whatever changed goes out (a game read for
   * a stream that opened just before the first LISTEN included).
   */
  private onListening(): void {
    const watched = [...this.viewersByEvent.keys()];
    if (watched.length) this.flushing = this.flushing.then(() => this.read(watched, true));
  }

  private onNotice(payload: string): void {
    let notice: LiveNotice;
    try {
      notice = JSON.parse(payload) as LiveNotice;
    } catch {
      return;
    }
    if (notice.kind === "game" && typeof notice.eventId === "string" && typeof notice.version === "number") {
      this.noteGame(notice.eventId, notice.version);
    } else if (notice.kind === "poll" && typeof notice.league === "string" && typeof notice.readAt === "string") {
      // Read again and unchanged: every stream learns the league's readings are fresh ("as of" stays away).
      this.broadcast(encoder.encode(`event: poll\ndata: ${JSON.stringify({ league: notice.league, readAt: notice.readAt })}\n\n`));
    }
  }

  private noteGame(eventId: string, version: number): void {
    if (!this.viewersByEvent.has(eventId)) return;
    if ((this.latest.get(eventId)?.game.version ?? -1) >= version) return;
    this.pending.add(eventId);
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      const ids = [...this.pending];
      this.pending.clear();
      // One flush at a time: a game's readings reach its viewers in order.
      this.flushing = this.flushing.then(() => this.read(ids, true));
    }, COALESCE_MS);
  }

  /** Reads games, keeps the newest reading of each watched one and, when `send`, writes the changed ones to their viewers. */
  private async read(ids: string[], send = false): Promise<void> {
    let games: LiveGame[];
    try {
      appMetrics().liveReads.inc();
      // On a connection of its own: a change is read at once, not after a surge's queries for the pool.
      games = await readLiveGames(ids, { db: (await getDbHandle()).liveDb() });
    } catch (error) {
      log("warn", "live hub could not read games", { games: ids.length, ...errorFields(error) });
      return;
    }
    games.sort((a, b) => a.version - b.version);
    for (const game of games) {
      const viewers = this.viewersByEvent.get(game.eventId);
      if (!viewers) continue;
      const known = this.latest.get(game.eventId);
      if (known && known.game.version >= game.version) continue;
      const message = gameMessage(game);
      this.latest.set(game.eventId, { game, message });
      if (!send) continue;
      appMetrics().liveMessages.inc(viewers.size);
      // Awaited: the next change of this game (the next flush) goes out after this one, in order.
      await writeToAll(viewers, message);
    }
  }

  private broadcast(chunk: Uint8Array): void {
    void writeToAll(this.viewers, chunk);
  }
}

const KEY = Symbol.for("takes.liveHub");

/** This process's hub; on globalThis because Next bundles each route with its own copy of this module. */
export function liveHub(): LiveHub {
  const holder = globalThis as { [KEY]?: LiveHub };
  return (holder[KEY] ??= new LiveHub());
}

/** Ends every live stream of this process, if any were opened (shutdown). */
export async function closeLiveStreams(): Promise<void> {
  await (globalThis as { [KEY]?: LiveHub })[KEY]?.close();
}
