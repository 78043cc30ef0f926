// Preloaded (`node --expose-gc --require`) by bench/front-door/run.mjs into the servers it attacks:
// on SIGWINCH, three full garbage collections, then the process's memory (process.memoryUsage(),
// after the collections) written as one JSON line to BENCH_GC_REPORT. What survives a full
// collection is what the process really keeps (the "real bytes"); resident memory alone also
// counts garbage not yet collected and the heap pages V8 keeps for later. SIGWINCH because
// close-with-grace stops the server on SIGUSR2, and nothing else in the server listens for it.
"use strict";

const { appendFileSync } = require("node:fs");

process.on("SIGWINCH", () => {
  const gc = globalThis.gc;
  if (typeof gc !== "function" || !process.env.BENCH_GC_REPORT) return;
  for (let i = 0; i < 3; i++) gc();
  appendFileSync(process.env.BENCH_GC_REPORT, `${JSON.stringify({ at: Date.now(), ...process.memoryUsage() })}\n`);
});
