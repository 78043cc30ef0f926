import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import { packs, profiles, receipts } from "@/server/db/schema";
import * as gradePropsRoute from "@/app/api/admin/gradeProps/route";
import * as previewRoute from "@/app/api/admin/gradeProps/preview/route";
import * as gradePacksRoute from "@/app/api/admin/gradePacks/route";
import * as gradedPacksRoute from "@/app/api/admin/gradedPacks/route";
import * as setPackWinnersRoute from "@/app/api/admin/setPackWinners/route";
import * as ledgerRoute from "@/app/api/admin/ledger/route";
import * as adjustmentsRoute from "@/app/api/admin/ledger/adjustments/route";
import * as packGradedRoute from "@/app/api/packs/[packURL]/graded/route";
import { getBalanceCents } from "@/server/ledger/append-ledger-entry";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { createEvent, createPack, submitTakes } from "../helpers/grading-fixtures";

let admin: TestProfile;
let player: TestProfile;
beforeAll(async () => {
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
  player = await createProfile();
});
afterAll(closeTestDb);

type Handler = (req: import("next/server").NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const call = async (
  handler: Handler,
  path: string,
  options: { body?: unknown; as?: TestProfile; method?: string; params?: Record<string, string> } = {},
) => {
  const response = await handler(await apiRequest(path, options), routeParams(options.params ?? {}));
  return { status: response.status, body: await response.json() };
};

describe("admin routes of grading, winners and the ledger", () => {
  const adminRoutes: Array<[string, Handler, string, unknown]> = [
    ["GET /api/admin/gradeProps", gradePropsRoute.GET as Handler, "/api/admin/gradeProps", undefined],
    ["POST /api/admin/gradeProps", gradePropsRoute.POST as Handler, "/api/admin/gradeProps", { grades: [] }],
    ["POST /api/admin/gradeProps/preview", previewRoute.POST as Handler, "/api/admin/gradeProps/preview", { grades: [] }],
    ["GET /api/admin/gradePacks", gradePacksRoute.GET as Handler, "/api/admin/gradePacks", undefined],
    ["GET /api/admin/gradedPacks", gradedPacksRoute.GET as Handler, "/api/admin/gradedPacks", undefined],
    ["POST /api/admin/setPackWinners", setPackWinnersRoute.POST as Handler, "/api/admin/setPackWinners", { packs: [] }],
    ["GET /api/admin/ledger", ledgerRoute.GET as Handler, "/api/admin/ledger?profile=someone", undefined],
    ["POST /api/admin/ledger/adjustments", adjustmentsRoute.POST as Handler, "/api/admin/ledger/adjustments", { profile: "x" }],
  ];

  it.each(adminRoutes)("%s answers 401 to a visitor and 403 to a player", async (_name, handler, path, body) => {
    const visitor = await call(handler, path, { body });
    expect(visitor).toEqual({ status: 401, body: { success: false, error: expect.any(String) } });
    const signedIn = await call(handler, path, { body, as: player });
    expect(signedIn).toEqual({ status: 403, body: { success: false, error: "This area is for admins." } });
  });

  it("refuses an admin whose rights were revoked even with an older admin session", async () => {
    const former = await createProfile({ superAdmin: true });
    await (await getDb()).update(profiles).set({ superAdmin: false }).where(eq(profiles.id, former.id));
    expect((await call(gradePacksRoute.GET as Handler, "/api/admin/gradePacks", { as: former })).status).toBe(403);
  });

  it("grading validates its input with clear messages", async () => {
    const empty = await call(gradePropsRoute.POST as Handler, "/api/admin/gradeProps", { body: { grades: [] }, as: admin });
    expect(empty).toEqual({ status: 400, body: { success: false, error: "Choose a result for at least one prop." } });
    const bad = await call(gradePropsRoute.POST as Handler, "/api/admin/gradeProps", {
      body: { grades: [{ propId: "00000000-0000-4000-8000-000000000000", outcome: "C" }] },
      as: admin,
    });
    expect(bad.status).toBe(400);
    const badPreview = await call(previewRoute.POST as Handler, "/api/admin/gradeProps/preview", {
      body: { grades: [{ propId: "nope", outcome: "A" }] },
      as: admin,
    });
    expect(badPreview).toEqual({ status: 400, body: { success: false, error: "Unknown prop." } });
  });
});

describe("corrections: re-grading a graded prop", () => {
  const grade = (grades: Array<{ propId: string; outcome: "A" | "B" | "push" | "void" | null }>) =>
    call(gradePropsRoute.POST as Handler, "/api/admin/gradeProps", { as: admin, body: { grades } });
  const preview = (grades: Array<{ propId: string; outcome: "A" | "B" | "push" | "void" | null }>) =>
    call(previewRoute.POST as Handler, "/api/admin/gradeProps/preview", { as: admin, body: { grades } });
  const corrections = async (propId: string) =>
    queryRows<{ to_phone: string; body: string; status: string; dedupe_key: string }>(
      await getDb(),
      sql`select to_phone, body, status, dedupe_key from sms_outbox where kind = 'grade_correction' and dedupe_key like ${`grade_correction:${propId}:%`} order by created_at, to_phone`,
    );

  it("previews each affected player's points and diamonds before → after by handle, without writing anything", async () => {
    const pack = await createPack({ props: [{ sideAMoneyline: 150, sideBMoneyline: -110 }, {}] });
    const propId = pack.props[0]!.id;
    const onA = await createProfile({ handle: `a_${Date.now() % 1e8}` });
    const onB = await createProfile({ handle: `b_${Date.now() % 1e8}` });
    await submitTakes({ profile: onA, pack, picks: [{ propIndex: 0, side: "A" }] });
    await submitTakes({ profile: onB, pack, picks: [{ propIndex: 0, side: "B" }] });
    await grade([{ propId, outcome: "A" }]);

    // A first grade is not a correction: nothing to preview.
    expect((await preview([{ propId: pack.props[1]!.id, outcome: "A" }])).body).toEqual({ success: true, props: [], winners: [] });
    // The same grade again changes nothing.
    expect((await preview([{ propId, outcome: "A" }])).body.props).toEqual([]);

    const answer = await preview([{ propId, outcome: "B" }]);
    expect(answer).toEqual({
      status: 200,
      body: {
        success: true,
        winners: [],
        props: [
          {
            propId,
            shortLabel: pack.props[0]!.shortLabel,
            packTitle: pack.title,
            before: "Yes won",
            after: "No won",
            affected: 2,
            more: 0,
            players: [
              { handle: onA.handle, pointsBefore: 375, pointsAfter: 0, diamondsBefore: 18.75, diamondsAfter: 0 },
              { handle: onB.handle, pointsBefore: 0, pointsAfter: 227, diamondsBefore: 0, diamondsAfter: 11.35 },
            ],
          },
        ],
      },
    });
    expect(JSON.stringify(answer.body)).not.toContain(onA.phone);
    // Nothing was written: the balance and the grade are as before, nobody was texted.
    expect(await getBalanceCents(await getDb(), onA.id)).toBe(1875);
    expect(await corrections(propId)).toEqual([]);
  });

  it("names the first players and counts the rest when many are affected", async () => {
    const pack = await createPack({ props: [{}] });
    const propId = pack.props[0]!.id;
    for (let i = 0; i < 12; i++) await submitTakes({ profile: await createProfile(), pack, picks: [{ propIndex: 0, side: "A" }] });
    await grade([{ propId, outcome: "A" }]);

    const answer = await preview([{ propId, outcome: "void" }]);

    expect(answer.body.props[0]).toMatchObject({ after: "Void", affected: 12, more: 2 });
    expect(answer.body.props[0].players).toHaveLength(10);
  });

  it("texts each player whose result changed once per change, never for the same grade again, and again for a later change", async () => {
    const pack = await createPack({ props: [{ sideAMoneyline: 150 }, {}], title: "Bills at Chiefs" });
    const propId = pack.props[0]!.id;
    const onA = await createProfile();
    const onB = await createProfile();
    const quiet = await createProfile();
    const untouched = await createProfile();
    await (await getDb()).update(profiles).set({ smsOptOut: true }).where(eq(profiles.id, quiet.id));
    await submitTakes({ profile: onA, pack, picks: [{ propIndex: 0, side: "A" }] });
    await submitTakes({ profile: onB, pack, picks: [{ propIndex: 0, side: "B" }] });
    await submitTakes({ profile: quiet, pack, picks: [{ propIndex: 0, side: "A" }] });
    await submitTakes({ profile: untouched, pack, picks: [{ propIndex: 1, side: "A" }] });

    const first = await grade([{ propId, outcome: "A" }]);
    expect(first.body.correctionTexts).toBe(0);
    expect(await corrections(propId)).toEqual([]);

    const regrade = await grade([{ propId, outcome: "B" }]);
    expect(regrade.body).toMatchObject({ success: true, correctionTexts: 2 });
    const sent = await corrections(propId);
    expect(sent.map((text) => [text.to_phone, text.status])).toEqual(
      [
        [onA.phone, "pending"],
        [onB.phone, "pending"],
        [quiet.phone, "skipped"],
      ].sort((x, y) => x[0]!.localeCompare(y[0]!)),
    );
    const toA = sent.find((text) => text.to_phone === onA.phone)!;
    expect(toA.body).toContain(
      `Correction for Bills at Chiefs. "${pack.props[0]!.shortLabel}" was re-graded: No won. Your points from it: 375 → 0.`,
    );
    expect(toA.body).toContain(`/packs/${pack.packUrl}`);
    expect(toA.dedupe_key).toBe(`grade_correction:${propId}:v2:${onA.id}`);

    // Republishing the same grade texts nobody.
    const same = await grade([{ propId, outcome: "B" }]);
    expect(same.body.correctionTexts).toBe(0);
    expect(await corrections(propId)).toHaveLength(3);

    // A later real change texts the affected players again, once.
    const push = await grade([{ propId, outcome: "push" }]);
    expect(push.body.correctionTexts).toBe(2);
    const after = await corrections(propId);
    expect(after).toHaveLength(6);
    expect(after.filter((text) => text.dedupe_key.includes(":v3:")).map((text) => text.body)).toContainEqual(
      expect.stringContaining("was re-graded: Push. Your points from it: 0 → 100."),
    );
    expect(after.some((text) => text.to_phone === untouched.phone)).toBe(false);

    // Taking the grade back is a change too: one text each, saying so.
    const takenBack = await grade([{ propId, outcome: null }]);
    expect(takenBack.body.correctionTexts).toBe(2);
    expect((await corrections(propId)).filter((text) => text.dedupe_key.includes(":v4:")).map((text) => text.body)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("had its result taken back until it is graded again. Your points from it: 100 → 0."),
      ]),
    );
  });

  it("works the winners out again in the change, previews and reports old → new, and clears them when the pack is no longer fully graded", async () => {
    const pack = await createPack({ props: [{}, {}] });
    const [first, second] = [await createProfile(), await createProfile()];
    await submitTakes({
      profile: first,
      pack,
      picks: [
        { propIndex: 0, side: "A" },
        { propIndex: 1, side: "A" },
      ],
    });
    await submitTakes({
      profile: second,
      pack,
      picks: [
        { propIndex: 0, side: "B" },
        { propIndex: 1, side: "A" },
      ],
    });
    await grade(pack.props.map((prop) => ({ propId: prop.id, outcome: "A" as const })));
    await call(setPackWinnersRoute.POST as Handler, "/api/admin/setPackWinners", {
      as: admin,
      body: { packs: [{ packURL: pack.packUrl }] },
    });
    const propId = pack.props[0]!.id;

    const previewed = await preview([{ propId, outcome: "B" }]);
    expect(previewed.body.winners).toEqual([
      {
        packURL: pack.packUrl,
        title: pack.title,
        action: "rerun",
        before: { handle: first.handle, points: 500 },
        after: { handle: second.handle, points: 500 },
      },
    ]);
    const regraded = await grade([{ propId, outcome: "B" }]);
    expect(regraded.body.packs).toEqual([
      expect.objectContaining({
        packURL: pack.packUrl,
        status: "graded",
        winners: { action: "rerun", before: { handle: first.handle, points: 500 }, after: { handle: second.handle, points: 500 } },
      }),
    ]);
    const [row] = await (await getDb()).select().from(packs).where(eq(packs.id, pack.id));
    expect(row).toMatchObject({ winnerProfileId: second.id, winnerPoints: 500 });
    const [audit] = await queryRows<{ before: unknown; after: unknown }>(
      await getDb(),
      sql`select before, after from admin_audit_log where entity_id = ${pack.id} and action = 'pack.winners_rerun'`,
    );
    expect(audit).toEqual({ before: { winner: `@${first.handle} (500 pts)` }, after: { winner: `@${second.handle} (500 pts)` } });

    expect((await preview([{ propId, outcome: null }])).body.winners).toEqual([
      { packURL: pack.packUrl, title: pack.title, action: "cleared", before: { handle: second.handle, points: 500 }, after: null },
    ]);
    const ungraded = await grade([{ propId, outcome: null }]);
    expect(ungraded.body.packs[0].winners).toMatchObject({ action: "cleared", after: null });
  });
});

