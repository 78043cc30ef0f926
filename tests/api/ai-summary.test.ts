import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { GET as aiConfig } from "@/app/api/admin/aiConfig/route";
import { POST as fetchMlbEvents } from "@/app/api/admin/fetchMlbEvents/route";
import { POST as generatePropSummary } from "@/app/api/admin/generatePropSummary/route";
import { AI_MODELS } from "@/config";
import { countWords } from "@/domain/ai-summary";
import { resetServerEnvCache } from "@/env";
import { getDb } from "@/server/db/client";
import { adminAuditLog, events, packs, props } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import type { EspnReplayServer } from "../helpers/espn-server";
import { useEspnReplay } from "../helpers/espn-env";
import { startOpenAiServer, type OpenAiTestServer } from "../helpers/openai-server";

let espn: EspnReplayServer;
let ai: OpenAiTestServer;
let admin: TestProfile;
let eventId: string;
let propId: string;

function useAiKey(key: string | undefined) {
  if (key === undefined) delete process.env.OPENAI_API_KEY;
  else process.env.OPENAI_API_KEY = key;
  process.env.OPENAI_BASE_URL = ai.baseUrl;
  resetServerEnvCache();
}

beforeAll(async () => {
  await createTestDb();
  espn = await useEspnReplay();
  ai = await startOpenAiServer();
  admin = await createProfile({ superAdmin: true });
  await fetchMlbEvents(await apiRequest("/api/admin/fetchMlbEvents", { body: { date: "20250604" }, as: admin }), routeParams({}));
  const db = await getDb();
  const [event] = await db.select().from(events).where(eq(events.espnEventId, "401695827"));
  eventId = event!.id;
  const [pack] = await db.insert(packs).values({ packUrl: "ai-pack", title: "AI pack", league: "mlb" }).returning();
  const [prop] = await db
    .insert(props)
    .values({
      packId: pack!.id,
      eventId,
      shortLabel: "Who wins?",
      title: "Who wins KC @ STL?",
      sideAShort: "KC",
      sideBShort: "STL",
      sideATake: "The Royals win",
      sideBTake: "The Cardinals win",
    })
    .returning();
  propId = prop!.id;
});
afterAll(async () => {
  delete process.env.OPENAI_API_KEY;
  resetServerEnvCache();
  await ai.close();
  await espn.close();
  await closeTestDb();
});
beforeEach(() => {
  ai.requests.length = 0;
});

async function generate(body: Record<string, unknown>) {
  const response = await generatePropSummary(await apiRequest("/api/admin/generatePropSummary", { body, as: admin }), routeParams({}));
  return { status: response.status, body: await response.json() };
}

describe("AI summaries through an OpenAI-compatible server", () => {
  it("sends one chat completion with the Bearer key, the chosen model and the event's facts", async () => {
    useAiKey("test-key-123");
    ai.respondWith({ content: "The Royals visit the Cardinals at Busch Stadium in a tight NL Central-style duel." });
    const { status, body } = await generate({ eventId, context: "Both bullpens are rested.", model: "gpt-4.1", wordsMax: 40 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, offline: false, model: "gpt-4.1" });
    expect(body.summary).toBe("The Royals visit the Cardinals at Busch Stadium in a tight NL Central-style duel.");

    expect(ai.requests).toHaveLength(1);
    const [request] = ai.requests;
    expect(request).toMatchObject({
      method: "POST",
      path: "/v1/chat/completions",
      authorization: "Bearer test-key-123",
      contentType: "application/json",
    });
    expect(request!.body.model).toBe("gpt-4.1");
    const messages = request!.body.messages!;
    expect(messages.map((m) => m.role)).toEqual(["system", "user"]);
    const prompt = messages[1]!.content;
    expect(prompt).toContain("at most 40 words");
    expect(prompt).toContain("Kansas City Royals at St. Louis Cardinals");
    expect(prompt).toContain("Venue: Busch Stadium.");
    expect(prompt).toContain("Records: Kansas City Royals 32-29, St. Louis Cardinals 33-27.");
    expect(prompt).toContain("Both bullpens are rested.");
    expect(body.prompt).toBe(prompt);
  });

  it("uses gpt-5-mini when no model is given, and cuts a long answer to the word limit", async () => {
    useAiKey("test-key-123");
    ai.respondWith({ content: Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ") });
    const { body } = await generate({ eventId, wordsMax: 12 });
    expect(ai.requests[0]!.body.model).toBe("gpt-5-mini");
    expect(countWords(body.summary)).toBe(12);
  });

  it("answers 'AI summary generation failed' when the AI server fails", async () => {
    useAiKey("test-key-123");
    ai.respondWith({ status: 500 });
    const { status, body } = await generate({ eventId, wordsMax: 40 });
    expect(status).toBe(502);
    expect(body).toEqual({ success: false, error: "AI summary generation failed" });
  });
});

describe("AI summaries without an API key", () => {
  it("writes an offline summary within the word limit that names both teams, without calling any server", async () => {
    useAiKey(undefined);
    for (const wordsMax of [10, 25, 40, 200]) {
      const { body } = await generate({ eventId, wordsMax, model: "gpt-5" });
      expect(body).toMatchObject({ success: true, offline: true, model: null });
      expect(countWords(body.summary)).toBeLessThanOrEqual(wordsMax);
      expect(body.summary).toContain("Kansas City Royals");
      expect(body.summary).toContain("St. Louis Cardinals");
    }
    expect(ai.requests).toHaveLength(0);
  });

  it("clamps max words to 10–200 with 40 by default", async () => {
    useAiKey(undefined);
    const tooFew = await generate({ eventId, wordsMax: 3 });
    expect(tooFew.body.prompt).toContain("at most 10 words");
    expect(countWords(tooFew.body.summary)).toBeLessThanOrEqual(10);
    expect((await generate({ eventId, wordsMax: 5000 })).body.prompt).toContain("at most 200 words");
    expect((await generate({ eventId })).body.prompt).toContain("at most 40 words");
    expect((await generate({ eventId, wordsMax: "abc" })).body.prompt).toContain("at most 40 words");
  });

  it("saves the summary to the prop when asked, audited", async () => {
    useAiKey(undefined);
    const { body } = await generate({ eventId, wordsMax: 40, propId });
    const db = await getDb();
    const [prop] = await db.select({ summary: props.summary }).from(props).where(eq(props.id, propId));
    expect(prop!.summary).toBe(body.summary);
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "prop.summary"));
    expect(audit.at(-1)).toMatchObject({ entityId: propId, actorProfileId: admin.id, after: { summary: body.summary } });
  });
});

