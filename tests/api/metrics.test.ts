// GET /api/metrics (issue 25 item 4, docs/decisions/029-request-context-and-metrics.md): Prometheus
// text for the holder of METRICS_TOKEN only; its counters and gauges move when the app works.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { resetServerEnvCache } from "@/env";
import { getDb } from "@/server/db/client";
import { jobs } from "@/server/db/schema";
import { deliverQueuedTexts } from "@/server/notifications/deliver-queued-texts";
import { queueText } from "@/server/notifications/queue-text";
import { apiRequest, routeParams } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";

const TOKEN = "metrics-token-0123456789";

beforeAll(async () => {
  process.env.METRICS_TOKEN = TOKEN;
  process.env.SMS_TRANSPORT = "log";
  process.env.SMS_LOG_FILE = path.join(mkdtempSync(path.join(tmpdir(), "takes-metrics-")), "sms.log");
  resetServerEnvCache();
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
});
afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  resetServerEnvCache();
  await closeTestDb();
});

async function scrape(authorization?: string) {
  const response = await metricsRoute(
    await apiRequest("/api/metrics", { headers: authorization ? { authorization } : {} }),
    routeParams({}),
  );
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}
const value = (text: string, series: string) => {
  const line = text.split("\n").find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe("the metrics endpoint", () => {
  it("answers 401 without the token, with a wrong one, or with it in the wrong scheme", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const answer = await scrape(authorization);
      expect(answer.status, String(authorization)).toBe(401);
      expect(JSON.parse(answer.text)).toEqual({ success: false, error: "Unauthorized" });
    }
  });

  it("answers Prometheus text with the token, and its counters and gauges move as the app works", async () => {
    const before = await scrape(`Bearer ${TOKEN}`);
    expect(before.status).toBe(200);
    expect(before.type).toContain("text/plain");
    const sentBefore = value(before.text, "takes_texts_sent_total") ?? 0;

    // A queued job waiting, and a text waiting: the gauges see them.
    const db = await getDb();
    await db.insert(jobs).values({ name: "notify-pack-graded", payload: {}, runAt: new Date(Date.now() - 60_000) });
    await queueText({ to: "+15555559001", body: "Week 1 is open!", kind: "pack_open", dedupeKey: `metrics:${Date.now()}` });
    const waiting = await scrape(`Bearer ${TOKEN}`);
    expect(value(waiting.text, 'takes_queue_depth{queue="jobs"}')).toBeGreaterThanOrEqual(1);
    expect(value(waiting.text, 'takes_queue_oldest_seconds{queue="jobs"}')).toBeGreaterThanOrEqual(59);
    expect(value(waiting.text, 'takes_queue_depth{queue="texts"}')).toBeGreaterThanOrEqual(1);

    // The text is sent: the counter counts it and the texts queue empties.
    const delivered = await deliverQueuedTexts();
    expect(delivered.sent).toBeGreaterThanOrEqual(1);
    const after = await scrape(`Bearer ${TOKEN}`);
    expect(value(after.text, "takes_texts_sent_total")).toBe(sentBefore + delivered.sent);
    expect(value(after.text, 'takes_queue_depth{queue="texts"}')).toBe(0);
    // Nothing in the answer names a player's number.
    expect(after.text).not.toContain("5555559001");
  });
});