describe("grading through the admin API", () => {
  it("grades a pack's props, marks the pack graded and texts its participants once, never the opted-out", async () => {
    const pack = await createPack({ props: [{ sideAMoneyline: 150 }, { sideBMoneyline: -110 }], title: "Eagles at Cowboys" });
    const fan = await createProfile();
    const quiet = await createProfile();
    await (await getDb()).update(profiles).set({ smsOptOut: true }).where(eq(profiles.id, quiet.id));
    await submitTakes({
      profile: fan,
      pack,
      picks: [
        { propIndex: 0, side: "A" },
        { propIndex: 1, side: "B" },
      ],
    });
    await submitTakes({ profile: quiet, pack, picks: [{ propIndex: 0, side: "B" }] });

    const first = await call(gradePropsRoute.POST as Handler, "/api/admin/gradeProps", {
      as: admin,
      body: {
        grades: [
          { propId: pack.props[0]!.id, outcome: "A", resultText: "PHI 27 - 20 DAL" },
          { propId: pack.props[1]!.id, outcome: "B" },
        ],
      },
    });

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      errors: [],
      textsQueued: 1,
      leaderboardsCurrent: true,
      packs: [{ packURL: pack.packUrl, status: "graded", becameGraded: true }],
    });
    expect(first.body.results.map((r: { takesUpdated: number }) => r.takesUpdated)).toEqual([2, 1]);
    const texts = await queryRows<{ to_phone: string; body: string; status: string }>(
      await getDb(),
      sql`select to_phone, body, status from sms_outbox where dedupe_key like ${`pack_graded:${pack.id}:%`} order by status`,
    );
    expect(texts).toEqual([
      {
        to_phone: fan.phone,
        status: "pending",
        body: expect.stringContaining("results are in for Eagles at Cowboys! You scored 602 pts (2-0-0)"),
      },
      { to_phone: quiet.phone, status: "skipped", body: expect.any(String) },
    ]);
    expect(texts[0]!.body).toContain(`/packs/${pack.packUrl}`);

    // Un-grade and re-grade: nobody is texted twice.
    await call(gradePropsRoute.POST as Handler, "/api/admin/gradeProps", {
      as: admin,
      body: { grades: [{ propId: pack.props[1]!.id, outcome: null }] },
    });
    const again = await call(gradePropsRoute.POST as Handler, "/api/admin/gradeProps", {
      as: admin,
      body: { grades: [{ propId: pack.props[1]!.id, outcome: "A" }] },
    });
    expect(again.body).toMatchObject({ textsQueued: 0, packs: [{ becameGraded: true }] });
  });

  it("lists packs whose games are over and props ready to grade", async () => {
    const pack = await createPack({ props: [{ shortLabel: "First score" }] });
    const finished = await createEvent({ packId: pack.id, status: "final" });
    await (await getDb()).execute(sql`update props set event_id = ${finished.eventId} where id = ${pack.props[0]!.id}`);
    const playing = await createPack({ props: [{ shortLabel: "Still playing" }] });
    await createEvent({ packId: playing.id, status: "in_progress" });

    const packsToGrade = await call(gradePacksRoute.GET as Handler, "/api/admin/gradePacks", { as: admin });
    const urls = packsToGrade.body.packs.map((p: { packURL: string }) => p.packURL);
    expect(urls).toContain(pack.packUrl);
    expect(urls).not.toContain(playing.packUrl);
    const propsToGrade = await call(gradePropsRoute.GET as Handler, "/api/admin/gradeProps", { as: admin });
    const entry = propsToGrade.body.props.find((p: { propId: string }) => p.propId === pack.props[0]!.id);
    expect(entry).toMatchObject({
      question: "First score?",
      boxScoreUrl: expect.stringMatching(/^https:\/\/www\.espn\.com\/nfl\/game\/_\/gameId\//),
    });
  });
});

