import "server-only";
import { Counter, Gauge, Registry } from "prom-client";
import { frontDoor } from "@/front-door/bridge";

/**
 * The app's Prometheus metrics (docs/decisions/029-request-context-and-metrics.md), registered in
 * the front door's registry (src/front-door/server.ts, which already holds the request histogram,
 * the page cache's figures and the process metrics), or in one of our own when the server runs
 * without it (`next dev`, tests).
 */
interface AppMetrics {
  registry: Registry;
  textsSent: Counter;
  textsFailed: Counter;
  textsHeld: Counter<"kind">;
  textsDropped: Counter<"kind" | "reason">;
  autoGradeRuns: Counter;
  propsAutoGraded: Counter;
  queueDepth: Gauge<"queue">;
  queueOldestSeconds: Gauge<"queue">;
  replicaLagBytes: Gauge;
  replicaLagSeconds: Gauge;
  liveStreams: Gauge;
  liveMessages: Counter;
  liveReads: Counter;
  lineLookups: Counter<"outcome">;
  shareCards: Counter<"outcome">;
}

// On globalThis: Next bundles the instrumentation hook and each route apart, each with its own copy
// of this module, and every copy must count into the same metrics.
const KEY = Symbol.for("takes.appMetrics");

export function appMetrics(): AppMetrics {
  const holder = globalThis as { [KEY]?: AppMetrics };
  return (holder[KEY] ??= create(frontDoor()?.metricsRegistry ?? new Registry()));
}

function create(registry: Registry): AppMetrics {
  const registers = [registry];
  return {
    registry,
    textsSent: new Counter({ name: "takes_texts_sent_total", help: "Texts handed to the SMS provider", registers }),
    textsFailed: new Counter({ name: "takes_texts_failed_total", help: "Text deliveries that failed (each attempt)", registers }),
    // Quiet hours and send-time checks (docs/decisions/072-reminders-and-quiet-hours.md), by kind of text.
    ...textCounters(registers),
    autoGradeRuns: new Counter({ name: "takes_auto_grade_runs_total", help: "Auto-grading runs (periodic and Auto grade now)", registers }),
    propsAutoGraded: new Counter({ name: "takes_props_auto_graded_total", help: "Props graded by the auto-grader", registers }),
    queueDepth: new Gauge({
      name: "takes_queue_depth",
      help: "Work waiting: queued jobs, texts waiting to be sent",
      labelNames: ["queue"],
      registers,
    }),
    queueOldestSeconds: new Gauge({
      name: "takes_queue_oldest_seconds",
      help: "How long the oldest waiting item of each queue has been due",
      labelNames: ["queue"],
      registers,
    }),
    // Only with DATABASE_READ_URL (docs/decisions/032-read-replica.md).
    replicaLagBytes: new Gauge({
      name: "takes_replica_lag_bytes",
      help: "WAL the read replica has not replayed yet (primary's position minus the replica's)",
      registers,
    }),
    replicaLagSeconds: new Gauge({
      name: "takes_replica_lag_seconds",
      help: "Age of the last transaction the read replica replayed, 0 when it has replayed everything",
      registers,
    }),
    liveStreams: new Gauge({
      name: "takes_live_streams",
      help: "Live game streams open on this instance (docs/decisions/053-game-day-live.md)",
      registers,
    }),
    liveReads: new Counter({
      name: "takes_live_reads_total",
      help: "Reads of live game readings by the live hub (per change, never per stream)",
      registers,
    }),
    lineLookups: new Counter({
      name: "takes_line_lookups_total",
      help: "Carrier lookups of a new number's line at sign-in, by outcome: allowed, refused, failed (let through), cached",
      labelNames: ["outcome"],
      registers,
    }),
    shareCards: new Counter({
      name: "takes_share_cards_total",
      help: "Share card answers by outcome: hit (stored PNG), miss (rendered now), not_modified (304) (docs/decisions/067-share-cards.md)",
      labelNames: ["outcome"],
      registers,
    }),
    liveMessages: new Counter({
      name: "takes_live_messages_total",
      help: "Live game readings written to streams (one per stream per change)",
      registers,
    }),
  };
}

/** Held texts, and texts dropped at send time by reason: expired, opted_out, completed (check-at-send-time.ts). */
function textCounters(registers: Registry[]): Pick<AppMetrics, "textsHeld" | "textsDropped"> {
  const texts = (what: string, help: string, labelNames: string[]) =>
    new Counter({ name: `takes_texts_${what}_total`, help, labelNames, registers });
  return {
    textsHeld: texts("held", "Texts queued to wait for the end of quiet hours, by kind", ["kind"]),
    textsDropped: texts("dropped", "Queued texts dropped at send time, by kind and reason", ["kind", "reason"]),
  };
}
