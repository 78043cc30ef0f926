// The commissioner role and the audit log by admin (issue 41 items 6 and 7,
// docs/decisions/064-commissioner-role.md): a super admin grants and takes back the role,
// audited; a commissioner builds and grades but is refused the rest, at once after a revoke;
// the audit log lists the admins who have entries, filters by one, and folds runs of
// automatic entries into one line while its pages still show every entry exactly once.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as roleRoute } from "@/app/api/admin/profiles/[profileId]/role/route";
import { GET as packsRoute } from "@/app/api/admin/packs/route";
import { POST as adjustRoute } from "@/app/api/admin/ledger/adjustments/route";
import { GET as auditRoute } from "@/app/api/admin/audit/route";
import { getDb } from "@/server/db/client";
import { adminAuditLog, profiles } from "@/server/db/schema";
import { listAuditActors, listAuditLog } from "@/server/authoring/list-audit-log";
import { describeAuditLine, SYSTEM_ACTOR } from "@/domain/audit-words";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";

let admin: TestProfile;
let referee: TestProfile;

beforeAll(async () => {
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
  referee = await createProfile();
});
afterAll(closeTestDb);

const setRole = async (as: TestProfile, commissioner: boolean, reason = "Runs the Sunday pool") =>
  roleRoute(
    await apiRequest(`/api/admin/profiles/${referee.id}/role`, { as, body: { commissioner, reason } }),
    routeParams({ profileId: referee.id }),
  );

describe("the commissioner role", () => {
  it("a super admin grants it, the commissioner builds and is refused balances, and a revoke refuses them at once", async () => {
    expect((await packsRoute(await apiRequest("/api/admin/packs", { as: referee }), routeParams({}))).status).toBe(403);

    const granted = await setRole(admin, true);
    expect(granted.status).toBe(200);
    expect(await granted.json()).toEqual({ success: true, commissioner: true });
    const [row] = await (await getDb()).select({ commissioner: profiles.commissioner }).from(profiles).where(eq(profiles.id, referee.id));
    expect(row!.commissioner).toBe(true);

    // The same session token as before the grant: the role is read from the database.
    expect((await packsRoute(await apiRequest("/api/admin/packs", { as: referee }), routeParams({}))).status).toBe(200);
    const adjust = await adjustRoute(
      await apiRequest("/api/admin/ledger/adjustments", {
        as: referee,
        body: { profile: referee.id, diamonds: 100, reason: "Paying myself", idempotencyKey: crypto.randomUUID() },
      }),
      routeParams({}),
    );
    expect(adjust.status).toBe(403);
    expect((await setRole(referee, false)).status).toBe(403);

    // Granting twice is a conflict, not a second entry.
    expect((await setRole(admin, true)).status).toBe(409);

    expect((await setRole(admin, false, "Season over")).status).toBe(200);
    expect((await packsRoute(await apiRequest("/api/admin/packs", { as: referee }), routeParams({}))).status).toBe(403);

    const page = await listAuditLog({ who: admin.handle, what: "profile" });
    expect(page.entries.map((entry) => describeAuditLine(entry))).toEqual([
      `Took the commissioner role from player “@${referee.handle}”`,
      `Gave the commissioner role to player “@${referee.handle}”`,
    ]);
    expect(page.entries[0]!.after).toEqual({ commissioner: false, reason: "Season over" });
  });

  it("refuses a grant without a reason, for a super admin, or for nobody", async () => {
    expect((await setRole(admin, true, "  ")).status).toBe(400);
    const other = await createProfile({ superAdmin: true });
    const asSuper = await roleRoute(
      await apiRequest(`/api/admin/profiles/${other.id}/role`, { as: admin, body: { commissioner: true, reason: "Why not" } }),
      routeParams({ profileId: other.id }),
    );
    expect(asSuper.status).toBe(409);
    const missing = crypto.randomUUID();
    const nobody = await roleRoute(
      await apiRequest(`/api/admin/profiles/${missing}/role`, { as: admin, body: { commissioner: true, reason: "Why not" } }),
      routeParams({ profileId: missing }),
    );
    expect(nobody.status).toBe(404);
  });
});