describe("pack winners", () => {
  async function gradedPackWith(entries: Array<{ profile: TestProfile; picks: Array<"A" | "B">; submittedAt: Date }>) {
    const pack = await createPack({ props: [{ sideAMoneyline: 150 }, {}, {}] });
    for (const entry of entries) {
      await submitTakes({
        profile: entry.profile,
        pack,
        picks: entry.picks.map((side, propIndex) => ({ propIndex, side })),
        at: entry.submittedAt,
      });
    }
    await call(gradePropsRoute.POST as Handler, "/api/admin/gradeProps", {
      as: admin,
      body: { grades: pack.props.map((prop) => ({ propId: prop.id, outcome: "A" })) },
    });
    return pack;
  }

  it("picks most points, then more props won, then the earlier final submission", async () => {
    const [early, late, fewer] = [await createProfile(), await createProfile(), await createProfile()];
    // Every prop goes A: early and late tie on 625 points and 2 wins; fewer has 375.
    const pack = await gradedPackWith([
      { profile: late, picks: ["A", "A", "B"], submittedAt: new Date("2025-10-12T16:00:00Z") },
      { profile: early, picks: ["A", "A", "B"], submittedAt: new Date("2025-10-12T15:00:00Z") },
      { profile: fewer, picks: ["A", "B", "B"], submittedAt: new Date("2025-10-12T14:00:00Z") },
    ]);
    const listed = await call(gradedPacksRoute.GET as Handler, "/api/admin/gradedPacks", { as: admin });
    expect(listed.body.packs).toContainEqual({
      airtableId: pack.id,
      packURL: pack.packUrl,
      title: pack.title,
      propsCount: 3,
      takeCount: 9,
    });

    const result = await call(setPackWinnersRoute.POST as Handler, "/api/admin/setPackWinners", {
      as: admin,
      body: { packs: [{ airtableId: pack.id, packURL: pack.packUrl }] },
    });

    // The answer names the winner, so the dialog can say who won.
    expect(result).toEqual({
      status: 200,
      body: {
        success: true,
        updatedCount: 1,
        winners: [{ packURL: pack.packUrl, title: pack.title, handle: early.handle, points: 625 }],
        errors: [],
      },
    });
    const [row] = await (await getDb()).select().from(packs).where(eq(packs.id, pack.id));
    expect(row).toMatchObject({ winnerProfileId: early.id, winnerPoints: 625, winnersSetAt: expect.any(Date) });
    const after = await call(gradedPacksRoute.GET as Handler, "/api/admin/gradedPacks", { as: admin });
    expect(after.body.packs.map((p: { packURL: string }) => p.packURL)).not.toContain(pack.packUrl);
  });

  it("breaks a tie on points by props won, before submission time", async () => {
    // Prop 1 side A at +150 pays 375; props 2-4 side B at -200 pay 125 each.
    const pack = await createPack({
      props: [{ sideAMoneyline: 150 }, { sideBMoneyline: -200 }, { sideBMoneyline: -200 }, { sideBMoneyline: -200 }],
    });
    const oneBigWin = await createProfile();
    const threeSmallWins = await createProfile();
    await submitTakes({ profile: oneBigWin, pack, picks: [{ propIndex: 0, side: "A" }], at: new Date("2025-10-12T10:00:00Z") });
    await submitTakes({
      profile: threeSmallWins,
      pack,
      picks: [1, 2, 3].map((propIndex) => ({ propIndex, side: "B" as const })),
      at: new Date("2025-10-12T11:00:00Z"),
    });
    await call(gradePropsRoute.POST as Handler, "/api/admin/gradeProps", {
      as: admin,
      body: { grades: pack.props.map((prop, index) => ({ propId: prop.id, outcome: index === 0 ? "A" : "B" })) },
    });

    await call(setPackWinnersRoute.POST as Handler, "/api/admin/setPackWinners", {
      as: admin,
      body: { packs: [{ packURL: pack.packUrl }] },
    });

    const [row] = await (await getDb()).select().from(packs).where(eq(packs.id, pack.id));
    expect(row).toMatchObject({ winnerProfileId: threeSmallWins.id, winnerPoints: 375 });
  });

  it("reports packs it cannot settle and marks an empty graded pack as having no winner", async () => {
    const open = await createPack({ props: [{}] });
    const empty = await createPack({ props: [{}] });
    await call(gradePropsRoute.POST as Handler, "/api/admin/gradeProps", {
      as: admin,
      body: { grades: [{ propId: empty.props[0]!.id, outcome: "A" }] },
    });

    const result = await call(setPackWinnersRoute.POST as Handler, "/api/admin/setPackWinners", {
      as: admin,
      body: { packs: [{ packURL: open.packUrl }, { packURL: "no-such-pack" }, { packURL: empty.packUrl }] },
    });

    expect(result.body).toEqual({
      success: true,
      updatedCount: 1,
      winners: [{ packURL: empty.packUrl, title: expect.any(String), handle: null, points: null }],
      errors: [
        { packURL: open.packUrl, airtableId: null, error: "Pack is not graded yet." },
        { packURL: "no-such-pack", airtableId: null, error: "Pack not found." },
      ],
    });
    const [row] = await (await getDb()).select().from(packs).where(eq(packs.id, empty.id));
    expect(row).toMatchObject({ winnerProfileId: null, winnersSetAt: expect.any(Date) });
  });

  it("the earliest final submission wins a full tie, and a later re-submission counts as final", async () => {
    const [a, b] = [await createProfile(), await createProfile()];
    const pack = await createPack({ props: [{}] });
    await submitTakes({ profile: a, pack, picks: [{ propIndex: 0, side: "A" }], at: new Date("2025-10-12T10:00:00Z") });
    await submitTakes({ profile: b, pack, picks: [{ propIndex: 0, side: "A" }], at: new Date("2025-10-12T11:00:00Z") });
    // a changes nothing but submits again later: a's final submission is now the later one.
    const db = await getDb();
    await db.insert(receipts).values({
      id: `late${a.id.slice(0, 8)}`,
      profileId: a.id,
      packId: pack.id,
      idempotencyKey: "again",
      createdAt: new Date("2025-10-12T12:00:00Z"),
    });
    await call(gradePropsRoute.POST as Handler, "/api/admin/gradeProps", {
      as: admin,
      body: { grades: [{ propId: pack.props[0]!.id, outcome: "A" }] },
    });
    await call(setPackWinnersRoute.POST as Handler, "/api/admin/setPackWinners", { as: admin, body: { packs: [{ airtableId: pack.id }] } });
    const [row] = await db.select().from(packs).where(eq(packs.id, pack.id));
    expect(row!.winnerProfileId).toBe(b.id);
  });
});

