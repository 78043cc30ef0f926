import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { POST as rematchRoute } from "@/app/api/h2h/rematch/route";
import { getDb, queryRows } from "@/server/db/client";
import { h2hChallenges } from "@/server/db/schema";
import { settleH2hChallenges } from "@/server/h2h/settle-h2h-challenges";
import { listRivals, RIVALS_PER_PAGE } from "@/server/rivals/list-rivals";
import { recordsAgainst, RECORDS_PER_CALL } from "@/server/rivals/records-against";
import { getProfileRivalry } from "@/server/rivals/get-profile-rivalry";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { addTake, createPack, createProp } from "./contests-fixtures";

const HOUR = 3_600_000;
let ann: TestProfile;
let ben: TestProfile;

beforeAll(async () => {
  await createTestDb();
  ann = await createProfile({ handle: "ann_rival" });
  ben = await createProfile({ handle: "ben_rival" });
});
afterAll(closeTestDb);

/** A graded pack where each player scored the points given (one graded prop, one take each). */
async function gradedPack(scores: Array<[TestProfile, number]>, status: "graded" | "live" = "graded") {
  const pack = await createPack({ status });
  const prop = await createProp(pack, { status: "gradedA" });
  for (const [profile, points] of scores) await addTake({ profile, prop, result: points > 0 ? "won" : "lost", points });
  return pack;
}

const rematch = async (as: TestProfile, opponent: unknown) =>
  rematchRoute(await apiRequest("/api/h2h/rematch", { as, body: { opponent } }), routeParams({}));

describe("rival records", () => {
  it("count graded packs both played: more points wins, equal points ties", async () => {
    await gradedPack([
      [ann, 500],
      [ben, 250],
    ]);
    await gradedPack([
      [ann, 0],
      [ben, 250],
    ]);
    await gradedPack([
      [ann, 250],
      [ben, 250],
    ]);
    // Only one of them played; not graded yet: neither counts.
    await gradedPack([[ann, 1000]]);
    await gradedPack(
      [
        [ann, 0],
        [ben, 900],
      ],
      "live",
    );
    const records = await recordsAgainst(await getDb(), ann.id, [ben.id]);
    expect(records.get(ben.id)!.packs).toEqual({ won: 1, lost: 1, tied: 1 });
    const theirs = await recordsAgainst(await getDb(), ben.id, [ann.id]);
    expect(theirs.get(ann.id)!.packs).toEqual({ won: 1, lost: 1, tied: 1 });
  });

  it("count settled head-to-heads by their outcome, from either side", async () => {
    const cal = await createProfile({ handle: "cal_rival" });
    const dee = await createProfile({ handle: "dee_rival" });
    const db = await getDb();
    for (const [challenger, challenged, mine, theirs] of [
      [cal, dee, 500, 250],
      [dee, cal, 500, 250],
      [dee, cal, 500, 250],
      [cal, dee, 250, 250],
    ] as const) {
      const pack = await gradedPack([
        [challenger, mine],
        [challenged, theirs],
      ]);
      await db.insert(h2hChallenges).values({
        packId: pack.id,
        challengerProfileId: challenger.id,
        challengedProfileId: challenged.id,
        status: "accepted",
        acceptedAt: new Date(),
      });
    }
    await settleH2hChallenges({ bonusCents: 0, tiePolicy: "split" });
    const record = (await recordsAgainst(db, cal.id, [dee.id])).get(dee.id)!;
    expect(record.h2h).toEqual({ won: 1, lost: 2, tied: 1 });
    expect(record.packs).toEqual({ won: 1, lost: 2, tied: 1 });
  });

  it("an overwritten take does not count, and a player with no common pack has an empty record", async () => {
    const eve = await createProfile();
    const pack = await createPack();
    const prop = await createProp(pack);
    await addTake({ profile: eve, prop, points: 900, current: false });
    await addTake({ profile: eve, prop, points: 0, result: "lost" });
    await addTake({ profile: ann, prop, points: 100, result: "won" });
    const stranger = await createProfile();
    const records = await recordsAgainst(await getDb(), ann.id, [eve.id, stranger.id]);
    expect(records.get(eve.id)!.packs).toEqual({ won: 1, lost: 0, tied: 0 });
    expect(records.get(stranger.id)).toEqual({ packs: { won: 0, lost: 0, tied: 0 }, h2h: { won: 0, lost: 0, tied: 0 } });
  });

  it(`counts at most ${RECORDS_PER_CALL} opponents a call, never the viewer`, async () => {
    const ids = Array.from({ length: RECORDS_PER_CALL + 20 }, () => crypto.randomUUID());
    const records = await recordsAgainst(await getDb(), ann.id, [ann.id, ...ids]);
    expect(records.size).toBe(RECORDS_PER_CALL);
    expect(records.has(ann.id)).toBe(false);
  });
});

