// A group's week recap and the viewer's record against each member (issue 42 items 3 and 4 on the
// group, docs/decisions/066-groups.md): both read the group's members only, never a player outside it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGroup, joinGroup } from "@/server/groups/group-writes";
import { getGroupRivalsPage, getGroupWeekRecap } from "@/server/groups/group-recap-and-rivals";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createProfile, type TestProfile } from "../helpers/auth";
import { addTake, createPack, createProp } from "./contests-fixtures";

let ann: TestProfile;
let ben: TestProfile;
let outsider: TestProfile;
let groupId: string;

beforeAll(async () => {
  await createTestDb();
  ann = await createProfile({ handle: "ann_group" });
  ben = await createProfile({ handle: "ben_group" });
  outsider = await createProfile({ handle: "out_sider" });
  const made = await createGroup({ profileId: ann.id, name: "Recap crew", picture: false });
  groupId = made.groupId;
  await joinGroup({ profileId: ben.id, token: made.inviteToken });
});
afterAll(closeTestDb);

/** A graded pack of one prop on which each player scored the points given, this week. */
async function gradedPack(scores: Array<[TestProfile, number]>) {
  const pack = await createPack({ status: "graded" });
  const prop = await createProp(pack, { status: "gradedA", shortLabel: `Prop of ${scores.map(([p]) => p.handle).join(" ")}` });
  for (const [profile, points] of scores) {
    await addTake({
      profile,
      prop,
      result: points > 0 ? "won" : "lost",
      points,
      lockedValue: points > 0 ? points : 300,
      createdAt: new Date(),
    });
  }
}

describe("a group's week and rivals", () => {
  it("the week's best pick and worst beat are the members' own, not a bigger one by a player outside the group", async () => {
    await gradedPack([
      [ann, 400],
      [ben, 0],
    ]);
    await gradedPack([[outsider, 5000]]);
    const recap = await getGroupWeekRecap({ groupId });
    expect(recap.isThisWeek).toBe(true);
    expect(recap.bestPick?.handle).toBe("ann_group");
    expect(recap.bestPick?.points).toBe(400);
    expect(recap.worstBeat?.handle).toBe("ben_group");
    expect(recap.movers.map((m) => m.handle)).not.toContain("out_sider");
  });

  it("the viewer sees their record against each other member, and not against themselves", async () => {
    const page = await getGroupRivalsPage({ groupId, viewerProfileId: ann.id });
    expect(page.items.map((item) => item.handle)).toEqual(["ben_group"]);
    expect(page.items[0]!.record?.packs).toEqual({ won: 1, lost: 0, tied: 0 });
    const fromBen = await getGroupRivalsPage({ groupId, viewerProfileId: ben.id });
    expect(fromBen.items[0]!.record?.packs).toEqual({ won: 0, lost: 1, tied: 0 });
  });
});
