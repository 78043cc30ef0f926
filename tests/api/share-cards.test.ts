// Share cards (issue 42 item 2, docs/decisions/067-share-cards.md): each kind answers a 1200×630 PNG,
// rendered once per version and then served from share_cards; a lock or a grade is a new version;
// a receipt's picks are drawn only once their props lock; unknown, hidden, deleted or suspended
// things are a JSON 404; rendering needs no network.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { GET } from "@/app/api/cards/[kind]/[key]/route";
import { getDb } from "@/server/db/client";
import { h2hChallenges, packs, profiles, receipts, shareCards, takes as takesTable } from "@/server/db/schema";
import { drawShareCard, purgeOldShareCards, SHARE_CARD_KEEP_DAYS } from "@/server/cards/get-share-card";
import { shareCardMetadata } from "@/server/cards/share-card-metadata";
import { deleteAccount } from "@/server/profiles/delete-account";
import { createGroup, rotateInvite } from "@/server/groups/group-writes";
import { setGroupHidden } from "@/server/groups/admin-groups";
import { gradeProp } from "@/server/grading/grade-prop";
import { appMetrics } from "@/server/ops/metrics";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams } from "../helpers/auth";
import { createEvent, createPack, submitTakes } from "../helpers/grading-fixtures";

beforeAll(createTestDb);
afterAll(closeTestDb);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const HOUR = 3_600_000;

async function card(kind: string, key: string, headers: Record<string, string> = {}, query = "") {
  return GET(await apiRequest(`/api/cards/${kind}/${encodeURIComponent(key)}${query}`, { headers }), routeParams({ kind, key }));
}

/** A PNG's width and height, read from its IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(Buffer.from(bytes.subarray(12, 16)).toString("ascii")).toBe("IHDR");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function rendersCounted(): Promise<number> {
  const metric = await appMetrics().shareCards.get();
  return metric.values.filter((v) => v.labels.outcome === "miss").reduce((sum, v) => sum + v.value, 0);
}

/** A closed pack of three props on one game, and a player's receipt picking A, B, A. */
async function closedPackWithReceipt(title = "Birds at Commanders") {
  const pack = await createPack({
    title,
    props: [{ shortLabel: "Who wins" }, { shortLabel: "Total points" }, { shortLabel: "First score" }],
  });
  await createEvent({ packId: pack.id });
  const player = await createProfile();
  const takes = await submitTakes({
    profile: player,
    pack,
    picks: [
      { propIndex: 0, side: "A" },
      { propIndex: 1, side: "B" },
      { propIndex: 2, side: "A" },
    ],
  });
  const db = await getDb();
  const [receipt] = await db
    .select({ id: takesTable.receiptId })
    .from(takesTable)
    .where(eq(takesTable.id, Object.values(takes)[0]!));
  return { pack, player, receiptId: receipt!.id };
}

async function challengeOn(packId: string, status: "pending" | "accepted" = "accepted") {
  const [a, b] = [await createProfile(), await createProfile()];
  const db = await getDb();
  const [challenge] = await db
    .insert(h2hChallenges)
    .values({ packId, challengerProfileId: a.id, challengedProfileId: b.id, status, acceptedAt: status === "accepted" ? new Date() : null })
    .returning();
  return { challenge: challenge!, a, b };
}

