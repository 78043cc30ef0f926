// Property-based fuzzing of every API route found on disk: malformed bodies,
// queries and path segments (wrong types, huge strings, unicode, nulls, deep
// nesting, SQL and script payloads) sent as a player and as an admin. No
// answer may be a 500, every refusal is JSON {success:false, error}, and a
// refused request writes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { NextRequest } from "next/server";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";
import { createProfile, sessionCookieFor } from "../helpers/auth";
import { concretePath, listApiRoutes, loadHandlers, type Method } from "../helpers/routes";

const FIELD_NAMES = [
  "phone", "code", "username", "takes", "propId", "side", "idempotencyKey", "ref", "codes", "teamSlug",
  "teamId", "seriesId", "seriesSlug", "league", "category", "date", "year", "week", "generateCovers", "packs",
  "airtableId", "packURL", "packTitle", "receiptId", "eventId", "context", "model", "wordsMax", "password",
  "passwordID", "itemID", "itemId", "contact", "email", "name", "outcome", "resultText", "limit", "offset",
  "view", "select", "profileID", "scope", "page", "tz", "amount", "reason", "title", "status",
];
const NASTY_STRINGS = [
  "' OR 1=1 --", "'; drop table profiles; --", "<script>alert(1)</script>", "\u0000", "😀".repeat(50),
  "../../etc/passwd", "%00", "null", "undefined", "-1", "1e309", "NaN", "__proto__", "constructor",
  "a".repeat(5_000), "+15555550100", "5555550100",
];

const scalar = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: "small", withCrossShrink: true }, scalar, fc.array(tie("node"), { maxLength: 4 }), fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie("node"), { maxKeys: 4 })),
})).node;
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
  value.map((v) => JSON.stringify(v)),
  fc.constantFrom(
    "{not json",
    "",
    "[]",
    JSON.stringify({ a: "x".repeat(200_000) }),
    `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
    JSON.stringify({ __proto__: { superAdmin: true }, constructor: { prototype: { x: 1 } } }),
  ),
);
const query = fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 20 })), { maxKeys: 4 });
const segment = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ minLength: 1, maxLength: 30 }));

// Tables whose growth on a refused request is expected: limiter counters count refusals.
const EXEMPT_TABLES = new Set(["rate_limit_counters"]);

let fingerprintQuery: string | undefined;

/** Row counts of every table in one query; equal before and after a refused request. */
async function fingerprint(): Promise<string> {
  const db = await getDb();
  if (!fingerprintQuery) {
    const tables = await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    fingerprintQuery = tables
      .filter((t) => !EXEMPT_TABLES.has(t.name))
      .map((t) => `select '${t.name}' as name, count(*)::int as n from "${t.name}"`)
      .join(" union all ");
  }
  const rows = await queryRows<{ name: string; n: number }>(db, sql.raw(fingerprintQuery));
  return rows.map((r) => `${r.name}:${r.n}`).join(",");
}

const routes = listApiRoutes().filter((r) => r.pattern !== "/api/auth/[...nextauth]");
let cookies: Record<"player" | "admin", string>;

beforeAll(async () => {
  await createTestDb();
  cookies = {
    player: await sessionCookieFor(await createProfile()),
    admin: await sessionCookieFor(await createProfile({ superAdmin: true })),
  };
});
afterAll(closeTestDb);

describe.skipIf(testDbKind() === "postgres")("fuzzing every API route", () => {
  for (const route of routes) {
    it(`${route.pattern} survives malformed input without a 500 or a write on refusal`, async () => {
      const handlers = await loadHandlers(route);
      for (const [method, handler] of Object.entries(handlers) as Array<[Method, NonNullable<(typeof handlers)[Method]>]>) {
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom<"player" | "admin">("player", "admin"),
            body,
            query,
            fc.array(segment, { minLength: route.params.length, maxLength: route.params.length }),
            async (who, payload, search, segments) => {
              const values = Object.fromEntries(route.params.map((name, i) => [name, segments[i]!]));
              const url = new URL(concretePath(route, values), "http://localhost:3000");
              for (const [key, v] of Object.entries(search)) url.searchParams.set(key, v);
              const hasBody = method !== "GET" && method !== "DELETE";
              const before = await fingerprint();
              const response = await handler(
                new NextRequest(url, {
                  method,
                  headers: { "content-type": "application/json", cookie: cookies[who], "x-forwarded-for": "198.51.100.7" },
                  body: hasBody ? payload : undefined,
                }),
                { params: Promise.resolve(values) },
              );
              const label = `${method} ${url.pathname}${url.search} as ${who}`;
              expect(response.status, label).toBeLessThan(500);
              if (response.status >= 400) {
                const json = (await response.json().catch(() => null)) as { success?: boolean; error?: unknown } | null;
                expect(json, label).toMatchObject({ success: false, error: expect.any(String) });
                expect(await fingerprint(), `${label} wrote data although it was refused`).toBe(before);
              }
            },
          ),
          { numRuns: 12, seed: 20261121 },
        );
      }
    }, 120_000);
  }
});
