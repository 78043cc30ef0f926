// A player deletes their account (issue 40 item 3, docs/PRODUCT.md §1,
// docs/decisions/057-account-deletion-and-game-rules.md): their number leaves every table, their
// takes stay under an anonymous handle so boards and the ledger still add up, their sessions end,
// and the same number signs in later as a new player. On PostgreSQL, with parallel requests.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as deleteAccountRoute } from "@/app/api/profile/deleteAccount/route";
import { POST as updateUsernameRoute } from "@/app/api/profile/updateUsername/route";
import { POST as submitTakesRoute } from "@/app/api/packs/[packURL]/takes/route";
import { resetServerEnvCache } from "@/env";
import { getDb, queryRows } from "@/server/db/client";
import {
  adminAuditLog,
  follows,
  h2hChallenges,
  itemCodes,
  items,
  jobs,
  packReminderRequests,
  series,
  subscriptions,
} from "@/server/db/schema";
import { gradeProp } from "@/server/grading/grade-prop";
import { queuePackGradedTexts } from "@/server/grading/queue-pack-graded-texts";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import { rebuildLeaderboardTotals } from "@/server/leaderboards/rebuild-leaderboard-totals";
import { getBalanceCents } from "@/server/ledger/append-ledger-entry";
import { redeemItem } from "@/server/marketplace/redeem-item";
import { updateUsername } from "@/server/auth/update-username";
import { findProfileByHandle } from "@/server/profiles/find-profile-by-handle";
import { getProfilePage } from "@/server/profiles/get-profile-page";
import { phoneSpellings } from "@/server/profiles/delete-account";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createProfile, routeParams, sessionCookieFor, type TestProfile } from "../helpers/auth";
import { createPack, submitTakes, type TestPack } from "../helpers/grading-fixtures";
import { CookieJar, latestCodeIn, readSessionBody, requestCode, signInWithPhoneCode } from "../helpers/sign-in";

const smsLogFile = path.join(mkdtempSync(path.join(tmpdir(), "takes-sms-")), "sms.log");
let admin: TestProfile;
let rival: TestProfile;
let gradedPack: TestPack;

beforeAll(async () => {
  process.env.SMS_TRANSPORT = "log";
  process.env.SMS_LOG_FILE = smsLogFile;
  process.env.NEXTAUTH_URL = "http://localhost:3000";
  resetServerEnvCache();
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
  rival = await createProfile();
  gradedPack = await createPack({ props: [{ sideAMoneyline: 150 }, { sideAMoneyline: -120 }, {}], league: "mlb" });
});
afterAll(closeTestDb);

