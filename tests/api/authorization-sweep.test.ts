// Every API route found on disk is called with every method it exports, as a
// visitor, as a signed-in player and as a commissioner. Admin routes must refuse
// visitors and players (401/403) and a commissioner (403) unless the route is in
// the commissioner table (tests/helpers/commissioner-policy.ts, decision 064), where
// it must not refuse them; signed-in routes must refuse visitors (401); only routes
// in the explicit public allow-list may answer a visitor, and nothing may answer 500.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { profiles } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createProfile, sessionCookieFor, type TestProfile } from "../helpers/auth";
import { COMMISSIONER_PAGES, COMMISSIONER_ROUTES, commissionerMayCall } from "../helpers/commissioner-policy";
import { concretePath, listApiRoutes, loadHandlers, type Method } from "../helpers/routes";

/** Routes (and methods) a visitor may use; anything else must ask for a session. */
export const PUBLIC_ROUTES: Record<string, Method[]> = {
  "/api/health": ["GET"],
  "/api/covers/[file]": ["GET"],
  // A picture drawn in place of a remote one (decision 045): a visitor's page needs it as much as a player's.
  "/api/art": ["GET"],
  "/api/leaderboard": ["GET"],
  // League standings and their weekly winners (decision 062): public as the boards are (contest standings behind the members gate).
  "/api/standings": ["GET"],
  "/api/standings/winners": ["GET"],
  "/api/awards/preview": ["GET"],
  "/api/teams": ["GET"],
  "/api/sms/inbound": ["POST"],
  // Twilio's delivery reports (decision 071): signed like the inbound webhook, refused without the signature.
  "/api/sms/status": ["POST"],
  // Asking for a sign-in code is what a visitor does first.
  "/api/sendCode": ["POST"],
  // One URL, several views; each view checks its own rule (select=tokens: owner only).
  "/api/profile/[profileID]": ["GET"],
  // The catalogue players browse before signing in; it never lists codes.
  "/api/marketplace/items": ["GET"],
  "/api/ping": ["GET"],
  "/api/packs": ["GET"],
  "/api/featuredPack": ["GET"],
  "/api/packs/[packURL]/userTakes": ["GET"],
  "/api/receipts/resolve": ["GET"],
  // The members gate: its status (never the password) and the password check.
  "/api/getPassword": ["GET"],
  "/api/members/access": ["POST"],
  // Game day (decision 053): a game's live reading is the same for everyone, as the pages that show it.
  "/api/live": ["GET"],
  "/api/live/stream": ["GET"],
  // Share cards (decision 067): a chat app fetching a link's picture has no session; each card draws only what its page shows a visitor.
  "/api/cards/[kind]/[key]": ["GET"],
};

/** next-auth's own endpoints: public by design and tested through sign-in. */
const SKIPPED = new Set(["/api/auth/[...nextauth]"]);

let player: TestProfile;
let playerCookie: string;
let commissionerCookie: string;
beforeAll(async () => {
  await createTestDb();
  player = await createProfile();
  playerCookie = await sessionCookieFor(player);
  const commissioner = await createProfile();
  await (await getDb()).update(profiles).set({ commissioner: true }).where(eq(profiles.id, commissioner.id));
  commissionerCookie = await sessionCookieFor(commissioner);
});
afterAll(closeTestDb);

