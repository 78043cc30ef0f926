import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { AI_PLAYER_HANDLE, AI_PLAYER_ID, offlinePick } from "@/domain/ai-player";
import { packOutcome, type WonLostTied } from "@/domain/rivals";
import { resetServerEnvCache } from "@/env";
import { pickForAiPlayer } from "@/server/ai-player/pick-for-ai-player";
import { getDb, queryRows } from "@/server/db/client";
import { props } from "@/server/db/schema";
import { gradeProp } from "@/server/grading/grade-prop";
import { setPackWinners } from "@/server/grading/set-pack-winners";
import { createChallenge } from "@/server/h2h/create-challenge";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import { getLeaderboardPage } from "@/server/leaderboards/get-leaderboard-page";
import { resolveLeaderboardScope } from "@/server/leaderboards/resolve-leaderboard-scope";
import { getPackVsAi } from "@/server/rivals/get-pack-vs-ai";
import { recordsAgainst } from "@/server/rivals/records-against";
import { listPlayerPackTakes } from "@/server/takes/list-player-pack-takes";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";
import { createProfile, type TestProfile } from "../helpers/auth";
import { createPack as createGradablePack, ledgerOf, submitTakes, type TestPack } from "../helpers/grading-fixtures";
import { createTestPack } from "../helpers/packs";
import { startOpenAiServer, type OpenAiTestServer } from "../helpers/openai-server";

const HOUR = 3_600_000;
let ai: OpenAiTestServer;
let admin: TestProfile;

beforeAll(async () => {
  await createTestDb();
  ai = await startOpenAiServer();
  admin = await createProfile({ superAdmin: true });
});
afterAll(async () => {
  delete process.env.OPENAI_API_KEY;
  resetServerEnvCache();
  await ai.close();
  await closeTestDb();
});

/** The AI player's current takes on a pack, by prop id. */
async function aiTakes(packId: string) {
  const rows = await queryRows<{ prop_id: string; side: string; locked_value: number; tokens_cents: number; points: number }>(
    await getDb(),
    sql`select prop_id, side, locked_value, tokens_cents, points from takes where pack_id = ${packId} and profile_id = ${AI_PLAYER_ID} and is_current`,
  );
  return new Map(rows.map((row) => [row.prop_id, row]));
}

/** Every AI take on a pack, current or not: a prop picked twice would show here. */
async function allAiTakeCount(packId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    await getDb(),
    sql`select count(*)::int as n from takes where pack_id = ${packId} and profile_id = ${AI_PLAYER_ID}`,
  );
  return Number(row!.n);
}

describe("the AI player", () => {
  it("is one profile, TakesAI, marked a bot, with no phone: it cannot sign in, be texted or be challenged", async () => {
    const [bot] = await queryRows<{ handle: string; phone: string | null; is_bot: boolean; deleted_at: string | null }>(
      await getDb(),
      sql`select handle, phone, is_bot, deleted_at from profiles where id = ${AI_PLAYER_ID}`,
    );
    expect(bot).toMatchObject({ handle: AI_PLAYER_HANDLE, phone: null, is_bot: true, deleted_at: null });
    const player = await createProfile();
    const pack = await createTestPack();
    await expect(
      createChallenge({ challengerProfileId: player.id, packURL: pack.packURL, opponentHandle: "TakesAI" }),
    ).rejects.toMatchObject({
      status: 404,
    });
    // Nobody else can be the AI player: a person can never hold a phone and the bot flag, nor take its name.
    await expect(createProfile({ handle: "takesai" })).rejects.toThrow();
    await expect(
      (await getDb()).execute(sql`insert into profiles (handle, phone, is_bot) values ('robot_x1', '+15550009999', true)`),
    ).rejects.toThrow();
  });
});