describe("AI configuration and validation", () => {
  it("reports the default model, which must be one of the four offered", async () => {
    useAiKey(undefined);
    const response = await aiConfig(await apiRequest("/api/admin/aiConfig", { as: admin }), routeParams({}));
    expect(await response.json()).toEqual({ success: true, defaultModel: "gpt-5-mini" });
    expect(AI_MODELS).toEqual(["gpt-5-mini", "gpt-5", "gpt-4.1", "gpt-4o-mini"]);
    process.env.OPENAI_DEFAULT_MODEL = "gpt-4o-mini";
    resetServerEnvCache();
    expect(await (await aiConfig(await apiRequest("/api/admin/aiConfig", { as: admin }), routeParams({}))).json()).toEqual({
      success: true,
      defaultModel: "gpt-4o-mini",
    });
    process.env.OPENAI_DEFAULT_MODEL = "gpt-3.5-turbo";
    resetServerEnvCache();
    expect((await (await aiConfig(await apiRequest("/api/admin/aiConfig", { as: admin }), routeParams({}))).json()).defaultModel).toBe(
      "gpt-5-mini",
    );
    delete process.env.OPENAI_DEFAULT_MODEL;
    resetServerEnvCache();
  });

  it("refuses a model outside the list and asks for an event when none is linked", async () => {
    expect(await generate({ eventId, model: "gpt-3.5-turbo" })).toMatchObject({ status: 400, body: { error: "Unsupported model" } });
    expect(await generate({ context: "x" })).toMatchObject({ status: 400, body: { error: "Link an event to enable AI summary." } });
    expect(await generate({ eventId: "" })).toMatchObject({ status: 400, body: { error: "Link an event to enable AI summary." } });
    expect((await generate({ eventId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
  });

  it("previews every game of a pack and keeps the editor's context, offline and in the prompt the AI gets", async () => {
    const db = await getDb();
    const [second] = await db.select().from(events).where(eq(events.espnEventId, "401695826"));
    useAiKey(undefined);
    const offline = await generate({ eventIds: [eventId, second!.id], context: "Two rivalries tonight", wordsMax: 80 });
    expect(offline.status).toBe(200);
    expect(offline.body.summary.startsWith("Two rivalries tonight. 2 games:")).toBe(true);
    const [firstGame, secondGame] = await Promise.all(
      [eventId, second!.id].map(async (id) => (await db.select().from(events).where(eq(events.id, id)))[0]!.title),
    );
    for (const title of [firstGame!, secondGame!]) expect(offline.body.summary).toContain(title.split(" at ")[0]);
    useAiKey("sk-test");
    ai.respondWith({ content: "Two games tonight." });
    const online = await generate({ eventIds: [eventId, second!.id], context: "Two rivalries tonight", wordsMax: 80 });
    expect(online.status).toBe(200);
    const sent = JSON.stringify(ai.requests.at(-1));
    expect(sent).toContain("Game 2:");
    expect(sent).toContain("Context from the editor: Two rivalries tonight");
    useAiKey(undefined);
    expect((await generate({ eventIds: [] })).status).toBe(400);
    expect((await generate({ eventIds: Array.from({ length: 21 }, () => eventId) })).status).toBe(400);
  });
});