async function call(
  pattern: string,
  method: Method,
  handler: NonNullable<Awaited<ReturnType<typeof loadHandlers>>[Method]>,
  cookie?: string,
) {
  const route = listApiRoutes().find((r) => r.pattern === pattern)!;
  const url = new URL(concretePath(route), "http://localhost:3000");
  const headers: Record<string, string> = { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" };
  if (cookie) headers.cookie = cookie;
  const req = new NextRequest(url, { method, headers, body: method === "GET" || method === "DELETE" ? undefined : "{}" });
  const params = Object.fromEntries(route.params.map((name) => [name, `unknown-${name}`]));
  return handler(req, { params: Promise.resolve(params) });
}

const routes = listApiRoutes().filter((r) => !SKIPPED.has(r.pattern));

describe("authorization sweep", () => {
  it("finds the API routes on disk", () => {
    expect(routes.length).toBeGreaterThan(0);
  });

  for (const route of routes) {
    it(`${route.pattern} refuses whoever may not use it`, async () => {
      const handlers = await loadHandlers(route);
      expect(Object.keys(handlers).length).toBeGreaterThan(0);
      for (const [method, handler] of Object.entries(handlers) as Array<[Method, NonNullable<(typeof handlers)[Method]>]>) {
        const asVisitor = await call(route.pattern, method, handler);
        const asPlayer = await call(route.pattern, method, handler, playerCookie);
        const label = `${method} ${route.pattern}`;
        expect(asVisitor.status, `${label} as visitor`).toBeLessThan(500);
        expect(asPlayer.status, `${label} as player`).toBeLessThan(500);
        if (route.pattern.startsWith("/api/admin/")) {
          expect(asVisitor.status, `${label} as visitor`).toBe(401);
          expect(asPlayer.status, `${label} as player`).toBe(403);
          const asCommissioner = await call(route.pattern, method, handler, commissionerCookie);
          expect(asCommissioner.status, `${label} as commissioner`).toBeLessThan(500);
          if (commissionerMayCall(route.pattern, method)) {
            expect([401, 403], `${label} is in the commissioner table but refused a commissioner`).not.toContain(asCommissioner.status);
          } else {
            expect(asCommissioner.status, `${label} is not in the commissioner table but let a commissioner in`).toBe(403);
          }
        } else if (!PUBLIC_ROUTES[route.pattern]?.includes(method)) {
          expect(asVisitor.status, `${label} answered a visitor without being in the public allow-list`).toBe(401);
        }
        const body = (await asVisitor.json().catch(() => null)) as { success?: boolean; error?: unknown } | null;
        if (asVisitor.status >= 400) expect(body, `${label} error body`).toMatchObject({ success: false, error: expect.any(String) });
      }
    });
  }
});

describe("the commissioner table (tests/helpers/commissioner-policy.ts)", () => {
  it("names only admin routes and methods that exist", async () => {
    const onDisk = new Map(listApiRoutes().map((route) => [route.pattern, route]));
    for (const [pattern, methods] of Object.entries(COMMISSIONER_ROUTES)) {
      const route = onDisk.get(pattern);
      expect(route, `${pattern} is in the commissioner table but not on disk`).toBeDefined();
      expect(pattern.startsWith("/api/admin/"), pattern).toBe(true);
      const exported = Object.keys(await loadHandlers(route!));
      expect(
        methods.some((method) => exported.includes(method)),
        `${pattern} exports none of ${methods.join(", ")}`,
      ).toBe(true);
    }
  });

  // Pages cannot be rendered here (they read the request's headers); each admin page's guard is read
  // from its source instead, and tests/e2e/commissioner-role.spec.ts opens every one as a commissioner.
  it("opens to commissioners exactly the admin pages it lists, and every admin page has the guard", () => {
    const appDir = path.resolve(import.meta.dirname, "../../src/app");
    const pages: Array<{ pattern: string; source: string }> = [];
    const walk = (dir: string, segments: string[]) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(dir, entry.name), [...segments, entry.name]);
        else if (entry.name === "page.tsx")
          pages.push({ pattern: `/${segments.join("/")}`, source: readFileSync(path.join(dir, entry.name), "utf8") });
      }
    };
    walk(path.join(appDir, "admin"), ["admin"]);
    expect(pages.length).toBeGreaterThan(10);
    for (const pattern of COMMISSIONER_PAGES)
      expect(
        pages.map((p) => p.pattern),
        `${pattern} is listed but has no page`,
      ).toContain(pattern);
    for (const page of pages) {
      const guarded = /requireAdminPage\(|adminScreen\(|collectionEditPage\(/.test(page.source);
      expect(guarded, `${page.pattern} calls no admin guard`).toBe(true);
      const opens = /allow: "commissioner"/.test(page.source);
      expect(opens, `${page.pattern}: its guard and the commissioner table disagree`).toBe(COMMISSIONER_PAGES.includes(page.pattern));
    }
  });
});
