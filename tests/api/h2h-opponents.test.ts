// Head-to-head names checked as they are typed (issue 39 item 6): GET /api/h2h/opponents?q= answers
// the player named exactly (any case, or none), and up to six names starting with what was typed,
// the viewer's past opponents first; never the viewer among the suggestions; visitors are refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/h2h/route";
import { GET as opponentsRoute } from "@/app/api/h2h/opponents/route";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { createPack } from "./contests-fixtures";

let zed: TestProfile;

beforeAll(async () => {
  await createTestDb();
  zed = await createProfile({ handle: "zed_rival" });
  // Eight players named rival_*: more than the six suggestions.
  for (const name of ["rival_a", "rival_b", "rival_c", "rival_d", "rival_e", "rival_f", "rival_g", "rival_z"])
    await createProfile({ handle: name });
  const pack = await createPack({
    packUrl: "opponents-open",
    title: "Opponents",
    status: "open",
    closeTime: new Date(Date.now() + 86_400_000),
  });
  // zed has played rival_z: it comes first, though it sorts last.
  const made = await createRoute(
    await apiRequest("/api/h2h", { as: zed, body: { packURL: pack.packUrl, opponent: "rival_z" } }),
    routeParams({}),
  );
  expect(made.status).toBe(201);
});
afterAll(closeTestDb);

async function search(q: string, as: TestProfile | null = zed) {
  const response = await opponentsRoute(
    await apiRequest(`/api/h2h/opponents?q=${encodeURIComponent(q)}`, { as: as ?? undefined }),
    routeParams({}),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("GET /api/h2h/opponents", () => {
  it("suggests six names starting with what was typed, the player's past opponents first", async () => {
    const { status, body } = await search("rival_");
    expect(status).toBe(200);
    const players = body.players as Array<{ handle: string; played: boolean }>;
    expect(players).toHaveLength(6);
    expect(players[0]).toEqual({ handle: "rival_z", played: true });
    expect(players.slice(1).map((p) => p.handle)).toEqual(["rival_a", "rival_b", "rival_c", "rival_d", "rival_e"]);
    expect(body.exact).toBeNull();
  });

  it("names the exact player in any case, with an @, and says when it is the viewer", async () => {
    expect((await search("@RIVAL_B")).body.exact).toEqual({ handle: "rival_b", isMe: false });
    expect((await search("zed_rival")).body.exact).toEqual({ handle: "zed_rival", isMe: true });
    expect(((await search("zed")).body.players as unknown[]).length).toBe(0);
  });

  it("answers nothing for a name no username can be, refuses a too-long query, and refuses visitors", async () => {
    expect((await search("no such!")).body).toMatchObject({ exact: null, players: [] });
    const long = await search("x".repeat(41));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ success: false });
    expect((await search("rival_", null)).status).toBe(401);
  });
});