type Body = Record<string, unknown> & { success?: boolean; error?: string };
const freshDigits = () => `555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;

/** A player who signed in through the real sign-in (a code texted, a ticket, a session) with this 10-digit number. */
async function signIn(digits: string) {
  const jar = new CookieJar();
  expect((await requestCode(digits, { jar })).status).toBe(200);
  expect((await signInWithPhoneCode(jar, digits, latestCodeIn(smsLogFile, digits))).error).toBeNull();
  const user = (await readSessionBody(jar)).user as { id: string; profileID: string };
  return { jar, id: user.id, handle: user.profileID };
}

/** A route called as the browser holding `cookie` would call it. */
async function post(route: (req: NextRequest, ctx: never) => Promise<Response>, url: string, cookie: string, body: unknown, params = {}) {
  const req = new NextRequest(new URL(url, "http://localhost:3000"), {
    method: "POST",
    headers: { "content-type": "application/json", cookie, "x-forwarded-for": "203.0.113.40" },
    body: JSON.stringify(body),
  });
  const response = await route(req, routeParams(params) as never);
  return { status: response.status, body: (await response.json()) as Body };
}
const deleteAs = (cookie: string, confirmHandle: string) =>
  post(deleteAccountRoute as never, "/api/profile/deleteAccount", cookie, { confirmHandle });

/** Every text, varchar and json(b) column of every table that holds any spelling of the number: "table.column". */
async function columnsQuoting(e164: string): Promise<string[]> {
  const db = await getDb();
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = 'public' and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
        order by 1, 2`,
  );
  expect(columns.length).toBeGreaterThan(50);
  const patterns = phoneSpellings(e164).map((spelling) => `%${spelling}%`);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text like any (array[${sql.join(
        patterns.map((pattern) => sql`${pattern}`),
        sql`, `,
      )}])`,
    );
    if (Number(row!.n) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

/** The leaderboard rows as stored, and as a rebuild from the takes gives them. */
async function boardsStoredAndRecomputed() {
  const db = await getDb();
  const read = () =>
    queryRows<Record<string, unknown>>(
      db,
      sql`select scope, profile_id::text, handle, points, won, lost, pushed, takes from leaderboard_totals order by scope, profile_id`,
    );
  await drainLeaderboardQueue();
  const stored = await read();
  await rebuildLeaderboardTotals();
  return { stored, recomputed: await read() };
}

/** docs/PRODUCT.md §4: each balance is its ledger, and the ledger is what takes, claims, redemptions and adjustments say. */
async function ledgerInvariantBreaks() {
  return queryRows(
    await getDb(),
    sql`select p.id from profiles p
        where coalesce((select sum(amount_cents) from token_ledger l where l.profile_id = p.id), 0)
           <> coalesce((select sum(tokens_cents) from takes t where t.profile_id = p.id), 0)
            + coalesce((select sum(tokens_cents) from award_claims c where c.profile_id = p.id), 0)
            - coalesce((select sum(tokens) * 100 from exchanges x where x.profile_id = p.id), 0)
            + coalesce((select sum(amount_cents) from token_ledger l where l.profile_id = p.id and l.kind = 'admin_adjustment'), 0)`,
  );
}

describe("deleting one's account", () => {
  const digits = freshDigits();
  const e164 = `+1${digits}`;
  let player: Awaited<ReturnType<typeof signIn>>;
  let chosenHandle: string;
  let pointsBefore: Record<string, unknown>[];

  beforeAll(async () => {
    player = await signIn(digits);
    // A chosen username (the first, generated one is kept as a previous handle), follows, a
    // subscription, graded takes with diamonds won, a redemption with a contact, a pending
    // head-to-head, and two records that quote the number in other spellings.
    chosenHandle = `gone_${randomUUID().slice(0, 8)}`;
    await updateUsername({ profileId: player.id, username: chosenHandle });
    const db = await getDb();
    const [aSeries] = await db
      .insert(series)
      .values({ slug: `s-${randomUUID().slice(0, 8)}`, title: "Series" })
      .returning();
    await db.insert(follows).values({ profileId: player.id, seriesId: aSeries!.id });
    await db.insert(subscriptions).values({ profileId: player.id, category: "pack_open", scopeKey: "league:mlb", league: "mlb" });
    await db.insert(packReminderRequests).values({ profileId: player.id, packId: gradedPack.id });
    for (const profile of [{ id: player.id }, rival]) {
      await submitTakes({
        profile,
        pack: gradedPack,
        picks: [0, 1, 2].map((propIndex) => ({ propIndex, side: profile === rival ? "B" : "A" })),
      });
    }
    for (const [index, prop] of gradedPack.props.entries()) {
      await gradeProp({ propId: prop.id, outcome: index === 2 ? "B" : "A", actorProfileId: admin.id });
    }
    const [item] = await db.insert(items).values({ name: "Sticker", tokens: 1 }).returning();
    await db.insert(itemCodes).values({ itemId: item!.id, code: `CODE-${randomUUID()}` });
    await redeemItem({ profileId: player.id, itemId: item!.id, contact: { email: "gone@example.com", fullName: "Sam Gone" } });
    await db.insert(h2hChallenges).values({ packId: gradedPack.id, challengerProfileId: rival.id, challengedProfileId: player.id });
    await db.insert(adminAuditLog).values({
      actorProfileId: admin.id,
      action: "profile.note",
      entityType: "profile",
      entityId: player.id,
      after: { note: `called them at ${phoneSpellings(e164)[2]}` },
    });
    await db
      .insert(jobs)
      .values({ name: "send-text", payload: { to: e164, body: `texted ${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` } });
    expect(await columnsQuoting(e164)).not.toEqual([]);
    expect(await getBalanceCents(db, player.id)).toBeGreaterThan(0);
    pointsBefore = (await boardsStoredAndRecomputed()).stored.filter((row) => row.profile_id === player.id);
    expect(pointsBefore.length).toBeGreaterThan(0);
  });

  it("refuses without the player's own username typed, and changes nothing", async () => {
    const refused = await deleteAs(player.jar.header(), "someone_else");
    expect(refused).toEqual({ status: 400, body: { success: false, error: "Type your username exactly as shown to confirm." } });
    expect(await findProfileByHandle({ handleOrId: chosenHandle })).toMatchObject({ id: player.id, phone: e164 });
  });

  it("deletes the account: the number is in no column of any table afterwards, in any spelling", async () => {
    const answer = await deleteAs(player.jar.header(), `@${chosenHandle.toUpperCase()}`);
    expect(answer).toEqual({ status: 200, body: { success: true, deleted: true } });
    expect(await columnsQuoting(e164)).toEqual([]);
  });

  it("keeps the takes under an anonymous handle, so every board still equals a recount from the takes", async () => {
    const { stored, recomputed } = await boardsStoredAndRecomputed();
    expect(stored).toEqual(recomputed);
    const mine = stored.filter((row) => row.profile_id === player.id);
    const handle = String(mine[0]!.handle);
    expect(handle).toMatch(/^deleted_[0-9a-f]{8}$/);
    expect(handle.toLowerCase()).not.toContain(chosenHandle.toLowerCase());
    expect(mine).toEqual(pointsBefore.map((row) => ({ ...row, handle })));
  });

  it("forfeits the remaining diamonds with one closing entry, and every ledger still balances", async () => {
    const db = await getDb();
    expect(await getBalanceCents(db, player.id)).toBe(0);
    const closing = await queryRows<{ kind: string; reason: string }>(
      db,
      sql`select kind, reason from token_ledger where business_key = ${`account-deleted:${player.id}`}`,
    );
    expect(closing).toEqual([{ kind: "admin_adjustment", reason: "Account deleted: remaining diamonds forfeited" }]);
    expect(await ledgerInvariantBreaks()).toEqual([]);
  });

  it("drops follows, subscriptions, asked-for pack reminders, earlier handles and shipping contacts, and cancels pending head-to-heads", async () => {
    const db = await getDb();
    const [counts] = await queryRows<Record<string, number>>(
      db,
      sql`select (select count(*) from follows where profile_id = ${player.id})::int as follows,
                 (select count(*) from subscriptions where profile_id = ${player.id})::int as subscriptions,
                 (select count(*) from pack_reminder_requests where profile_id = ${player.id})::int as reminders,
                 (select count(*) from previous_handles where profile_id = ${player.id})::int as previous_handles,
                 (select count(*) from exchanges where profile_id = ${player.id} and contact is not null)::int as contacts,
                 (select count(*) from h2h_challenges where challenged_profile_id = ${player.id} and status = 'pending')::int as pending`,
    );
    expect(counts).toEqual({ follows: 0, subscriptions: 0, reminders: 0, previous_handles: 0, contacts: 0, pending: 0 });
    const audit = await queryRows<{ actor_profile_id: string }>(
      db,
      sql`select actor_profile_id::text from admin_audit_log where action = 'profile.delete_account' and entity_id = ${player.id}`,
    );
    expect(audit).toEqual([{ actor_profile_id: player.id }]);
  });

  it("ends the player's session at once", async () => {
    expect((await readSessionBody(player.jar)).user).toBeUndefined();
    const rename = await post(updateUsernameRoute as never, "/api/profile/updateUsername", player.jar.header(), { username: "back_again" });
    expect(rename.status).toBe(401);
  });

  it("answers 404 for the old handles, chosen and generated", async () => {
    for (const handle of [chosenHandle, player.handle]) {
      expect(await findProfileByHandle({ handleOrId: handle })).toBeNull();
      // What /profile/{handle} renders from (its layout answers 404 when findProfileByHandle finds nobody).
      expect(await getProfilePage({ handle, viewerProfileId: null, teamFilter: null, before: null })).toBeNull();
    }
  });

  it("signs the same number in later as a new player: new id, no diamonds, no history", async () => {
    const again = await signIn(digits);
    expect(again.id).not.toBe(player.id);
    expect(again.handle).toMatch(/^taker[0-9]{6}$/);
    const db = await getDb();
    expect(await getBalanceCents(db, again.id)).toBe(0);
    const [history] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from takes where profile_id = ${again.id}`);
    expect(Number(history!.n)).toBe(0);
  });
});

