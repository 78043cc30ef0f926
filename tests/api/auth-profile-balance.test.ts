import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as profileRoute } from "@/app/api/profile/[profileID]/route";
import { getDb } from "@/server/db/client";
import { appendLedgerEntry } from "@/server/ledger/append-ledger-entry";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";

beforeAll(createTestDb);
afterAll(closeTestDb);

async function balanceOf(handle: string, as?: TestProfile, select = "tokens") {
  const response = await profileRoute(
    await apiRequest(`/api/profile/${encodeURIComponent(handle)}?select=${select}`, { as }),
    routeParams({ profileID: handle }),
  );
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> };
}

describe("GET /api/profile/{profileID}?select=tokens", () => {
  it("gives the owner the sum of their ledger in diamonds", async () => {
    const player = await createProfile();
    const db = await getDb();
    await appendLedgerEntry(db, { profileId: player.id, amountCents: 1875, kind: "take_payout", businessKey: `t1:${player.id}` });
    await appendLedgerEntry(db, { profileId: player.id, amountCents: 500, kind: "award_claim", businessKey: `a1:${player.id}` });
    await appendLedgerEntry(db, { profileId: player.id, amountCents: -1000, kind: "exchange", businessKey: `x1:${player.id}` });
    expect(await balanceOf(player.handle, player)).toMatchObject({ status: 200, body: { success: true, tokensBalance: 13.75 } });
  });

  it("answers 0 for a player without ledger rows", async () => {
    const player = await createProfile();
    expect((await balanceOf(player.handle, player)).body).toEqual({ success: true, tokensBalance: 0 });
  });

  it("finds the profile whatever the case of the handle in the URL", async () => {
    const player = await createProfile({ handle: "CaseyFan" });
    expect((await balanceOf("caseyfan", player)).status).toBe(200);
  });

  it("keeps balances private: 401 signed out, 403 for another player, 404 for nobody, never a phone", async () => {
    const owner = await createProfile();
    const other = await createProfile();
    const signedOut = await balanceOf(owner.handle);
    const stranger = await balanceOf(owner.handle, other);
    const missing = await balanceOf("no_such_player", other);
    expect([signedOut.status, stranger.status, missing.status]).toEqual([401, 403, 404]);
    for (const answer of [signedOut, stranger, missing]) {
      expect(answer.body.success).toBe(false);
      expect(answer.text).not.toContain(owner.phone.slice(2));
    }
  });

  it("refuses an unknown select with 400", async () => {
    const player = await createProfile();
    expect(await balanceOf(player.handle, player, "phone")).toMatchObject({ status: 400, body: { success: false } });
  });
});
