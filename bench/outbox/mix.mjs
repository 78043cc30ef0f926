// The kickoff mix beside the outbox benchmark (bench/outbox/main.ts; docs/decisions/073-paced-outbox.md):
// bench/surge's setup and mix (bench/surge/kickoff.mjs) in a process of its own, so the load
// generator's event loop does not delay the sign-in codes and the Twilio-compatible server that
// main.ts times. Driven over IPC by its parent:
//
//   -> { type: "ready", dbUrl }            the season database is copied, the server answers
//   <- { type: "trivial" }  -> { type: "trivial-done" }
//   <- { type: "mix" }      -> { type: "mix-started" } then { type: "mix-done", rps, p99, ... }
//   <- { type: "report" }   -> { type: "reported" }   prints bench/surge's figures and budgets, unjudged
//
// BENCH_SURGE_SECONDS (set by main.ts to the drain's length) is the mix's measured time. Cleans up
// (the database copy, the server) when told to stop or when its parent goes.
import {
  CONNECTIONS,
  SURGE_SECONDS,
  TRIVIAL_SECONDS,
  WARMUP_SECONDS,
  cleanup,
  prepareKickoff,
  receiptsStoredSince,
  reportMix,
  runMix,
  runTrivial,
  startWatchdog,
} from "../surge/kickoff.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3299);
startWatchdog(process.env.BENCH_SIZE === "ci" ? 8 : 15);

const send = (message) => process.send?.(message);
let finished = false;
async function finish(code) {
  if (finished) return;
  finished = true;
  await cleanup();
  process.exit(code);
}
process.on("disconnect", () => void finish(0));
process.on("SIGTERM", () => void finish(0));

try {
  const k = await prepareKickoff({ dbPrefix: "takes_outbox", port: PORT });
  let trivial;
  let surge;
  process.on("message", async (message) => {
    try {
      if (message.type === "trivial") {
        console.log(
          `\n  [mix] trivial route: GET /api/ping, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${TRIVIAL_SECONDS} s measured`,
        );
        trivial = await runTrivial();
        send({ type: "trivial-done" });
      } else if (message.type === "mix") {
        console.log(`  [mix] kickoff mix: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SURGE_SECONDS} s measured`);
        const since = new Date();
        send({ type: "mix-started" });
        surge = await runMix(k.mix);
        surge.receiptsStored = await receiptsStoredSince(k.db, since);
        send({ type: "mix-done", rps: surge.rps, p99: surge.p99, errors: surge.errors, atLeast500: surge.atLeast500 });
      } else if (message.type === "report") {
        const { checks } = reportMix({ host: k.host, counts: k.counts, trivial, surge, mix: k.mix });
        console.log("kickoff mix's own budgets (issue 20; judged by bench/surge, printed here):");
        for (const check of checks) console.log(`  ${check.ok ? "ok  " : "over"} ${check.text}`);
        send({ type: "reported" });
      } else if (message.type === "stop") await finish(0);
    } catch (error) {
      send({ type: "error", message: error.message });
    }
  });
  send({ type: "ready", dbUrl: k.dbUrl });
} catch (error) {
  send({ type: "error", message: error.message });
  await finish(2);
}