describe("rematch", () => {
  it("challenges the opponent on the open pack closing soonest, then the next one", async () => {
    const fay = await createProfile({ handle: "fay_rival" });
    const gus = await createProfile({ handle: "gus_rival" });
    const soon = await createPack({ status: "open", title: "Closes soon", closeTime: new Date(Date.now() + 2 * HOUR) });
    const later = await createPack({ status: "open", title: "Closes later", closeTime: new Date(Date.now() + 30 * HOUR) });
    // A closed pack is never offered, however soon it closed.
    await createPack({ status: "open", closeTime: new Date(Date.now() - HOUR) });

    const first = await rematch(fay, "@GUS_rival");
    expect(first.status).toBe(201);
    const firstBody = (await first.json()) as { packURL: string; url: string; opponentHandle: string };
    expect(firstBody).toMatchObject({ opponentHandle: "gus_rival" });
    // The soonest-closing open pack of the whole game: ours unless another test's pack closes sooner.
    const rivalry = await getProfileRivalry({ viewerId: fay.id, profileId: gus.id });
    expect(rivalry.rematchPack?.packURL).not.toBe(firstBody.packURL);

    const urls = new Set([firstBody.packURL]);
    for (;;) {
      const next = await rematch(fay, "gus_rival");
      if (next.status !== 201) {
        expect(next.status).toBe(409);
        expect(((await next.json()) as { error: string }).error).toMatch(/No open pack left for a rematch with @gus_rival/);
        break;
      }
      const body = (await next.json()) as { packURL: string };
      expect(urls.has(body.packURL)).toBe(false);
      urls.add(body.packURL);
    }
    expect(urls.has(soon.packUrl)).toBe(true);
    expect(urls.has(later.packUrl)).toBe(true);
    expect([...urls].indexOf(soon.packUrl)).toBeLessThan([...urls].indexOf(later.packUrl));
    expect((await getProfileRivalry({ viewerId: fay.id, profileId: gus.id })).rematchPack).toBeNull();
  });

  it("refuses an unknown player, yourself and a visitor", async () => {
    expect((await rematch(ann, "nobody_here_x")).status).toBe(404);
    expect((await rematch(ann, "ann_rival")).status).toBe(400);
    expect((await rematch(ann, "")).status).toBe(400);
    const visitor = await rematchRoute(await apiRequest("/api/h2h/rematch", { body: { opponent: "ben_rival" } }), routeParams({}));
    expect(visitor.status).toBe(401);
  });

  it.skipIf(testDbKind() !== "postgres")("parallel rematches between the same pair make one challenge per pack", async () => {
    const hal = await createProfile();
    const ida = await createProfile();
    await createPack({ status: "open", closeTime: new Date(Date.now() + HOUR) });
    const answers = await Promise.all(Array.from({ length: 6 }, () => rematch(hal, ida.handle)));
    expect(answers.some((answer) => answer.status === 201)).toBe(true);
    const doubled = await queryRows(
      await getDb(),
      sql`select pack_id from h2h_challenges where challenger_profile_id = ${hal.id} group by pack_id having count(*) > 1`,
    );
    expect(doubled).toHaveLength(0);
  });
});

describe("the Rivals section", () => {
  it(`lists the most-played opponents first, ${RIVALS_PER_PAGE} a page`, async () => {
    const me = await createProfile();
    const db = await getDb();
    const opponents: TestProfile[] = [];
    for (let i = 0; i < RIVALS_PER_PAGE + 2; i++) opponents.push(await createProfile());
    // The first opponent played three times, the second twice, the rest once.
    for (const [index, opponent] of opponents.entries()) {
      const times = index === 0 ? 3 : index === 1 ? 2 : 1;
      for (let t = 0; t < times; t++) {
        const pack = await createPack();
        await db.insert(h2hChallenges).values({
          packId: pack.id,
          challengerProfileId: t % 2 ? opponent.id : me.id,
          challengedProfileId: t % 2 ? me.id : opponent.id,
          status: "accepted",
        });
      }
    }
    // A declined challenge is not a game played.
    await db.insert(h2hChallenges).values({
      packId: (await createPack()).id,
      challengerProfileId: me.id,
      challengedProfileId: (await createProfile()).id,
      status: "declined",
    });
    const first = await listRivals({ viewerId: me.id, db });
    expect(first.rivals).toHaveLength(RIVALS_PER_PAGE);
    expect(first.hasMore).toBe(true);
    expect(first.rivals.slice(0, 2).map((r) => [r.handle, r.played])).toEqual([
      [opponents[0]!.handle, 3],
      [opponents[1]!.handle, 2],
    ]);
    const second = await listRivals({ viewerId: me.id, page: 2, db });
    expect(second.rivals).toHaveLength(2);
    expect(second.hasMore).toBe(false);
    const seen = new Set([...first.rivals, ...second.rivals].map((r) => r.handle));
    expect(seen.size).toBe(RIVALS_PER_PAGE + 2);
  });
});
