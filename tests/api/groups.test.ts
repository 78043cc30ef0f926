// Groups (issue 42 item 1, docs/decisions/066-groups.md): create, join by invite, leave, remove,
// hand over, rotate; member-only reads; the group board against the main board; picks before lock;
// limits; admin hide. On PostgreSQL (api-postgres) the parallel cases truly overlap.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { GET as myGroupsRoute, POST as createRoute } from "@/app/api/groups/route";
import { POST as joinRoute } from "@/app/api/groups/join/route";
import { GET as groupRoute } from "@/app/api/groups/[groupId]/route";
import { GET as boardRoute } from "@/app/api/groups/[groupId]/board/route";
import { GET as membersRoute } from "@/app/api/groups/[groupId]/members/route";
import { POST as leaveRoute } from "@/app/api/groups/[groupId]/leave/route";
import { POST as removeRoute } from "@/app/api/groups/[groupId]/remove/route";
import { POST as ownerRoute } from "@/app/api/groups/[groupId]/owner/route";
import { POST as inviteRoute } from "@/app/api/groups/[groupId]/invite/route";
import { GET as picksRoute } from "@/app/api/groups/[groupId]/packs/[packURL]/picks/route";
import { GET as adminListRoute } from "@/app/api/admin/groups/route";
import { POST as hideRoute } from "@/app/api/admin/groups/[groupId]/hide/route";
import { getDb, queryRows } from "@/server/db/client";
import { adminAuditLog, groupMembers, groups, leaderboardScoreCounts, leaderboardTotals } from "@/server/db/schema";
import { getLeaderboardPage } from "@/server/leaderboards/get-leaderboard-page";
import { GROUP_LIMITS, GROUP_PAGE_BOARD_ROWS } from "@/domain/groups";
import { getGroupBoardPage, groupMembersSql } from "@/server/groups/group-reads";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { addTake, createPack, createProp } from "./contests-fixtures";

type Body = Record<string, unknown> & { success?: boolean; error?: string };
const HOUR = 3_600_000;
let seq = 0;
const player = (prefix: string, extra: Partial<TestProfile> = {}) =>
  createProfile({ handle: `${prefix}_${++seq}_${randomBytes(3).toString("hex")}`, ...extra });

async function call(
  route: (req: never, ctx: never) => Promise<Response>,
  path: string,
  options: { as?: TestProfile; body?: unknown; params?: Record<string, string> } = {},
): Promise<{ status: number; body: Body }> {
  const response = await route(
    (await apiRequest(path, { as: options.as, body: options.body })) as never,
    routeParams(options.params ?? {}) as never,
  );
  return { status: response.status, body: (await response.json()) as Body };
}

async function create(as: TestProfile, name = "Sunday Crew") {
  const created = await call(createRoute, "/api/groups", { as, body: { name, picture: true } });
  expect(created.status, created.body.error).toBe(201);
  return { groupId: String(created.body.groupId), token: String(created.body.inviteToken) };
}
const join = (as: TestProfile, token: string) => call(joinRoute, "/api/groups/join", { as, body: { token } });
const inGroup = (route: Parameters<typeof call>[0], groupId: string, as: TestProfile | undefined, rest = "", body?: unknown) =>
  call(route, `/api/groups/${groupId}${rest}`, { as, body, params: { groupId } });

async function memberCount(groupId: string) {
  const [row] = await (await getDb()).select({ n: groups.memberCount }).from(groups).where(eq(groups.id, groupId));
  const [counted] = await (
    await getDb()
  )
    .select({ n: sql<number>`count(*)::int` })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return { kept: row?.n ?? null, counted: Number(counted?.n ?? 0) };
}

let admin: TestProfile;
beforeAll(async () => {
  await createTestDb();
  admin = await player("admin", { superAdmin: true });
});
afterAll(closeTestDb);