/** A new player who won one graded prop (diamonds to spend or forfeit). */
async function playerWithDiamonds(): Promise<TestProfile> {
  const player = await createProfile();
  const pack = await createPack({ props: [{ sideAMoneyline: 200 }] });
  await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });
  await gradeProp({ propId: pack.props[0]!.id, outcome: "A", actorProfileId: admin.id });
  return player;
}

describe("grading after a deletion", () => {
  it("a pack graded after a player left grades and texts everyone else; a correction moves the anonymous account like anyone's", async () => {
    const leaver = await createProfile();
    const stayer = await createProfile();
    const pack = await createPack({ props: [{ sideAMoneyline: 150 }, {}] });
    for (const profile of [leaver, stayer]) {
      await submitTakes({ profile, pack, picks: [0, 1].map((propIndex) => ({ propIndex, side: "A" as const })) });
    }
    expect((await deleteAs(await sessionCookieFor(leaver), leaver.handle)).status).toBe(200);
    for (const prop of pack.props) await gradeProp({ propId: prop.id, outcome: "A", actorProfileId: admin.id });
    // The worker's job for a pack graded in full (src/server/jobs/tasks.ts).
    await queuePackGradedTexts({ packId: pack.id });
    // A correction: the second prop was B after all.
    await gradeProp({ propId: pack.props[1]!.id, outcome: "B", actorProfileId: admin.id });
    const db = await getDb();
    const texts = await queryRows<{ profile_id: string; kind: string }>(
      db,
      sql`select profile_id::text, kind from sms_outbox where profile_id in (${leaver.id}, ${stayer.id}) order by kind`,
    );
    expect(texts).toEqual([
      { profile_id: stayer.id, kind: "grade_correction" },
      { profile_id: stayer.id, kind: "pack_graded" },
    ]);
    expect(await columnsQuoting(leaver.phone)).toEqual([]);
    const { stored, recomputed } = await boardsStoredAndRecomputed();
    expect(stored).toEqual(recomputed);
    expect(await ledgerInvariantBreaks()).toEqual([]);
  });
});

