// bench/live's viewers and scorer, in a worker thread of their own (bench/live/run.mjs starts it):
// the streams are read on an event loop that the kickoff mix's load generator (autocannon, on the
// main thread) does not hold up, and the score changes are made on the same loop that timestamps
// the arrivals, so both times come from one clock.
//
// Messages from the main thread: {type: "open"}, {type: "changes", phase, count, intervalMs},
// {type: "close"}. Answers: {type: "opened", …}, {type: "window-start"|"window-end", phase},
// {type: "changed", phase, …}, {type: "closed"}.
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";
import pg from "pg";

const { base, dbUrl, watch, openConcurrency, openTimeoutMs, straggleMs } = workerData;
const url = new URL(base);
const now = () => performance.now();

/** One open SSE stream: the games it watches and when each version arrived. */
class Viewer {
  constructor(index, ids) {
    this.index = index;
    this.ids = ids;
    this.arrivals = new Map();
    this.seen = new Set();
    this.buffer = "";
    this.snapshotAt = null;
    this.closedEarly = false;
    this.failure = null;
    this.request = null;
    this.closing = false;
  }

  /** Resolves when every watched game's current reading has arrived (the snapshot); rejects on a failure before that. */
  open() {
    return new Promise((resolve, reject) => {
      this.onSnapshot = resolve;
      this.onFailure = reject;
      // One socket per stream, as each browser tab holds its own (no agent, no keep-alive pool).
      this.request = http.get(
        {
          host: url.hostname,
          port: url.port,
          path: `/api/live/stream?events=${this.ids.join(",")}`,
          agent: false,
          headers: { accept: "text/event-stream" },
        },
        (res) => {
          if (res.statusCode !== 200) {
            this.fail(`HTTP ${res.statusCode}`);
            res.resume();
            return;
          }
          res.setEncoding("utf8");
          res.on("data", (chunk) => this.receive(chunk, now()));
          res.on("close", () => this.fail("closed by the server"));
          res.on("error", (error) => this.fail(error.code ?? error.message));
        },
      );
      this.request.on("error", (error) => this.fail(error.code ?? error.message));
    });
  }

  fail(reason) {
    if (this.closing || this.failure) return;
    this.failure = reason;
    if (this.snapshotAt !== null) this.closedEarly = true;
    else this.onFailure(new Error(reason));
  }

  /** Incremental SSE parsing: blocks end with a blank line; only `game` events are kept (comments and `poll` events pass). */
  receive(chunk, at) {
    this.buffer += chunk;
    for (let end = this.buffer.indexOf("\n\n"); end !== -1; end = this.buffer.indexOf("\n\n")) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = "message";
      let id = null;
      let data = null;
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) event = line.slice(7);
        else if (line.startsWith("id: ")) id = line.slice(4);
        else if (line.startsWith("data: ")) data = line.slice(6);
      }
      if (event !== "game" || id === null || data === null) continue;
      const version = Number(id);
      if (!this.arrivals.has(version)) this.arrivals.set(version, at);
      this.seen.add(JSON.parse(data).eventId);
      if (this.snapshotAt === null && this.ids.every((gameId) => this.seen.has(gameId))) {
        this.snapshotAt = at;
        this.onSnapshot();
      }
    }
  }

  close() {
    this.closing = true;
    this.request?.destroy();
  }
}

const viewers = watch.map((ids, index) => new Viewer(index, ids));
const viewersOf = new Map();
for (const viewer of viewers) for (const id of viewer.ids) viewersOf.set(id, [...(viewersOf.get(id) ?? []), viewer]);

/** Opens every stream, at most `openConcurrency` waiting for their snapshot at once (a burst of page loads, not one SYN flood). */
async function openAll() {
  const started = now();
  let next = 0;
  let failed = 0;
  const failures = {};
  const deadline = started + openTimeoutMs;
  async function lane() {
    while (next < viewers.length && now() < deadline) {
      const viewer = viewers[next++];
      try {
        await Promise.race([viewer.open(), new Promise((_, reject) => setTimeout(() => reject(new Error("no snapshot in 30 s")), 30_000))]);
      } catch (error) {
        failed++;
        failures[error.message] = (failures[error.message] ?? 0) + 1;
        viewer.close();
      }
    }
  }
  await Promise.all(Array.from({ length: openConcurrency }, lane));
  const unopened = viewers.length - next;
  const snapshotTimes = viewers.filter((v) => v.snapshotAt !== null).map((v) => v.snapshotAt - started);
  return { ms: Math.round(now() - started), opened: snapshotTimes.length, failed: failed + unopened, failures, unopened };
}