describe("each kind of share card", () => {
  it("answers a PNG of 1200×630 for a pack, a receipt, a profile and a head-to-head", async () => {
    const { pack, player, receiptId } = await closedPackWithReceipt();
    const { challenge } = await challengeOn(pack.id);
    for (const [kind, key] of [
      ["pack", pack.packUrl],
      ["receipt", receiptId],
      ["profile", player.id],
      ["h2h", challenge.id],
    ] as const) {
      const res = await card(kind, key);
      expect(res.status, kind).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(pngSize(new Uint8Array(await res.arrayBuffer())), kind).toEqual({ width: 1200, height: 630 });
    }
  });

  it("draws what the page shows: the pack's title, teams and props; the player's handle and never their phone", async () => {
    const { pack, player } = await closedPackWithReceipt("Sunday Night Birds");
    const packCard = (await drawShareCard({ kind: "pack", key: pack.packUrl }))!;
    expect(packCard.text.join(" ")).toContain("Sunday Night Birds");
    expect(packCard.text).toContain("3 props");
    expect(packCard.text).toEqual(expect.arrayContaining(["HOME", "AWAY"]));
    const profileCard = (await drawShareCard({ kind: "profile", key: player.id }))!;
    expect(profileCard.text).toContain(`@${player.handle}`);
    expect(profileCard.svg).not.toContain(player.phone.slice(-10));
    expect(profileCard.alt).not.toContain(player.phone.slice(-10));
  });
});

