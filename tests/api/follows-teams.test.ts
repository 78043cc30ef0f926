import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { GET as teamsRoute } from "@/app/api/teams/route";
import { DELETE as unfollowTeamRoute, POST as followTeamRoute } from "@/app/api/follow/team/route";
import { DELETE as unfollowSeriesRoute, POST as followSeriesRoute } from "@/app/api/follow/series/route";
import { GET as statusRoute } from "@/app/api/follow/status/route";
import { POST as favoriteRoute } from "@/app/api/profile/updateFavoriteTeam/route";
import { POST as subscribeRoute } from "@/app/api/notifications/subscribe/route";
import { GET as settingsGetRoute, PUT as settingsPutRoute } from "@/app/api/notifications/settings/route";
import { getDb } from "@/server/db/client";
import { follows, profiles, subscriptions } from "@/server/db/schema";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { insertSeries, insertTeam, json } from "./awards-fixtures";

beforeAll(createTestDb);
afterAll(closeTestDb);

const noParams = routeParams({});
type Handler = (req: Awaited<ReturnType<typeof apiRequest>>, ctx: typeof noParams) => Promise<Response>;
const call = async (handler: Handler, path: string, options: Parameters<typeof apiRequest>[1] = {}) =>
  json(await handler(await apiRequest(path, options), noParams));
const subscriptionKeys = async (player: TestProfile) => {
  const db = await getDb();
  const rows = await db.select({ scopeKey: subscriptions.scopeKey }).from(subscriptions).where(eq(subscriptions.profileId, player.id));
  return rows.map((row) => row.scopeKey).sort();
};

let eagles: Awaited<ReturnType<typeof insertTeam>>;
let nflGiants: Awaited<ReturnType<typeof insertTeam>>;
let mlbGiants: Awaited<ReturnType<typeof insertTeam>>;

beforeAll(async () => {
  eagles = await insertTeam({ slug: "eagles", name: "Eagles", fullName: "Philadelphia Eagles" });
  nflGiants = await insertTeam({ slug: "giants", name: "Giants", fullName: "New York Giants" });
  mlbGiants = await insertTeam({ league: "mlb", slug: "giants", name: "Giants", fullName: "San Francisco Giants" });
  await insertTeam({ slug: "nfl", name: "NFL", fullName: "National Football League", teamType: "league" });
});

describe("GET /api/teams", () => {
  it("lists teams without league entries, sorted by full name, each with a unique route slug", async () => {
    const { status, body } = await call(teamsRoute, "/api/teams");
    expect(status).toBe(200);
    const teams = body.teams as Array<Record<string, unknown>>;
    expect(teams.map((team) => team.teamNameFull)).toEqual(["New York Giants", "Philadelphia Eagles", "San Francisco Giants"]);
    expect(teams.map((team) => team.slug)).toEqual(["giants", "eagles", "mlb-giants"]);
    expect(teams[1]).toEqual({
      recordId: eagles.id,
      id: eagles.id,
      teamType: "team",
      teamName: "Eagles",
      teamNameFull: "Philadelphia Eagles",
      teamLogo: [{ url: "https://img.example/eagles.png" }],
      slug: "eagles",
      league: "nfl",
      abbreviation: "EAG",
    });
  });
});