describe("making and joining a group", () => {
  it("a player creates a group, owns it, and a friend with the invite link joins it once however often they press Join", async () => {
    const ann = await player("ann");
    const ben = await player("ben");
    const { groupId, token } = await create(ann);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await join(ben, token)).body).toMatchObject({ success: true, joined: true, groupId });
    expect((await join(ben, token)).body).toMatchObject({ success: true, joined: false });
    const seen = await inGroup(groupRoute, groupId, ben);
    expect(seen.body.group).toMatchObject({ name: "Sunday Crew", memberCount: 2, role: "member", ownerHandle: ann.handle });
    expect(await memberCount(groupId)).toEqual({ kept: 2, counted: 2 });
    // The helper others narrow their reads with (a weekly recap, rival records) names exactly the members.
    const ids = await queryRows<{ id: string }>(await getDb(), sql`select id from profiles where id in ${groupMembersSql(groupId)}`);
    expect(ids.map((r) => r.id).toSorted()).toEqual([ann.id, ben.id].toSorted());
  });

  it("a name that is empty or too long is refused with a message, and signed-out players are asked to sign in", async () => {
    const ann = await player("ann");
    expect(await call(createRoute, "/api/groups", { as: ann, body: { name: "  " } })).toMatchObject({
      status: 400,
      body: { success: false, error: "Name your group." },
    });
    expect((await call(createRoute, "/api/groups", { as: ann, body: { name: "x".repeat(41) } })).status).toBe(400);
    expect((await call(createRoute, "/api/groups", { body: { name: "Crew" } })).status).toBe(401);
    expect((await join(ann, "not-a-real-token-at-all")).status).toBe(404);
  });

  it("the owner's new invite link works and the old one no longer does", async () => {
    const ann = await player("ann");
    const ben = await player("ben");
    const { groupId, token } = await create(ann);
    const rotated = await inGroup(inviteRoute, groupId, ann, "/invite", {});
    expect(rotated.status).toBe(200);
    expect(await join(ben, token)).toMatchObject({ status: 404, body: { error: "This invite link no longer works. Ask for a new one." } });
    const fresh = String(rotated.body.invitePath).split("/").at(-1)!;
    expect((await join(ben, fresh)).body.joined).toBe(true);
    expect((await inGroup(inviteRoute, groupId, ben, "/invite", {})).status).toBe(403);
  });

  it(`a player in ${GROUP_LIMITS.groupsPerPlayer} groups cannot make or join another`, async () => {
    const busy = await player("busy");
    const owner = await player("own");
    const db = await getDb();
    const made = await db
      .insert(groups)
      .values(
        Array.from({ length: GROUP_LIMITS.groupsPerPlayer }, (_, i) => ({
          name: `G${i}`,
          ownerProfileId: owner.id,
          inviteToken: `limit-${seq}-${i}-xxxxxxxxxxxxxxxx`,
          memberCount: 1,
        })),
      )
      .returning({ id: groups.id });
    await db.insert(groupMembers).values(made.map((g) => ({ groupId: g.id, profileId: busy.id, role: "owner" as const })));
    const { token } = await create(owner, "One more");
    expect(await join(busy, token)).toMatchObject({ status: 409 });
    expect((await call(createRoute, "/api/groups", { as: busy, body: { name: "Mine" } })).status).toBe(409);
  });

  it("a full group refuses the next player", async () => {
    const ann = await player("ann");
    const ben = await player("ben");
    const { groupId, token } = await create(ann);
    await (await getDb()).update(groups).set({ memberCount: GROUP_LIMITS.membersPerGroup }).where(eq(groups.id, groupId));
    expect(await join(ben, token)).toMatchObject({ status: 409, body: { error: "This group is full." } });
  });
});