describe("rendered once per change", () => {
  it("serves the second request from the stored PNG, without rendering it again", async () => {
    const { pack } = await closedPackWithReceipt();
    const first = await card("pack", pack.packUrl);
    expect(first.headers.get("x-card-cache")).toBe("miss");
    const renders = await rendersCounted();
    const second = await card("pack", pack.packUrl);
    expect(second.headers.get("x-card-cache")).toBe("hit");
    expect(await rendersCounted()).toBe(renders);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
  });

  it("answers 304 with no body to a client that holds the current version", async () => {
    const { pack } = await closedPackWithReceipt();
    const etag = (await card("pack", pack.packUrl)).headers.get("etag")!;
    const res = await card("pack", pack.packUrl, { "if-none-match": etag });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe("");
    expect(res.headers.get("etag")).toBe(etag);
  });

  it("caches a link carrying the current version for a day, any other for five minutes", async () => {
    const { pack } = await closedPackWithReceipt();
    const etag = (await card("pack", pack.packUrl)).headers.get("etag")!.replace(/"/g, "");
    expect((await card("pack", pack.packUrl, {}, `?v=${etag}`)).headers.get("cache-control")).toBe("public, max-age=86400, immutable");
    expect((await card("pack", pack.packUrl, {}, "?v=old")).headers.get("cache-control")).toMatch(/^public, max-age=300/);
  });

  it("a grade is a new version: rendered once more, replacing the stored one (one row per card)", async () => {
    const { pack, receiptId } = await closedPackWithReceipt();
    const admin = await createProfile({ superAdmin: true });
    const before = await card("receipt", receiptId);
    await gradeProp({ propId: pack.props[0]!.id, outcome: "A", actorProfileId: admin.id });
    const after = await card("receipt", receiptId);
    expect(after.headers.get("x-card-cache")).toBe("miss");
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    const graded = (await drawShareCard({ kind: "receipt", key: receiptId }))!;
    expect(graded.text).toContain("1-0-0 · 250 pts");
    const db = await getDb();
    const rows = await db
      .select({ version: shareCards.version })
      .from(shareCards)
      .where(and(eq(shareCards.kind, "receipt"), eq(shareCards.key, receiptId)));
    expect(rows).toEqual([{ version: after.headers.get("etag")!.replace(/"/g, "") }]);
  });

  it("parallel first requests for a card all get the PNG, and one row is stored", async () => {
    const { pack } = await closedPackWithReceipt();
    const answers = await Promise.all(Array.from({ length: 6 }, () => card("pack", pack.packUrl)));
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((res) => res.headers.get("etag"))).size).toBe(1);
    const db = await getDb();
    const rows = await db
      .select({ key: shareCards.key })
      .from(shareCards)
      .where(and(eq(shareCards.kind, "pack"), eq(shareCards.key, pack.packUrl)));
    expect(rows).toHaveLength(1);
  });

  it("drops cards not rendered for a month; the next request renders them anew", async () => {
    const { pack } = await closedPackWithReceipt();
    await card("pack", pack.packUrl);
    const db = await getDb();
    await db.execute(
      sql`update share_cards set rendered_at = now() - make_interval(days => ${SHARE_CARD_KEEP_DAYS + 1}) where key = ${pack.packUrl}`,
    );
    await purgeOldShareCards();
    expect(await db.select().from(shareCards).where(eq(shareCards.key, pack.packUrl))).toHaveLength(0);
    expect((await card("pack", pack.packUrl)).headers.get("x-card-cache")).toBe("miss");
  });
});

describe("a receipt's card before the lock", () => {
  it("counts the picks and draws none of them; each prop's pick appears once it locks, as a new version", async () => {
    const pack = await createPack({
      status: "open",
      openTime: new Date(Date.now() - HOUR),
      closeTime: new Date(Date.now() + 2 * HOUR),
      props: [{ shortLabel: "Secret question one" }, { shortLabel: "Secret question two" }],
    });
    const player = await createProfile();
    await submitTakes({
      profile: player,
      pack,
      at: new Date(),
      picks: [
        { propIndex: 0, side: "A" },
        { propIndex: 1, side: "B" },
      ],
    });
    const db = await getDb();
    const [receipt] = await db.select({ id: receipts.id }).from(receipts).where(eq(receipts.packId, pack.id));

    const open = (await drawShareCard({ kind: "receipt", key: receipt!.id }))!;
    expect(open.text).toContain("2 picks in · revealed at lock");
    expect(open.svg).not.toMatch(/Secret question|Yes|No\b/);

    // One prop closes on its own clock: its pick shows, the other is still only counted.
    await db.execute(sql`update props set close_time = now() - interval '1 minute' where id = ${pack.props[0]!.id}`);
    const half = (await drawShareCard({ kind: "receipt", key: receipt!.id }))!;
    expect(half.text).toContain("Secret question one: Yes");
    expect(half.svg).not.toContain("Secret question two");
    expect(half.text).toContain("1 more pick at lock");
    expect(half.version).not.toBe(open.version);

    // The pack closes: every pick shows.
    const closed = (await drawShareCard({ kind: "receipt", key: receipt!.id, now: new Date(Date.now() + 3 * HOUR) }))!;
    expect(closed.text).toEqual(expect.arrayContaining(["Secret question one: Yes", "Secret question two: No"]));
  });
});

describe("a head-to-head's card", () => {
  it("shows no score before the pack closes and both scores after", async () => {
    const open = await createPack({
      status: "open",
      openTime: new Date(Date.now() - HOUR),
      closeTime: new Date(Date.now() + HOUR),
      props: [{}],
    });
    const { challenge, a, b } = await challengeOn(open.id, "pending");
    const before = (await drawShareCard({ kind: "h2h", key: challenge.id }))!;
    expect(before.text).toEqual(expect.arrayContaining([`@${a.handle}`, `@${b.handle}`, "Waiting for an answer"]));
    expect(before.text.filter((t) => t === "–")).toHaveLength(2);

    const { pack } = await closedPackWithReceipt();
    const closed = await challengeOn(pack.id);
    const after = (await drawShareCard({ kind: "h2h", key: closed.challenge.id }))!;
    expect(after.text).toContain("In progress");
    expect(after.text.filter((t) => t === "0")).toHaveLength(2);
  });
});

describe("what has no card", () => {
  it("answers a JSON 404 for an unknown kind, a malformed or unknown key, a draft or archived pack, a deleted or suspended player", async () => {
    const { pack, player } = await closedPackWithReceipt();
    const db = await getDb();
    const draft = await createPack({ status: "draft", props: [{}] });
    const archived = await createPack({ status: "archived", props: [{}] });
    const suspended = await createProfile();
    await db.update(profiles).set({ suspendedAt: new Date(), suspendedReason: "test" }).where(eq(profiles.id, suspended.id));
    const deleted = await createProfile();
    await deleteAccount({ profileId: deleted.id, confirmHandle: deleted.handle });
    for (const [kind, key] of [
      ["poster", pack.packUrl],
      ["pack", "Not A Pack!"],
      ["pack", "no-such-pack"],
      ["pack", draft.packUrl],
      ["pack", archived.packUrl],
      ["receipt", "rnosuchreceipt"],
      ["profile", "not-a-uuid"],
      ["profile", "00000000-0000-4000-8000-000000000000"],
      ["profile", suspended.id],
      ["profile", deleted.id],
      ["h2h", "00000000-0000-4000-8000-000000000000"],
      ["group", "any-invite-token"],
    ]) {
      const res = await card(kind!, key!);
      expect(res.status, `${kind}/${key}`).toBe(404);
      expect(await res.json()).toEqual({ success: false, error: "Card not found" });
    }
    expect((await card("profile", player.id)).status).toBe(200);
  });

  it("a group invite's card shows the group until its link is rotated or the league hides it", async () => {
    const owner = await createProfile();
    const { groupId, inviteToken: firstToken } = await createGroup({ profileId: owner.id, name: "Sunday Crew", picture: true });
    const drawn = await drawShareCard({ kind: "group", key: firstToken });
    expect(drawn?.text.join(" ")).toContain("Sunday Crew");
    expect(drawn?.text.join(" ")).toContain(`@${owner.handle}`);
    const first = await card("group", firstToken);
    expect(first.status).toBe(200);
    expect(pngSize(new Uint8Array(await first.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    expect((await card("group", firstToken)).headers.get("x-card-cache")).toBe("hit");
    const { inviteToken } = await rotateInvite({ ownerProfileId: owner.id, groupId });
    expect((await card("group", firstToken)).status).toBe(404);
    expect((await card("group", inviteToken)).status).toBe(200);
    await setGroupHidden({ groupId, hidden: true, reason: "abuse", actorProfileId: owner.id });
    expect((await card("group", inviteToken)).status).toBe(404);
  });

  it("a pack hidden after it was shared stops answering its stored card", async () => {
    const { pack } = await closedPackWithReceipt();
    expect((await card("pack", pack.packUrl)).status).toBe(200);
    const db = await getDb();
    await db.update(packs).set({ status: "archived" }).where(eq(packs.id, pack.id));
    expect((await card("pack", pack.packUrl)).status).toBe(404);
  });
});

describe("offline", () => {
  it("renders every kind with a fetch that throws: no picture is ever fetched", async () => {
    const { pack, player, receiptId } = await closedPackWithReceipt();
    const { challenge } = await challengeOn(pack.id);
    let asked = 0;
    globalThis.fetch = (() => {
      asked++;
      throw new Error("no network");
    }) as typeof fetch;
    for (const [kind, key] of [
      ["pack", pack.packUrl],
      ["receipt", receiptId],
      ["profile", player.id],
      ["h2h", challenge.id],
    ] as const) {
      const res = await card(kind, key);
      expect(res.status, kind).toBe(200);
      expect(res.headers.get("x-card-cache"), kind).toBe("miss");
    }
    expect(asked).toBe(0);
  });
});

describe("the pages' link previews", () => {
  it("point og:image and twitter's large image at the card with its version in the query string", async () => {
    const { pack } = await closedPackWithReceipt();
    const drawn = (await drawShareCard({ kind: "pack", key: pack.packUrl }))!;
    const metadata = await shareCardMetadata("pack", pack.packUrl, { title: pack.title });
    const images = metadata.openGraph?.images as Array<{ url: string; width: number; height: number; alt: string }>;
    expect(images[0]).toMatchObject({ width: 1200, height: 630, alt: drawn.alt });
    expect(new URL(images[0]!.url).pathname).toBe(`/api/cards/pack/${pack.packUrl}`);
    expect(new URL(images[0]!.url).searchParams.get("v")).toBe(drawn.version);
    expect(metadata.twitter).toMatchObject({ card: "summary_large_image" });
    expect(await shareCardMetadata("pack", "no-such-pack", { title: "x" })).toEqual({});
  });
});