describe("the pack graded dialog's data", () => {
  it("shows a participant their per-prop results and totals, once", async () => {
    const fan = await createProfile({ handle: `dialogfan${Date.now() % 100000}` });
    const pack = await createPack({
      props: [{ sideAMoneyline: 150, shortLabel: "Who wins?" }, { shortLabel: "Over 44.5?" }, { shortLabel: "Rain?" }],
    });
    await submitTakes({
      profile: fan,
      pack,
      picks: [
        { propIndex: 0, side: "A" },
        { propIndex: 1, side: "A" },
        { propIndex: 2, side: "B" },
      ],
    });
    const path = `/api/packs/${pack.packUrl}/graded`;
    const params = { packURL: pack.packUrl };

    const before = await call(packGradedRoute.GET as Handler, path, { as: fan, params });
    expect(before.body).toMatchObject({ success: true, isGraded: false, shouldShow: false });

    await call(gradePropsRoute.POST as Handler, "/api/admin/gradeProps", {
      as: admin,
      body: {
        grades: [
          { propId: pack.props[0]!.id, outcome: "A" },
          { propId: pack.props[1]!.id, outcome: "B" },
          { propId: pack.props[2]!.id, outcome: "push" },
        ],
      },
    });
    const graded = await call(packGradedRoute.GET as Handler, path, { as: fan, params });
    expect(graded.body).toMatchObject({
      success: true,
      handle: fan.handle,
      packTitle: pack.title,
      shouldShow: true,
      totals: { points: 475, tokensCents: 2375, won: 1, lost: 1, pushed: 1 },
      takes: [
        { prop: "Who wins?", sideLabel: "Yes", result: "won", points: 375, tokensCents: 1875 },
        { prop: "Over 44.5?", sideLabel: "Yes", result: "lost", points: 0, tokensCents: 0 },
        { prop: "Rain?", sideLabel: "No", result: "push", points: 100, tokensCents: 500 },
      ],
    });
    expect(JSON.stringify(graded.body)).not.toContain(fan.phone);
    expect(await getBalanceCents(await getDb(), fan.id)).toBe(2375);

    const [firstSeen, secondSeen] = [
      await call(packGradedRoute.POST as Handler, path, { as: fan, params, method: "POST" }),
      await call(packGradedRoute.POST as Handler, path, { as: fan, params, method: "POST" }),
    ];
    expect([firstSeen.body.firstTime, secondSeen.body.firstTime]).toEqual([true, false]);
    const after = await call(packGradedRoute.GET as Handler, path, { as: fan, params });
    expect(after.body).toMatchObject({ seen: true, shouldShow: false });
  });

  it("asks a visitor to sign in", async () => {
    const pack = await createPack({ props: [{}] });
    const visitor = await call(packGradedRoute.GET as Handler, `/api/packs/${pack.packUrl}/graded`, { params: { packURL: pack.packUrl } });
    expect(visitor.status).toBe(401);
  });
});