const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
// A listener of our own on takes_live, as the server's hub listens: when PostgreSQL delivered each
// notice, so a slow delivery can be told apart from a slow server.
const heard = new Map();
const listener = new pg.Client({ connectionString: dbUrl });
await listener.connect();
listener.on("notification", (message) => {
  const version = Number(JSON.parse(message.payload ?? "{}").version);
  if (!heard.has(version)) heard.set(version, now());
});
await listener.query("listen takes_live");

/**
 * A score change as the live poller stores one (src/server/live/write-live-reading.ts): one
 * transaction that moves the score, takes the next version from events_live_version_seq and
 * notifies takes_live. Its time is when COMMIT is sent: no viewer can hear of it earlier, and a
 * busy event loop cannot make the acknowledgement look later than the deliveries.
 */
async function change(eventId, n) {
  await db.query("begin");
  const home = n % 2 === 0 ? 7 : 0;
  const away = n % 2 === 0 ? 0 : 3;
  const [{ version }] = (
    await db.query(
      `update events set home_score = home_score + $2, away_score = away_score + $3, score_read_at = now(), updated_at = now(),
         live_version = nextval('events_live_version_seq')
       where id = $1 returning live_version::text as version`,
      [eventId, home, away],
    )
  ).rows;
  await db.query("select pg_notify('takes_live', json_build_object('kind', 'game', 'eventId', $1::text, 'version', $2::bigint)::text)", [
    eventId,
    version,
  ]);
  const committedAt = now();
  await db.query("commit");
  return { eventId, version: Number(version), committedAt, acknowledgedAt: now() };
}

const sleepUntil = (t) => new Promise((resolve) => setTimeout(resolve, Math.max(0, t - now())));
let changesMade = 0;

/** `count` changes, one every `intervalMs`, round-robin over the games; then the deliveries, per (change, viewer of its game). */
async function changes({ phase, count, intervalMs }) {
  const games = [...viewersOf.keys()];
  const commits = [];
  const started = now();
  parentPort.postMessage({ type: "window-start", phase });
  for (let i = 0; i < count; i++) {
    await sleepUntil(started + i * intervalMs);
    commits.push(await change(games[changesMade % games.length], changesMade));
    changesMade++;
  }
  await sleepUntil(started + count * intervalMs);
  parentPort.postMessage({ type: "window-end", phase });
  const expected = () => commits.reduce((sum, c) => sum + viewersOf.get(c.eventId).filter((v) => v.arrivals.has(c.version)).length, 0);
  const total = commits.reduce((sum, c) => sum + viewersOf.get(c.eventId).length, 0);
  // Stragglers: wait until every (change, viewer) pair arrived, or `straggleMs` more.
  const straggleDeadline = now() + straggleMs;
  while (expected() < total && now() < straggleDeadline) await new Promise((resolve) => setTimeout(resolve, 100));

  const latencies = [];
  let missed = 0;
  const perChange = [];
  for (const c of commits) {
    const own = [];
    for (const viewer of viewersOf.get(c.eventId)) {
      const at = viewer.arrivals.get(c.version);
      if (at === undefined) missed++;
      else own.push(at - c.committedAt);
    }
    latencies.push(...own);
    own.sort((a, b) => a - b);
    perChange.push({
      eventId: c.eventId,
      version: c.version,
      viewers: viewersOf.get(c.eventId).length,
      commitMs: Math.round((c.acknowledgedAt - c.committedAt) * 10) / 10,
      heardMs: heard.has(c.version) ? Math.round(heard.get(c.version) - c.committedAt) : null,
      firstMs: own.length ? Math.round(own[0]) : null,
      lastMs: own.length ? Math.round(own[own.length - 1]) : null,
    });
  }
  return {
    type: "changed",
    phase,
    changes: commits.length,
    pairs: total,
    latencies: Float64Array.from(latencies),
    missed,
    dropped: viewers.filter((v) => v.closedEarly).length,
    dropReasons: viewers.filter((v) => v.closedEarly).reduce((acc, v) => ({ ...acc, [v.failure]: (acc[v.failure] ?? 0) + 1 }), {}),
    perChange,
  };
}

parentPort.on("message", async (message) => {
  try {
    if (message.type === "open") parentPort.postMessage({ type: "opened", ...(await openAll()) });
    else if (message.type === "changes") parentPort.postMessage(await changes(message));
    else if (message.type === "close") {
      for (const viewer of viewers) viewer.close();
      await db.end();
      await listener.end();
      parentPort.postMessage({ type: "closed" });
    }
  } catch (error) {
    parentPort.postMessage({ type: "error", message: error.message });
  }
});
parentPort.postMessage({ type: "ready" });
