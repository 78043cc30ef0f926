import "server-only";
import { errorFields, log } from "@/server/ops/log";
import { claimDueTexts, sendClaimedTexts } from "./deliver-queued-texts";

/** How long the loop rests when nothing is due. */
const IDLE_MS = 1_000;
/**
 * The shortest rest while due texts wait for the rate: each claim gathers 40 ms of tokens (the
 * bucket holds 150 ms above its reserve), so a loop makes about 25 claims a second at any rate.
 */
const MIN_WAIT_MS = 40;
/** Texts one loop has claimed and not yet recorded: the next claim waits below this. */
const MAX_IN_FLIGHT = 32;

/**
 * Sends queued texts for as long as there are some and the rate allows (docs/decisions/073-paced-outbox.md).
 * Claims and sends overlap: a claim's texts go out while the loop claims again, so the loop takes
 * the tokens as they refill (40 ms worth at a time) and the rate is kept whatever a send's round trip
 * costs. It rests until the next token when due texts wait for the rate, and a second when nothing
 * is due. Every worker process runs one; the claim's row locks and the shared token buckets keep
 * them from sending a row twice or too fast. Returns a function that stops the loop once the texts
 * it claimed are recorded.
 */
export function startTextDelivery(): () => Promise<void> {
  let stopped = false;
  let wake: () => void = () => {};
  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const inFlight = new Set<Promise<void>>();
  let claimedNotDone = 0;
  const running = (async () => {
    while (!stopped) {
      if (claimedNotDone >= MAX_IN_FLIGHT) {
        await Promise.race(inFlight);
        continue;
      }
      let pause = IDLE_MS;
      try {
        const batch = await claimDueTexts({ limit: MAX_IN_FLIGHT - claimedNotDone });
        const count = batch.texts.length;
        if (count > 0) {
          claimedNotDone += count;
          const sending: Promise<void> = sendClaimedTexts(batch)
            .then(() => {})
            .catch((error: unknown) => log("error", "text delivery failed to record", errorFields(error)))
            .finally(() => {
              claimedNotDone -= count;
              inFlight.delete(sending);
            });
          inFlight.add(sending);
          continue;
        }
        if (batch.waitMs !== null) pause = Math.min(IDLE_MS, Math.max(MIN_WAIT_MS, batch.waitMs));
      } catch (error) {
        log("error", "text delivery round failed", errorFields(error));
      }
      if (!stopped) await rest(pause);
    }
    await Promise.all(inFlight);
  })();
  return async () => {
    stopped = true;
    wake();
    await running;
  };
}