describe("deleting safely when requests race", () => {
  it("two deletes at once delete once: one closing entry, one audit entry, both answered as deleted", async () => {
    const player = await playerWithDiamonds();
    const cookie = await sessionCookieFor(player);
    const answers = await Promise.all([deleteAs(cookie, player.handle), deleteAs(cookie, player.handle)]);
    // Whichever came second either waited on the first's row lock and found the account deleted (200),
    // or arrived after it and found its session gone (401); never a second deletion or a 500.
    expect(answers.map((a) => a.status).sort()).toSatisfy((s: number[]) => s[0] === 200 && [200, 401].includes(s[1]!));
    const db = await getDb();
    const [counts] = await queryRows<{ closing: number; audit: number }>(
      db,
      sql`select (select count(*) from token_ledger where business_key = ${`account-deleted:${player.id}`})::int as closing,
                 (select count(*) from admin_audit_log where action = 'profile.delete_account' and entity_id = ${player.id})::int as audit`,
    );
    expect(counts).toEqual({ closing: 1, audit: 1 });
    expect(await getBalanceCents(db, player.id)).toBe(0);
    expect(await ledgerInvariantBreaks()).toEqual([]);
  });

  it("a take submitted while the account is being deleted is either counted before it or refused, never stored after", async () => {
    const open = await createPack({ props: [{}, {}], status: "open", closeTime: new Date(Date.now() + 86_400_000) });
    for (let round = 0; round < 5; round++) {
      const player = await createProfile();
      const cookie = await sessionCookieFor(player);
      const [submitted, deleted] = await Promise.all([
        post(
          submitTakesRoute as never,
          `/api/packs/${open.packUrl}/takes`,
          cookie,
          {
            takes: open.props.map((prop) => ({ propId: prop.id, side: "A" })),
            idempotencyKey: randomUUID(),
          },
          { packURL: open.packUrl },
        ),
        deleteAs(cookie, player.handle),
      ]);
      expect(deleted.status).toBe(200);
      expect([200, 401]).toContain(submitted.status);
      // The answer the player got agrees with what was kept: a stored submission has its receipt, a refused one none.
      const [receipts] = await queryRows<{ n: number }>(
        await getDb(),
        sql`select count(*)::int as n from receipts where profile_id = ${player.id}`,
      );
      expect(Number(receipts!.n)).toBe(submitted.status === 200 ? 1 : 0);
      const [after] = await queryRows<{ n: number }>(
        await getDb(),
        sql`select count(*)::int as n from receipts r join profiles p on p.id = r.profile_id
            where r.profile_id = ${player.id} and r.created_at > p.deleted_at`,
      );
      expect(Number(after!.n)).toBe(0);
    }
    const { stored, recomputed } = await boardsStoredAndRecomputed();
    expect(stored).toEqual(recomputed);
  });

  it("a redemption racing the deletion never leaves a balance below zero or an unbalanced ledger", async () => {
    const db = await getDb();
    const [item] = await db.insert(items).values({ name: "Hat", tokens: 1 }).returning();
    for (let round = 0; round < 5; round++) {
      const player = await playerWithDiamonds();
      await db.insert(itemCodes).values({ itemId: item!.id, code: `HAT-${randomUUID()}` });
      const cookie = await sessionCookieFor(player);
      const [redeemed] = await Promise.allSettled([
        redeemItem({ profileId: player.id, itemId: item!.id, contact: { email: "hat@example.com" } }),
        deleteAs(cookie, player.handle),
      ]);
      if (redeemed.status === "rejected") expect(String(redeemed.reason)).toMatch(/profile_deleted|Not enough|diamonds/i);
      expect(await getBalanceCents(db, player.id)).toBe(0);
    }
    expect(await ledgerInvariantBreaks()).toEqual([]);
  });
});

describe("who may delete", () => {
  it("refuses an admin's own account and leaves it as it was", async () => {
    const answer = await deleteAs(await sessionCookieFor(admin), admin.handle);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(/admin account cannot be deleted/);
    expect(await findProfileByHandle({ handleOrId: admin.handle })).toMatchObject({ id: admin.id, phone: admin.phone });
  });

  it("refuses a visitor, and bad input with a 400, never a 500", async () => {
    expect((await deleteAs("", "anyone")).status).toBe(401);
    const player = await createProfile();
    const cookie = await sessionCookieFor(player);
    for (const body of [{}, { confirmHandle: 42 }, { confirmHandle: "" }, { confirmHandle: "x".repeat(500) }]) {
      expect((await post(deleteAccountRoute as never, "/api/profile/deleteAccount", cookie, body)).status).toBe(400);
    }
  });
});