describe("the audit log by admin, folded", () => {
  let lister: TestProfile;
  const total = 3 + 14 + 1 + 5 + 2;

  beforeAll(async () => {
    lister = await createProfile({ superAdmin: true });
    const db = await getDb();
    const entry = (action: string, entityType: string) => ({
      actorProfileId: lister.id,
      action,
      entityType,
      entityId: crypto.randomUUID(),
    });
    // Oldest first: three edits, an import's fourteen covers, an edit, five covers, two pack edits.
    const runs: Array<[number, string, string]> = [
      [3, "prop.update", "prop"],
      [14, "event.cover", "event"],
      [1, "prop.update", "prop"],
      [5, "event.cover", "event"],
      [2, "pack.update", "pack"],
    ];
    for (const [count, action, type] of runs) for (let i = 0; i < count; i++) await db.insert(adminAuditLog).values(entry(action, type));
    // The system's own run, by nobody.
    for (let i = 0; i < 4; i++) await db.insert(adminAuditLog).values({ actorProfileId: null, action: "prop.grade", entityType: "prop" });
  });

  it("lists the admins who have entries for the Who select", async () => {
    const actors = await listAuditActors();
    expect(actors).toContain(lister.handle);
    expect(actors).toContain(admin.handle);
    expect(actors).not.toContain(referee.handle);
    expect([...actors].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(actors);
  });

  it("folds an admin's run of covers into one line, leaves edits one a line, and folds the system's run", async () => {
    const page = await listAuditLog({ who: lister.handle });
    expect(page.entries.map((line) => [line.action, line.folded])).toEqual([
      ["pack.update", 1],
      ["pack.update", 1],
      ["event.cover", 5],
      ["prop.update", 1],
      ["event.cover", 14],
      ["prop.update", 1],
      ["prop.update", 1],
      ["prop.update", 1],
    ]);
    expect(describeAuditLine(page.entries[4]!)).toMatch(/^Drew 14 covers, \d\d:\d\d(–\d\d:\d\d)?$/);
    expect(page.olderBefore).toBeNull();

    const system = await listAuditLog({ who: SYSTEM_ACTOR, what: "prop" });
    expect(system.entries[0]).toMatchObject({ actorHandle: null, action: "prop.grade", folded: 4 });
  });

  it("pages through folded lines showing every entry exactly once, however small the page and the scan", async () => {
    for (const [limit, scanRows] of [
      [2, 3],
      [1, 4],
      [3, 7],
      [50, 1000],
    ] as const) {
      const seen: number[] = [];
      let folded = 0;
      let before: number | undefined;
      for (let pages = 0; pages < 40; pages++) {
        const page = await listAuditLog({ who: lister.handle, limit, before, scanRows });
        expect(page.entries.length).toBeLessThanOrEqual(limit);
        for (const line of page.entries) {
          seen.push(line.id);
          folded += line.folded;
        }
        if (!page.olderBefore) break;
        expect(page.olderBefore).toBeLessThan(before ?? Number.MAX_SAFE_INTEGER);
        before = page.olderBefore;
      }
      expect(folded, `limit ${limit}, scan ${scanRows}`).toBe(total);
      expect(new Set(seen).size).toBe(seen.length);
    }
  });

  it("answers the same lines through the API route", async () => {
    const answer = await auditRoute(await apiRequest(`/api/admin/audit?who=${lister.handle}&limit=3`, { as: admin }), routeParams({}));
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { entries: Array<{ folded: number }>; olderBefore: number | null };
    expect(body.entries.map((line) => line.folded)).toEqual([1, 1, 5]);
    expect(body.olderBefore).not.toBeNull();
  });
});