describe("leaving, removing and handing over", () => {
  it("the owner must hand over before leaving; the new owner can remove members; the old owner then leaves", async () => {
    const [ann, ben, cal] = [await player("ann"), await player("ben"), await player("cal")];
    const { groupId, token } = await create(ann);
    await join(ben, token);
    await join(cal, token);
    expect(await inGroup(leaveRoute, groupId, ann, "/leave", {})).toMatchObject({ status: 409 });
    expect((await inGroup(removeRoute, groupId, ben, "/remove", { profileId: cal.id })).status).toBe(403);
    expect((await inGroup(ownerRoute, groupId, ann, "/owner", { profileId: ben.id })).status).toBe(200);
    expect((await inGroup(groupRoute, groupId, ben)).body.group).toMatchObject({ role: "owner" });
    expect((await inGroup(removeRoute, groupId, ann, "/remove", { profileId: cal.id })).status).toBe(403);
    expect((await inGroup(removeRoute, groupId, ben, "/remove", { profileId: cal.id })).status).toBe(200);
    expect((await inGroup(groupRoute, groupId, cal)).status).toBe(404);
    expect((await inGroup(removeRoute, groupId, ben, "/remove", { profileId: cal.id })).status).toBe(404);
    expect((await inGroup(leaveRoute, groupId, ann, "/leave", {})).body).toMatchObject({ success: true, deleted: false });
    expect(await memberCount(groupId)).toEqual({ kept: 1, counted: 1 });
  });

  it("the only member leaving deletes the group", async () => {
    const ann = await player("ann");
    const { groupId } = await create(ann);
    expect((await inGroup(leaveRoute, groupId, ann, "/leave", {})).body).toMatchObject({ deleted: true });
    expect(await memberCount(groupId)).toEqual({ kept: null, counted: 0 });
  });

  it("players outside the group get 404 from every group read, and signed-out visitors 401", async () => {
    const ann = await player("ann");
    const eve = await player("eve");
    const { groupId } = await create(ann);
    for (const [route, rest] of [
      [groupRoute, ""],
      [boardRoute, "/board"],
      [membersRoute, "/members"],
    ] as const) {
      expect((await inGroup(route, groupId, eve, rest)).status).toBe(404);
      expect((await inGroup(route, groupId, undefined, rest)).status).toBe(401);
    }
    expect((await call(picksRoute, `/api/groups/${groupId}/packs/x/picks`, { as: eve, params: { groupId, packURL: "x" } })).status).toBe(
      404,
    );
    expect((await inGroup(leaveRoute, groupId, eve, "/leave", {})).status).toBe(404);
    expect((await inGroup(groupRoute, "not-a-uuid", ann)).status).toBe(404);
  });
});

describe("lists page", () => {
  it("my groups and the members list page through more rows than a page, each row once", async () => {
    const ann = await player("ann");
    const db = await getDb();
    const made = await db
      .insert(groups)
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          name: `Crew ${i}`,
          ownerProfileId: ann.id,
          inviteToken: randomBytes(24).toString("base64url"),
          memberCount: 1,
        })),
      )
      .returning({ id: groups.id });
    // Two joined at the same instant: the keyset's id breaks the tie.
    const at = new Date("2026-11-01T12:00:00Z");
    await db.insert(groupMembers).values(
      made.map((g, i) => ({
        groupId: g.id,
        profileId: ann.id,
        role: "owner" as const,
        joinedAt: new Date(at.getTime() + Math.floor(i / 2) * 1000),
      })),
    );
    const ids = made.map((g) => g.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await call(myGroupsRoute, `/api/groups${cursor ? `?cursor=${cursor}` : ""}`, { as: ann });
      expect(page.status).toBe(200);
      seen.push(...(page.body.groups as Array<{ id: string }>).map((g) => g.id));
      cursor = page.body.nextCursor as string | null;
    } while (cursor);
    expect(seen.toSorted()).toEqual(ids.toSorted());

    const { groupId, token } = await create(await player("own"), "Big");
    const members = await Promise.all(Array.from({ length: 55 }, () => player("m")));
    for (const member of members) await join(member, token);
    const handles: string[] = [];
    cursor = null;
    do {
      const page = await inGroup(membersRoute, groupId, members[0], `/members${cursor ? `?cursor=${cursor}` : ""}`);
      handles.push(...(page.body.members as Array<{ handle: string }>).map((m) => m.handle));
      cursor = page.body.nextCursor as string | null;
    } while (cursor);
    expect(handles).toHaveLength(56);
    expect(new Set(handles).size).toBe(56);
    expect((await inGroup(membersRoute, groupId, members[0], "/members?cursor=bogus")).status).toBe(400);
  }, 60_000);
});

type ScoreLine = { profile: TestProfile; points: number; won: number };

