import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as updateUsernameRoute } from "@/app/api/profile/updateUsername/route";
import { SAME_USERNAME_MESSAGE, USERNAME_OFFICIAL_MESSAGE, USERNAME_RESERVED_MESSAGE, USERNAME_RULE_MESSAGE } from "@/domain/username";
import { getDb } from "@/server/db/client";
import { profiles } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";

beforeAll(createTestDb);
afterAll(closeTestDb);

async function rename(as: TestProfile | undefined, username: unknown) {
  const response = await updateUsernameRoute(await apiRequest("/api/profile/updateUsername", { body: { username }, as }), routeParams({}));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function handleOf(profile: TestProfile): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ handle: profiles.handle }).from(profiles).where(eq(profiles.id, profile.id));
  return row!.handle;
}

describe("POST /api/profile/updateUsername", () => {
  it("renames the player and marks the handle as chosen", async () => {
    const player = await createProfile({ handle: "taker123123" });
    await getDb().then((db) => db.update(profiles).set({ handleIsGenerated: true }).where(eq(profiles.id, player.id)));
    expect(await rename(player, "  Sports_Fan_23 ")).toEqual({ status: 200, body: { success: true, profileID: "Sports_Fan_23" } });
    const db = await getDb();
    const [row] = await db.select().from(profiles).where(eq(profiles.id, player.id));
    expect(row).toMatchObject({ handle: "Sports_Fan_23", handleIsGenerated: false });
  });

  it.each([
    ["ab", "too short"],
    ["a".repeat(21), "too long"],
    ["has space", "a space"],
    ["dash-name", "a dash"],
    ["émile", "a non-ASCII letter"],
    ["", "empty"],
  ])("refuses %j (%s) with the rule message", async (username) => {
    const player = await createProfile();
    expect(await rename(player, username)).toEqual({ status: 400, body: { success: false, error: USERNAME_RULE_MESSAGE } });
    expect(await handleOf(player)).toBe(player.handle);
  });

  it.each(["admin", "Support", "takes_official", "Admin_1"])(
    "refuses %j, a name that could pass as the game's staff, and keeps the old name",
    async (username) => {
      const player = await createProfile();
      expect(await rename(player, username)).toEqual({ status: 400, body: { success: false, error: USERNAME_OFFICIAL_MESSAGE } });
      expect(await handleOf(player)).toBe(player.handle);
    },
  );

  it("accepts the shortest and longest allowed names", async () => {
    const player = await createProfile();
    expect((await rename(player, "abc")).status).toBe(200);
    expect((await rename(player, "A_1".padEnd(20, "z"))).status).toBe(200);
  });

  it("says when the new name is already the player's own, ignoring case", async () => {
    const player = await createProfile({ handle: "EaglesFan" });
    expect(await rename(player, "eaglesfan")).toEqual({ status: 400, body: { success: false, error: SAME_USERNAME_MESSAGE } });
  });

  it("refuses a name another player has, in any case, with 409", async () => {
    await createProfile({ handle: "PhillyPhan" });
    const player = await createProfile();
    expect(await rename(player, "phillyphan")).toEqual({ status: 409, body: { success: false, error: "Username already taken" } });
    expect(await rename(player, "PHILLYPHAN")).toMatchObject({ status: 409 });
  });

  it("keeps generated-looking names for generated handles", async () => {
    const player = await createProfile();
    expect(await rename(player, "Taker654321")).toEqual({ status: 400, body: { success: false, error: USERNAME_RESERVED_MESSAGE } });
  });

  it("gives a name claimed by two players at once to exactly one of them", async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => createProfile()));
    const results = await Promise.all(players.map((p) => rename(p, "OnlyOne")));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
  });

  it("needs a signed-in player and a username field", async () => {
    expect((await rename(undefined, "nobody_here")).status).toBe(401);
    const player = await createProfile();
    expect((await rename(player, 42)).body).toEqual({ success: false, error: USERNAME_RULE_MESSAGE });
  });
});