describe("following teams", () => {
  it("needs a signed-in player", async () => {
    expect((await call(followTeamRoute, "/api/follow/team", { body: { teamSlug: "eagles" } })).status).toBe(401);
    expect((await call(statusRoute, "/api/follow/status?teamSlug=eagles")).status).toBe(401);
  });

  it("follows with SMS consent by default: records consent and subscribes to the team's pack texts", async () => {
    const player = await createProfile();
    expect((await call(statusRoute, "/api/follow/status?teamSlug=eagles", { as: player })).body).toEqual({
      success: true,
      followsTeam: false,
    });
    const followed = await call(followTeamRoute, "/api/follow/team", { body: { teamSlug: "eagles" }, as: player });
    expect(followed).toEqual({ status: 200, body: { success: true, followsTeam: true, team: { slug: "eagles", name: "Eagles" } } });
    expect((await call(statusRoute, "/api/follow/status?teamSlug=eagles", { as: player })).body.followsTeam).toBe(true);
    expect(await subscriptionKeys(player)).toEqual([`team:${eagles.id}`]);
    const db = await getDb();
    const [profile] = await db.select({ smsConsentAt: profiles.smsConsentAt }).from(profiles).where(eq(profiles.id, player.id));
    expect(profile!.smsConsentAt).toBeInstanceOf(Date);
    // Following twice changes nothing.
    expect((await call(followTeamRoute, "/api/follow/team", { body: { teamSlug: "EAGLES" }, as: player })).status).toBe(200);
    expect(await db.select().from(follows).where(eq(follows.profileId, player.id))).toHaveLength(1);
  });

  it("follows without texts when consent is unchecked", async () => {
    const player = await createProfile();
    await call(followTeamRoute, "/api/follow/team", { body: { teamSlug: "eagles", smsConsent: false }, as: player });
    const db = await getDb();
    const [row] = await db.select().from(follows).where(eq(follows.profileId, player.id));
    expect(row).toMatchObject({ teamId: eagles.id, smsConsent: false });
    expect(await subscriptionKeys(player)).toEqual([]);
  });

  it("tells same-slug teams of two leagues apart: giants is the NFL team, mlb-giants the MLB one", async () => {
    const player = await createProfile();
    await call(followTeamRoute, "/api/follow/team", { body: { teamSlug: "mlb-giants" }, as: player });
    expect((await call(statusRoute, "/api/follow/status?teamSlug=mlb-giants", { as: player })).body.followsTeam).toBe(true);
    expect((await call(statusRoute, "/api/follow/status?teamSlug=giants", { as: player })).body.followsTeam).toBe(false);
    expect((await call(statusRoute, "/api/follow/status?teamSlug=nfl-giants", { as: player })).body.followsTeam).toBe(false);
    expect(await subscriptionKeys(player)).toEqual([`team:${mlbGiants.id}`]);
  });

  it("answers 404 for an unknown team and 'Missing teamSlug' for none", async () => {
    const player = await createProfile();
    expect(await call(followTeamRoute, "/api/follow/team", { body: { teamSlug: "unicorns" }, as: player })).toEqual({
      status: 404,
      body: { success: false, error: "Team not found." },
    });
    expect((await call(followTeamRoute, "/api/follow/team", { body: {}, as: player })).body.error).toBe("Missing teamSlug");
  });

  it("unfollowing removes the follow, its texts and the favourite", async () => {
    const player = await createProfile();
    await call(favoriteRoute, "/api/profile/updateFavoriteTeam", { body: { teamSlug: "giants", smsConsent: true }, as: player });
    expect((await call(statusRoute, "/api/follow/status?teamSlug=giants", { as: player })).body.followsTeam).toBe(true);
    expect(await subscriptionKeys(player)).toEqual([`team:${nflGiants.id}`]);
    await call(unfollowTeamRoute, "/api/follow/team", { method: "DELETE", body: { teamSlug: "giants" }, as: player });
    expect((await call(statusRoute, "/api/follow/status?teamSlug=giants", { as: player })).body.followsTeam).toBe(false);
    expect(await subscriptionKeys(player)).toEqual([]);
  });
});

describe("favourite team", () => {
  it("sets the favourite and follows it; a favourite counts as followed even without a follow row", async () => {
    const player = await createProfile();
    const saved = await call(favoriteRoute, "/api/profile/updateFavoriteTeam", { body: { teamSlug: "eagles" }, as: player });
    expect(saved.body).toEqual({ success: true, favoriteTeam: { slug: "eagles", name: "Eagles", fullName: "Philadelphia Eagles" } });
    const db = await getDb();
    await db.delete(follows).where(and(eq(follows.profileId, player.id), eq(follows.teamId, eagles.id)));
    expect((await call(statusRoute, "/api/follow/status?teamSlug=eagles", { as: player })).body.followsTeam).toBe(true);
  });

  it("asks for a team when none is given", async () => {
    const player = await createProfile();
    expect(await call(favoriteRoute, "/api/profile/updateFavoriteTeam", { body: { teamSlug: "" }, as: player })).toEqual({
      status: 400,
      body: { success: false, error: "Please select a team before submitting." },
    });
  });
});