/** Writes a scope's totals and its score counts, as the leaderboard drain keeps them. */
async function seedScope(scope: string, scores: ScoreLine[]) {
  const db = await getDb();
  const lines = scores.map(({ profile, points, won }) => ({
    scope,
    profileId: profile.id,
    handle: profile.handle,
    points,
    won,
    lost: 1,
    pushed: 0,
    takes: 4,
  }));
  await db.insert(leaderboardTotals).values(lines);
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(`${line.points}:${line.won}`, (counts.get(`${line.points}:${line.won}`) ?? 0) + 1);
  await db
    .insert(leaderboardScoreCounts)
    .values([...counts].map(([key, profiles]) => ({ scope, points: Number(key.split(":")[0]), won: Number(key.split(":")[1]), profiles })));
}

/**
 * Reads the whole group board page by page and checks it against the main board restricted to
 * members (order, and standard competition ranks: 1 + members with a strictly better score);
 * answers the pages and the viewer's row as the first page shows it.
 */
async function expectBoardMatchesMain(options: {
  groupId: string;
  scope: string;
  scores: ScoreLine[];
  members: TestProfile[];
  viewer: TestProfile;
  pageSize?: number;
}) {
  const { groupId, scope, scores, viewer, pageSize } = options;
  const main: string[] = [];
  for (let page = 1; main.length < scores.length; page++) {
    const rows = (await getLeaderboardPage({ scope, page })).rows;
    if (rows.length === 0) break;
    main.push(...rows.map((r) => r.handle));
  }
  const memberHandles = new Set(options.members.map((p) => p.handle));
  const score = new Map(scores.map((s) => [s.profile.handle, s]));
  const pages: Awaited<ReturnType<typeof getGroupBoardPage>>[] = [];
  let keyset: string | undefined;
  do {
    const page = await getGroupBoardPage({ groupId, scope, viewerProfileId: viewer.id, cursor: keyset, pageSize });
    pages.push(page);
    keyset = page.nextCursor ?? undefined;
  } while (keyset);
  const ours = pages.flatMap((page) => page.items);
  expect(ours.map((r) => r.handle)).toEqual(main.filter((handle) => memberHandles.has(handle)));
  for (const row of ours) {
    const mine = score.get(row.handle)!;
    const better = ours.filter((o) => {
      const theirs = score.get(o.handle)!;
      return theirs.points > mine.points || (theirs.points === mine.points && theirs.won > mine.won);
    }).length;
    expect(row.rank).toBe(better + 1);
  }
  const viewerRank = ours.find((r) => r.handle === viewer.handle)!.rank;
  for (const page of pages) expect(page.me).toMatchObject({ handle: viewer.handle, isMe: true, rank: viewerRank });
  return { pages, viewerRank };
}