describe("the AI player's picks", () => {
  it("picks every prop once when a pack opens, by the offline rule, at the sides' current values", async () => {
    const pack = await createTestPack({
      props: [{ sideAMoneyline: -150, sideBMoneyline: 130 }, { sideAMoneyline: 140, sideBMoneyline: -160 }, {}],
    });
    const result = await pickForAiPlayer({ packIds: [pack.id] });
    expect(result.picks).toBe(3);
    const takes = await aiTakes(pack.id);
    expect([...takes.keys()].sort()).toEqual(pack.props.map((p) => p.id).sort());
    const stored = await (
      await getDb()
    )
      .select()
      .from(props)
      .where(sql`${props.packId} = ${pack.id}`);
    for (const prop of stored) {
      const take = takes.get(prop.id)!;
      expect(take.side).toBe(offlinePick(prop));
      expect(Number(take.locked_value)).toBe(take.side === "A" ? prop.sideAValue : prop.sideBValue);
    }
    expect(stored.map((p) => takes.get(p.id)!.side).sort()).toEqual(["A", "A", "B"]);

    // A second run (a retry, the next tick, a restarted worker) picks nothing again.
    expect((await pickForAiPlayer({ packIds: [pack.id] })).picks).toBe(0);
    expect(await allAiTakeCount(pack.id)).toBe(3);
  });

  it.skipIf(testDbKind() !== "postgres")("parallel runs on one opening pick each prop exactly once", async () => {
    const pack = await createTestPack({ props: 6 });
    const runs = await Promise.all(Array.from({ length: 6 }, () => pickForAiPlayer({ packIds: [pack.id] })));
    expect(runs.reduce((sum, run) => sum + run.picks, 0)).toBe(6);
    expect(await allAiTakeCount(pack.id)).toBe(6);
    const [receipts] = await queryRows<{ n: number }>(
      await getDb(),
      sql`select count(*)::int as n from receipts where pack_id = ${pack.id} and profile_id = ${AI_PLAYER_ID}`,
    );
    expect(Number(receipts!.n)).toBe(1);
  });

  it("picks a scheduled pack once its open time comes, a super prop, and props added to an open pack later", async () => {
    const now = new Date();
    const scheduled = await createTestPack({ status: "coming-soon", openTime: new Date(now.getTime() + HOUR), props: 2 });
    expect((await pickForAiPlayer({ packIds: [scheduled.id], now })).picks).toBe(0);
    expect((await pickForAiPlayer({ packIds: [scheduled.id], now: new Date(now.getTime() + 2 * HOUR) })).picks).toBe(2);

    const superProp = await createTestPack({ props: 1 });
    await (await getDb()).execute(sql`update packs set is_super_prop = true where id = ${superProp.id}`);
    expect((await pickForAiPlayer({ packIds: [superProp.id] })).picks).toBe(1);

    const open = await createTestPack({ props: 2 });
    await pickForAiPlayer({ packIds: [open.id] });
    const [added] = await (
      await getDb()
    )
      .insert(props)
      .values({
        packId: open.id,
        position: 5,
        shortLabel: "Added",
        title: "Added later?",
        sideAShort: "Yes",
        sideBShort: "No",
        sideATake: "Yes",
        sideBTake: "No",
        sideAValue: 400,
        sideBValue: 160,
      })
      .returning();
    expect((await pickForAiPlayer({ packIds: [open.id] })).picks).toBe(1);
    expect((await aiTakes(open.id)).get(added!.id)?.side).toBe("B");
  });

  it("never picks a draft, a closed pack, a closed prop or one past its own close time", async () => {
    const draft = await createTestPack({ status: "draft" });
    const closed = await createTestPack({ closeTime: new Date(Date.now() - HOUR), openTime: new Date(Date.now() - 2 * HOUR) });
    const mixed = await createTestPack({ props: [{ status: "closed" }, { closeTime: new Date(Date.now() - 60_000) }, {}] });
    const result = await pickForAiPlayer({ packIds: [draft.id, closed.id, mixed.id] });
    expect(result.picks).toBe(1);
    expect((await aiTakes(mixed.id)).has(mixed.props[2]!.id)).toBe(true);
  });

  it("keeps its picks private until the pack locks, like anyone's", async () => {
    const pack = await createTestPack({ props: 2 });
    await pickForAiPlayer({ packIds: [pack.id] });
    const viewer = await createProfile();
    await expect(
      listPlayerPackTakes({ packURL: pack.packURL, profileHandle: AI_PLAYER_HANDLE, viewerProfileId: viewer.id }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(listPlayerPackTakes({ packURL: pack.packURL, profileHandle: AI_PLAYER_HANDLE })).rejects.toMatchObject({ status: 403 });
    const later = new Date(Date.now() + 13 * HOUR);
    const shown = await listPlayerPackTakes({
      packURL: pack.packURL,
      profileHandle: AI_PLAYER_HANDLE,
      viewerProfileId: viewer.id,
      now: later,
    });
    expect(shown.items).toHaveLength(2);
  });
});

describe("the AI player's picks from an AI server", () => {
  const withKey = (key: string | undefined) => {
    if (key === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = key;
    process.env.OPENAI_BASE_URL = ai.baseUrl;
    resetServerEnvCache();
  };

  it("asks the configured server once per pack and stores the sides it answers", async () => {
    withKey("sk-test");
    try {
      const pack = await createTestPack({ props: [{ sideAMoneyline: -300, sideBMoneyline: 250 }, {}] });
      const [first, second] = pack.props;
      ai.respondWith({ content: JSON.stringify({ picks: { [first!.id]: "B", [second!.id]: "B" } }) });
      const before = ai.requests.length;
      await pickForAiPlayer({ packIds: [pack.id] });
      expect(ai.requests.length - before).toBe(1);
      const asked = ai.requests
        .at(-1)!
        .body.messages!.map((m) => m.content)
        .join("\n");
      expect(asked).toContain(first!.id);
      expect(asked).toContain(second!.id);
      const takes = await aiTakes(pack.id);
      // Side B of the first prop, against the offline rule's favourite: the server's choice stands.
      expect(takes.get(first!.id)?.side).toBe("B");
      expect(takes.get(second!.id)?.side).toBe("B");
    } finally {
      withKey(undefined);
    }
  });

  it.each([
    ["prose", { content: "Home team all day." }],
    ["a side for only one prop", { content: '{"picks": {}}' }],
    ["a server error", { status: 500 }],
  ])("falls back to the offline rule on %s", async (_, answer) => {
    withKey("sk-test");
    try {
      const pack = await createTestPack({ props: [{ sideAMoneyline: 200, sideBMoneyline: -240 }] });
      ai.respondWith(answer);
      await pickForAiPlayer({ packIds: [pack.id] });
      expect((await aiTakes(pack.id)).get(pack.props[0]!.id)?.side).toBe("B");
    } finally {
      withKey(undefined);
    }
  });
});

/** A closed pack with props the AI player and two people picked, ready to grade. */
async function playedPack(people: TestProfile[], propCount = 3): Promise<TestPack> {
  const pack = await createGradablePack({
    status: "open",
    props: Array.from({ length: propCount }, () => ({})),
    closeTime: new Date(Date.now() + HOUR),
  });
  await pickForAiPlayer({ packIds: [pack.id] });
  for (const [index, person] of people.entries()) {
    await submitTakes({
      profile: person,
      pack,
      picks: pack.props.map((_, propIndex) => ({ propIndex, side: (propIndex + index) % 2 ? "B" : "A" })),
    });
  }
  const db = await getDb();
  await db.execute(sql`update packs set status = 'live', close_time = now() - interval '1 minute' where id = ${pack.id}`);
  await db.execute(sql`update props set status = 'closed' where pack_id = ${pack.id}`);
  return pack;
}

describe("the AI player graded", () => {
  it("is graded like anyone, earns points but no diamonds, and is never the pack winner", async () => {
    const person = await createProfile();
    const pack = await playedPack([person], 2);
    // The AI player took side A of both (no prices); the person took A then B. A wins both.
    for (const prop of pack.props) await gradeProp({ propId: prop.id, outcome: "A", actorProfileId: admin.id });
    const takes = await aiTakes(pack.id);
    expect([...takes.values()].map((t) => [Number(t.points), Number(t.tokens_cents)])).toEqual([
      [250, 0],
      [250, 0],
    ]);
    expect(await ledgerOf(AI_PLAYER_ID)).toEqual([]);
    const winners = await setPackWinners({ packs: [{ packURL: pack.packUrl }], actorProfileId: admin.id });
    expect(winners.winners[0]).toMatchObject({ packURL: pack.packUrl });
    const [stored] = await queryRows<{ winner_profile_id: string | null }>(
      await getDb(),
      sql`select winner_profile_id from packs where id = ${pack.id}`,
    );
    expect(stored!.winner_profile_id).toBe(person.id);

    // On the pack's board it ranks first, marked as the AI.
    await drainLeaderboardQueue();
    const scope = await resolveLeaderboardScope({ scope: "pack", key: pack.packUrl, period: "all" });
    const board = await getLeaderboardPage({ scope, viewerProfileId: person.id });
    expect(board.rows[0]).toMatchObject({ handle: AI_PLAYER_HANDLE, isBot: true, points: 500 });
    expect(board.rows.find((row) => row.isMe)?.isBot).toBeUndefined();

    // The person's record against it: the pack, "You 250 · AI 500".
    expect(await getPackVsAi({ packURL: pack.packUrl, handle: person.handle })).toEqual({ points: 250, aiPoints: 500, outcome: "lost" });
    expect((await recordsAgainst(await getDb(), person.id, [AI_PLAYER_ID])).get(AI_PLAYER_ID)!.packs).toEqual({ won: 0, lost: 1, tied: 0 });
  });

  it("after random grades, re-grades and un-grades, the AI record and rival records equal a recomputation from the takes", async () => {
    const ann = await createProfile();
    const ben = await createProfile();
    const packsPlayed = [await playedPack([ann, ben]), await playedPack([ann, ben])];
    const allProps = packsPlayed.flatMap((pack) => pack.props.map((prop) => prop.id));
    const outcome = fc.constantFrom("A", "B", "push", "void", null);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(allProps.length - 1), outcome), { minLength: 1, maxLength: 8 }), async (operations) => {
        for (const [index, result] of operations) {
          await gradeProp({ propId: allProps[index]!, outcome: result as "A" | "B" | "push" | "void" | null, actorProfileId: admin.id });
        }
        const expected = await recompute(ann.id, [ben.id, AI_PLAYER_ID]);
        const records = await recordsAgainst(await getDb(), ann.id, [ben.id, AI_PLAYER_ID]);
        expect(records.get(ben.id)!.packs).toEqual(expected.get(ben.id));
        expect(records.get(AI_PLAYER_ID)!.packs).toEqual(expected.get(AI_PLAYER_ID));
        // The AI player is never paid, whatever the grades did.
        expect(await ledgerOf(AI_PLAYER_ID)).toEqual([]);
      }),
      { numRuns: testDbKind() === "postgres" ? 12 : 6 },
    );
  });
});

/** The records as the rule states them, from every current take row, summed here rather than in SQL. */
async function recompute(viewerId: string, opponentIds: string[]): Promise<Map<string, WonLostTied>> {
  const rows = await queryRows<{ profile_id: string; pack_id: string; points: number; status: string }>(
    await getDb(),
    sql`select t.profile_id, t.pack_id, t.points, p.status from takes t join packs p on p.id = t.pack_id
        where t.is_current and t.profile_id in (${viewerId}, ${sql.join(
          opponentIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  const points = new Map<string, number>();
  for (const row of rows) {
    if (row.status !== "graded") continue;
    const key = `${row.profile_id}:${row.pack_id}`;
    points.set(key, (points.get(key) ?? 0) + Number(row.points));
  }
  const result = new Map<string, WonLostTied>();
  for (const opponent of opponentIds) {
    const record = { won: 0, lost: 0, tied: 0 };
    for (const [key, mine] of points) {
      const [profile, pack] = key.split(":");
      if (profile !== viewerId) continue;
      const theirs = points.get(`${opponent}:${pack}`);
      if (theirs !== undefined) record[packOutcome(mine, theirs)]++;
    }
    result.set(opponent, record);
  }
  return result;
}