describe("following series", () => {
  it("follows and unfollows a series by id, with its texts", async () => {
    const season = await insertSeries({ slug: "giants-season" });
    const player = await createProfile();
    expect((await call(followSeriesRoute, "/api/follow/series", { body: { seriesId: season.id }, as: player })).body).toMatchObject({
      success: true,
      followsSeries: true,
    });
    expect((await call(statusRoute, `/api/follow/status?seriesId=${season.id}`, { as: player })).body).toEqual({
      success: true,
      followsSeries: true,
    });
    expect(await subscriptionKeys(player)).toEqual([`series:${season.id}`]);
    await call(unfollowSeriesRoute, "/api/follow/series", { method: "DELETE", body: { seriesId: season.id }, as: player });
    expect((await call(statusRoute, `/api/follow/status?seriesId=${season.id}`, { as: player })).body.followsSeries).toBe(false);
    expect(await subscriptionKeys(player)).toEqual([]);
  });
});

describe("subscriptions and notification settings", () => {
  it("subscribes per league, team (id or slug) and series; once each", async () => {
    const season = await insertSeries({ slug: "subs-season" });
    const player = await createProfile();
    for (const body of [
      { league: "nfl" },
      { category: "pack_open", league: "nfl" },
      { teamId: eagles.id },
      { teamSlug: "mlb-giants" },
      { seriesId: season.id, seriesSlug: season.slug },
    ]) {
      expect((await call(subscribeRoute, "/api/notifications/subscribe", { body, as: player })).status).toBe(200);
    }
    expect(await subscriptionKeys(player)).toEqual(
      ["league:nfl", `series:${season.id}`, `team:${eagles.id}`, `team:${mlbGiants.id}`].sort(),
    );
  });

  it("refuses a subscription without scope, with two scopes, or an unknown league", async () => {
    const player = await createProfile();
    expect((await call(subscribeRoute, "/api/notifications/subscribe", { body: {}, as: player })).status).toBe(400);
    expect(
      (await call(subscribeRoute, "/api/notifications/subscribe", { body: { league: "nfl", teamId: eagles.id }, as: player })).status,
    ).toBe(400);
    expect((await call(subscribeRoute, "/api/notifications/subscribe", { body: { league: "nhl" }, as: player })).body.error).toBe(
      "Unsupported league",
    );
  });

  it("reads and saves settings per league and team, and pauses all SMS", async () => {
    const player = await createProfile();
    await call(followTeamRoute, "/api/follow/team", { body: { teamSlug: "eagles", smsConsent: false }, as: player });
    const before = await call(settingsGetRoute, "/api/notifications/settings", { as: player });
    expect(before.body.settings).toMatchObject({
      smsOptOut: false,
      leagues: { nfl: false, mlb: false },
      teams: [{ teamId: eagles.id, slug: "eagles", subscribed: false }],
      series: [],
    });
    const saved = await call(settingsPutRoute, "/api/notifications/settings", {
      method: "PUT",
      body: { smsOptOut: true, leagues: { mlb: true }, teams: { [eagles.id]: true } },
      as: player,
    });
    expect(saved.body.settings).toMatchObject({
      smsOptOut: true,
      leagues: { nfl: false, mlb: true },
      teams: [{ teamId: eagles.id, subscribed: true }],
    });
    await call(settingsPutRoute, "/api/notifications/settings", {
      method: "PUT",
      body: { smsOptOut: false, leagues: { mlb: false } },
      as: player,
    });
    const after = await call(settingsGetRoute, "/api/notifications/settings", { as: player });
    expect(after.body.settings).toMatchObject({ smsOptOut: false, leagues: { nfl: false, mlb: false }, teams: [{ subscribed: true }] });
  });
});