describe("the group board", () => {
  it("ranks members in the main board's order with its ties, restricted to the group, and shows the viewer's own row", async () => {
    const owner = await player("own");
    const { groupId, token } = await create(owner);
    const scope = `week:2099-01-05`;
    const everyone = [owner, ...(await Promise.all(Array.from({ length: 70 }, () => player("b"))))];
    const outsiders = await Promise.all(Array.from({ length: 10 }, () => player("o")));
    for (const member of everyone.slice(1)) await join(member, token);
    // Scores with many ties (points and wins equal), members and outsiders mixed.
    const scores = [...everyone, ...outsiders].map((profile, i) => ({ profile, points: (i % 7) * 100, won: i % 3 }));
    await seedScope(scope, scores);
    const viewer = everyone[40]!;
    // The route's tabs read this week's scope; the fixed week here is read through the same function.
    expect((await inGroup(boardRoute, groupId, viewer, "/board?tab=week")).status).toBe(200);
    expect((await inGroup(boardRoute, groupId, viewer, "/board?cursor=bogus")).status).toBe(400);
    await expectBoardMatchesMain({ groupId, scope, scores, members: everyone, viewer });
    // The group page shows shorter pages of the same board: 71 members in pages of 25.
    const short = await expectBoardMatchesMain({ groupId, scope, scores, members: everyone, viewer, pageSize: GROUP_PAGE_BOARD_ROWS });
    expect(short.pages.map((page) => page.items.length)).toEqual([25, 25, 21]);
  }, 60_000);

  it("gives a second page the ranks of a tie that began on the first, and a viewer below the first page their own rank", async () => {
    const owner = await player("own");
    const { groupId, token } = await create(owner);
    const members = [owner, ...(await Promise.all(Array.from({ length: 59 }, () => player("t"))))];
    const outsiders = await Promise.all(Array.from({ length: 70 }, () => player("o")));
    for (const member of members.slice(1)) await join(member, token);
    // 45 members with distinct scores, then 15 tied on one score across the page boundary (places 46 to 60).
    const memberScores = members.map((profile, i) =>
      i < 45 ? { profile, points: 1000 - i * 10, won: 2 } : { profile, points: 40, won: 1 },
    );
    const tied = memberScores.slice(45).map((s) => s.profile);
    // The tie member last in the board's order (handle) sits on the second page.
    const viewer = [...tied].sort((a, b) => (a.handle.toLowerCase() < b.handle.toLowerCase() ? -1 : 1)).at(-1)!;
    // Outsiders all above the members (ranks counted through the members) or all below (through the scope's rank index).
    for (const [scope, outsiderPoints] of [
      ["week:2099-02-02", 5000],
      ["week:2099-02-09", 0],
    ] as const) {
      const scores = [...memberScores, ...outsiders.map((profile, i) => ({ profile, points: outsiderPoints + (i % 5), won: i % 2 }))];
      await seedScope(scope, scores);
      const { pages, viewerRank } = await expectBoardMatchesMain({ groupId, scope, scores, members, viewer });
      expect(pages).toHaveLength(2);
      expect(pages[0]!.items.at(-1)).toMatchObject({ rank: 46 });
      expect(pages[1]!.items.map((r) => r.rank)).toEqual(Array(10).fill(46));
      expect(viewerRank).toBe(46);
      expect(pages[0]!.items.some((r) => r.isMe)).toBe(false);
    }
  }, 60_000);
});

describe("picks", () => {
  it("a member sees another's pick only on a prop that has locked; before, the answer holds no pick", async () => {
    const [ann, ben] = [await player("ann"), await player("ben")];
    const { groupId, token } = await create(ann);
    await join(ben, token);
    const pack = await createPack({ status: "open", openTime: new Date(Date.now() - HOUR), closeTime: new Date(Date.now() + 5 * HOUR) });
    const early = await createProp(pack, { shortLabel: "Early", closeTime: new Date(Date.now() - 60_000), position: 0 });
    const late = await createProp(pack, { shortLabel: "Late", position: 1 });
    await addTake({ profile: ann, prop: early, side: "B" });
    await addTake({ profile: ann, prop: late, side: "A" });
    const picks = await call(picksRoute, `/api/groups/${groupId}/packs/${pack.packUrl}/picks`, {
      as: ben,
      params: { groupId, packURL: pack.packUrl },
    });
    expect(picks.status).toBe(200);
    const annRow = (picks.body.members as Array<{ handle: string; picks: Array<string | null> }>).find((m) => m.handle === ann.handle)!;
    expect(annRow.picks).toEqual(["B", null]);
    expect(JSON.stringify(picks.body)).not.toContain(ann.phone);
    const open = await inGroup(groupRoute, groupId, ben);
    const listed = (open.body.openPacks as Array<{ packURL: string; submitted: number; members: number }>).find(
      (p) => p.packURL === pack.packUrl,
    );
    expect(listed).toMatchObject({ submitted: 1, members: 2 });
    // A pack with more pickers than the group has members counts through the members: the same answer.
    for (const outsider of await Promise.all([player("o"), player("o"), player("o")]))
      await addTake({ profile: outsider, prop: late, side: "A" });
    await addTake({ profile: ben, prop: late, side: "B" });
    const busier = await inGroup(groupRoute, groupId, ann);
    expect((busier.body.openPacks as Array<{ packURL: string; submitted: number }>).find((p) => p.packURL === pack.packUrl)).toMatchObject({
      submitted: 2,
    });
  });
});

