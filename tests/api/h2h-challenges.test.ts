import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { POST as createRoute } from "@/app/api/h2h/route";
import { POST as respondRoute } from "@/app/api/h2h/[challengeId]/respond/route";
import { getDb } from "@/server/db/client";
import { packs } from "@/server/db/schema";
import { getMatchup } from "@/server/h2h/get-matchup";
import { listMyChallenges } from "@/server/h2h/list-my-challenges";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { addTake, createPack, createProp } from "./contests-fixtures";

const HOUR = 3_600_000;
let ann: TestProfile;
let ben: TestProfile;
let cal: TestProfile;
let openPack: Awaited<ReturnType<typeof createPack>>;

beforeAll(async () => {
  await createTestDb();
  ann = await createProfile({ handle: "ann_h2h", phone: "+15550001111" });
  ben = await createProfile({ handle: "Ben_H2H", phone: "+15550002222" });
  cal = await createProfile({ handle: "cal_h2h" });
  openPack = await createPack({ packUrl: "h2h-open", title: "Open Pack", status: "open", closeTime: new Date(Date.now() + 24 * HOUR) });
  await createPack({ packUrl: "h2h-closed", title: "Closed Pack", status: "open", closeTime: new Date(Date.now() - HOUR) });
});
afterAll(closeTestDb);

const challenge = async (as: TestProfile | undefined, body: Record<string, unknown>) =>
  createRoute(await apiRequest("/api/h2h", { as, body }), routeParams({}));
const respond = async (as: TestProfile | undefined, challengeId: string, accept: unknown) =>
  respondRoute(await apiRequest(`/api/h2h/${challengeId}/respond`, { as, body: { accept } }), routeParams({ challengeId }));

describe("head-to-head challenges", () => {
  let challengeId = "";

  it("a player challenges another by handle (any case, '@' allowed) and gets a link to share", async () => {
    const response = await challenge(ann, { packURL: "h2h-open", opponent: "@ben_h2h" });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { success: boolean; challengeId: string; url: string; opponentHandle: string };
    expect(body).toMatchObject({ success: true, opponentHandle: "Ben_H2H" });
    expect(body.url).toBe(`/h2h/${body.challengeId}`);
    challengeId = body.challengeId;
  });

  it("once per pair per pack, whoever asks", async () => {
    for (const [as, opponent] of [
      [ann, "ben_h2h"],
      [ben, "ann_h2h"],
    ] as const) {
      const response = await challenge(as, { packURL: "h2h-open", opponent });
      expect(response.status).toBe(409);
      expect(((await response.json()) as { error: string }).error).toMatch(/already have a challenge on this pack/);
    }
  });

  it.skipIf(testDbKind() !== "postgres")("parallel challenges between the same pair: exactly one is created", async () => {
    const pack = await createPack({ status: "open", closeTime: new Date(Date.now() + HOUR) });
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        challenge(i % 2 ? ann : cal, { packURL: pack.packUrl, opponent: i % 2 ? "cal_h2h" : "ann_h2h" }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
  });

  it("refuses yourself, unknown players, unknown and closed packs, and visitors", async () => {
    const cases: Array<[TestProfile | undefined, Record<string, unknown>, number, string]> = [
      [ann, { packURL: "h2h-open", opponent: "ann_h2h" }, 400, "You can't challenge yourself."],
      [ann, { packURL: "h2h-open", opponent: "nobody_here" }, 404, "No player called @nobody_here."],
      [ann, { packURL: "no-such-pack", opponent: "cal_h2h" }, 404, "Pack not found."],
      [ann, { packURL: "h2h-closed", opponent: "cal_h2h" }, 409, "This pack has closed; challenges are over."],
      [ann, { packURL: "h2h-open", opponent: " " }, 400, "Enter a username to challenge."],
      [undefined, { packURL: "h2h-open", opponent: "cal_h2h" }, 401, "Please log in to continue."],
    ];
    for (const [as, body, status, error] of cases) {
      const response = await challenge(as, body);
      expect(response.status, error).toBe(status);
      expect(await response.json()).toEqual({ success: false, error });
    }
  });

  it("only the challenged player answers, once", async () => {
    expect((await respond(ann, challengeId, true)).status).toBe(403);
    expect((await respond(cal, challengeId, true)).status).toBe(403);
    expect((await respond(undefined, challengeId, true)).status).toBe(401);
    expect((await respond(ben, challengeId, "yes")).status).toBe(400);
    const accepted = await respond(ben, challengeId, true);
    expect(await accepted.json()).toEqual({ success: true, status: "accepted" });
    const again = await respond(ben, challengeId, false);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ success: false, error: "This challenge was already answered." });
    expect((await respond(ben, "00000000-0000-4000-8000-000000000000", true)).status).toBe(404);
    expect((await respond(ben, "not-a-uuid", true)).status).toBe(404);
  });

  it("a challenge can be declined", async () => {
    const created = (await (await challenge(cal, { packURL: "h2h-open", opponent: "ben_h2h" })).json()) as { challengeId: string };
    expect(await (await respond(ben, created.challengeId, false)).json()).toEqual({ success: true, status: "declined" });
  });

  it("lists a player's challenges, those waiting for their answer first", async () => {
    const created = (await (await challenge(cal, { packURL: "h2h-open", opponent: "ann_h2h" })).json()) as { challengeId: string };
    const mine = await listMyChallenges({ profileId: ann.id });
    expect(mine[0]).toMatchObject({ id: created.challengeId, incoming: true, status: "pending", opponentHandle: "cal_h2h" });
    expect(mine.find((c) => c.id === challengeId)).toMatchObject({ incoming: false, status: "accepted", opponentHandle: "Ben_H2H" });
  });

  it("the matchup keeps picks private until the pack closes, then shows both players' takes (never phones)", async () => {
    const prop = await createProp(openPack, { shortLabel: "Who wins?" });
    await addTake({ profile: ann, prop, side: "A" });
    await addTake({ profile: ben, prop, side: "B" });

    const before = await getMatchup({ challengeId, viewerProfileId: ben.id });
    expect(before).toMatchObject({ status: "accepted", viewerRole: "challenged", canRespond: false, props: null, totals: null });
    expect(before.challenger.handle).toBe("ann_h2h");

    const after = await getMatchup({ challengeId, now: new Date(Date.now() + 25 * HOUR) });
    expect(after.props).toEqual([
      expect.objectContaining({
        shortLabel: "Who wins?",
        challenger: { side: "A", result: "pending", points: 0, lockedValue: 250 },
        challenged: { side: "B", result: "pending", points: 0, lockedValue: 250 },
      }),
    ]);
    const text = JSON.stringify(after);
    expect(text).not.toContain("5550001111");
    expect(text).not.toContain("5550002222");
  });

  it("an unknown or malformed challenge is not found", async () => {
    await expect(getMatchup({ challengeId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ status: 404 });
    await expect(getMatchup({ challengeId: "nope" })).rejects.toMatchObject({ status: 404 });
  });

  it("answering after the pack closed expires the challenge", async () => {
    const pack = await createPack({ status: "open", closeTime: new Date(Date.now() + HOUR) });
    const created = (await (await challenge(ann, { packURL: pack.packUrl, opponent: "cal_h2h" })).json()) as { challengeId: string };
    await (
      await getDb()
    )
      .update(packs)
      .set({ closeTime: new Date(Date.now() - 1000) })
      .where(eq(packs.id, pack.id));
    const late = await respond(cal, created.challengeId, true);
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ success: false, error: "This pack has closed; the challenge expired." });
    expect((await getMatchup({ challengeId: created.challengeId })).status).toBe("cancelled");
  });
});