describe("the admin view of a ledger", () => {
  it("shows a profile's balance and rows, and applies an adjustment with a reason once however often it is sent", async () => {
    const target = await createProfile();
    const body = { profile: `@${target.handle}`, diamonds: "12.5", reason: "Make-good for a late grade", idempotencyKey: "adjust-0001" };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call(adjustmentsRoute.POST as Handler, "/api/admin/ledger/adjustments", { as: admin, body })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(results.filter((r) => r.body.applied)).toHaveLength(1);

    const ledger = await call(ledgerRoute.GET as Handler, `/api/admin/ledger?profile=${target.handle}`, { as: admin });
    expect(ledger.body).toMatchObject({
      success: true,
      profile: { id: target.id, handle: target.handle, phone: target.phone },
      balanceCents: 1250,
      entries: [{ amountCents: 1250, kind: "admin_adjustment", reason: "Make-good for a late grade", actorHandle: admin.handle }],
    });
  });

  it("refuses a deduction below zero and an adjustment without a reason", async () => {
    const target = await createProfile();
    const below = await call(adjustmentsRoute.POST as Handler, "/api/admin/ledger/adjustments", {
      as: admin,
      body: { profile: target.handle, diamonds: -1, reason: "Clawback", idempotencyKey: "adjust-0002" },
    });
    expect(below).toEqual({ status: 409, body: { success: false, error: "That would take the balance below zero." } });
    const noReason = await call(adjustmentsRoute.POST as Handler, "/api/admin/ledger/adjustments", {
      as: admin,
      body: { profile: target.handle, diamonds: 5, reason: " ", idempotencyKey: "adjust-0003" },
    });
    expect(noReason.status).toBe(400);
    const unknown = await call(ledgerRoute.GET as Handler, "/api/admin/ledger?profile=nobody_here", { as: admin });
    expect(unknown).toEqual({ status: 404, body: { success: false, error: "Profile not found." } });
  });
});