describe("admin hide", () => {
  it("a hidden group vanishes from its members' lists, its invite stops working, its page says so, and the hide is audited", async () => {
    const [ann, ben] = [await player("ann"), await player("ben")];
    const { groupId, token } = await create(ann, "Trolls");
    const listed = await call(adminListRoute, "/api/admin/groups?q=troll", { as: admin });
    expect((listed.body.groups as Array<{ id: string }>).some((g) => g.id === groupId)).toBe(true);
    expect(
      (
        await call(hideRoute, `/api/admin/groups/${groupId}/hide`, {
          as: ann,
          body: { hidden: true, reason: "abuse" },
          params: { groupId },
        })
      ).status,
    ).toBe(403);
    const hidden = await call(hideRoute, `/api/admin/groups/${groupId}/hide`, {
      as: admin,
      body: { hidden: true, reason: "Abusive name" },
      params: { groupId },
    });
    expect(hidden.status).toBe(200);
    expect(await join(ben, token)).toMatchObject({ status: 404 });
    expect((await call(myGroupsRoute, "/api/groups", { as: ann })).body.groups as unknown[]).toEqual([]);
    expect((await inGroup(groupRoute, groupId, ann)).body.group).toMatchObject({ hidden: true });
    expect((await inGroup(boardRoute, groupId, ann, "/board")).status).toBe(403);
    const [audit] = await (await getDb()).select().from(adminAuditLog).where(eq(adminAuditLog.entityId, groupId));
    expect(audit).toMatchObject({
      action: "group.hide",
      entityType: "group",
      actorProfileId: admin.id,
      after: { hidden: true, reason: "Abusive name" },
    });
    await call(hideRoute, `/api/admin/groups/${groupId}/hide`, {
      as: admin,
      body: { hidden: false, reason: "Renamed" },
      params: { groupId },
    });
    expect((await join(ben, token)).body.joined).toBe(true);
  });
});

describe("parallel membership changes", () => {
  it("twenty players joining at once, one twice, and the last free seat taken once: the count always equals the members", async () => {
    const owner = await player("own");
    const { groupId, token } = await create(owner);
    const crowd = await Promise.all(Array.from({ length: 20 }, () => player("p")));
    const results = await Promise.all([...crowd, crowd[0]!].map((p) => join(p, token)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await memberCount(groupId)).toEqual({ kept: 21, counted: 21 });

    await (
      await getDb()
    )
      .update(groups)
      .set({ memberCount: GROUP_LIMITS.membersPerGroup - 1 })
      .where(eq(groups.id, groupId));
    const last = await Promise.all(Array.from({ length: 5 }, () => player("l")));
    const seats = await Promise.all(last.map((p) => join(p, token)));
    expect(seats.filter((r) => r.status === 200)).toHaveLength(1);
    expect(seats.filter((r) => r.status === 409)).toHaveLength(4);
  });

  it("leaving while being removed drops the member once; two hand-overs at once leave exactly one owner", async () => {
    const [ann, ben, cal, dee] = [await player("ann"), await player("ben"), await player("cal"), await player("dee")];
    const { groupId, token } = await create(ann);
    for (const p of [ben, cal, dee]) await join(p, token);
    const [left, removed] = await Promise.all([
      inGroup(leaveRoute, groupId, ben, "/leave", {}),
      inGroup(removeRoute, groupId, ann, "/remove", { profileId: ben.id }),
    ]);
    expect([left.status, removed.status].toSorted()).toEqual([200, 404]);
    expect(await memberCount(groupId)).toEqual({ kept: 3, counted: 3 });

    const handOvers = await Promise.all([
      inGroup(ownerRoute, groupId, ann, "/owner", { profileId: cal.id }),
      inGroup(ownerRoute, groupId, ann, "/owner", { profileId: dee.id }),
    ]);
    expect(handOvers.map((r) => r.status).toSorted()).toEqual([200, 403]);
    const owners = await (
      await getDb()
    )
      .select({ profileId: groupMembers.profileId })
      .from(groupMembers)
      .where(sql`${groupMembers.groupId} = ${groupId} and ${groupMembers.role} = 'owner'`);
    expect(owners).toHaveLength(1);
    const [group] = await (await getDb()).select({ owner: groups.ownerProfileId }).from(groups).where(eq(groups.id, groupId));
    expect(group!.owner).toBe(owners[0]!.profileId);
  });
});
