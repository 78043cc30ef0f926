// Property-based fuzzing of every API route found on disk: malformed bodies,
// queries and path segments (wrong types, huge strings, unicode, nulls, deep
// nesting, SQL and script payloads) sent as a player and as an admin; then
// every route again with null bytes, invalid UTF-8 and chunked (streamed,
// length-less) bodies. No answer may be a 500, every refusal is JSON
// {success:false, error}, and a refused request writes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { NextRequest } from "next/server";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";
import { createProfile, sessionCookieFor } from "../helpers/auth";
import { concretePath, listApiRoutes, loadHandlers, type Method } from "../helpers/routes";

const FIELD_NAMES = [
  "phone",
  "code",
  "username",
  "takes",
  "propId",
  "side",
  "idempotencyKey",
  "ref",
  "codes",
  "teamSlug",
  "teamId",
  "seriesId",
  "seriesSlug",
  "league",
  "category",
  "date",
  "year",
  "week",
  "generateCovers",
  "packs",
  "airtableId",
  "packURL",
  "packTitle",
  "receiptId",
  "eventId",
  "context",
  "model",
  "wordsMax",
  "password",
  "passwordID",
  "itemID",
  "itemId",
  "contact",
  "email",
  "name",
  "outcome",
  "resultText",
  "limit",
  "offset",
  "view",
  "select",
  "profileID",
  "scope",
  "page",
  "tz",
  "amount",
  "reason",
  "title",
  "status",
];
const NASTY_STRINGS = [
  "' OR 1=1 --",
  "'; drop table profiles; --",
  "<script>alert(1)</script>",
  "\u0000",
  "😀".repeat(50),
  "../../etc/passwd",
  "%00",
  "null",
  "undefined",
  "-1",
  "1e309",
  "NaN",
  "__proto__",
  "constructor",
  "a".repeat(5_000),
  "+15555550100",
  "5555550100",
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
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("node"), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie("node"), { maxKeys: 4 }),
  ),
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
const query = fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 20 })), {
  maxKeys: 4,
});
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

/** Bytes of a body, or a fresh stream of them in chunks with no Content-Length. */
type RawBody = () => Uint8Array | ReadableStream<Uint8Array>;
const utf8 = (text: string) => new TextEncoder().encode(text);
const chunked =
  (...chunks: Uint8Array[]): RawBody =>
  () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
const endless: RawBody = () => {
  const chunk = utf8(`{"${FIELD_NAMES[0]}":"${"ü".repeat(8_000)}`);
  return new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(chunk) });
};
const everyField = (value: string) => JSON.stringify(Object.fromEntries(FIELD_NAMES.map((name) => [name, value])));

const HOSTILE_BODIES: Array<[string, RawBody]> = [
  ["null bytes in every field", () => utf8(everyField("a\u0000b"))],
  ["a null byte as a key", () => utf8('{"\\u0000":"x"}')],
  ["lone surrogates", () => utf8(everyField("\ud800"))],
  ["invalid UTF-8", () => new Uint8Array([0x7b, 0x22, 0x70, 0x68, 0x6f, 0x6e, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xc0, 0x22, 0x7d])],
  ["a UTF-8 character split across chunks", chunked(utf8('{"phone":"'), new Uint8Array([0xc3]), new Uint8Array([0xa9]), utf8('"}'))],
  [
    "a chunked body of nasty strings",
    chunked(
      ...NASTY_STRINGS.slice(0, 8).map((nasty, i) => utf8(`${i === 0 ? "{" : ","}"${FIELD_NAMES[i]}":${JSON.stringify(nasty)}`)),
      utf8("}"),
    ),
  ],
  ["an endless chunked body", endless],
];

describe.skipIf(testDbKind() === "postgres")("every API route against null bytes, broken UTF-8 and chunked bodies", () => {
  for (const route of routes) {
    it(`${route.pattern} answers 4xx, never 500, and writes nothing`, async () => {
      const handlers = await loadHandlers(route);
      const values = Object.fromEntries(route.params.map((name) => [name, "a\u0000b"]));
      for (const [method, handler] of Object.entries(handlers) as Array<[Method, NonNullable<(typeof handlers)[Method]>]>) {
        const hasBody = method !== "GET" && method !== "DELETE";
        const cases: Array<[string, URL, RawBody | undefined, Record<string, string>]> = [];
        for (const who of ["player", "admin"] as const) {
          const headers = { "content-type": "application/json", cookie: cookies[who], "x-forwarded-for": "198.51.100.7" };
          const url = new URL(concretePath(route), "http://localhost:3000");
          const nulQuery = new URL(url);
          for (const name of FIELD_NAMES.slice(0, 12)) nulQuery.searchParams.set(name, "a\u0000b");
          cases.push([`null bytes in the query as ${who}`, nulQuery, undefined, headers]);
          if (route.params.length > 0)
            cases.push([`a null byte in the address as ${who}`, new URL(concretePath(route, values), url), undefined, headers]);
          if (hasBody) for (const [name, raw] of HOSTILE_BODIES) cases.push([`${name} as ${who}`, url, raw, headers]);
        }
        for (const [name, url, raw, headers] of cases) {
          const before = await fingerprint();
          const body = raw?.();
          const init: RequestInit & { duplex?: "half" } = { method, headers, body: body as BodyInit | undefined };
          if (body instanceof ReadableStream) init.duplex = "half";
          const params = name.includes("address") ? values : Object.fromEntries(route.params.map((param) => [param, `unknown-${param}`]));
          const response = await handler(new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1]), {
            params: Promise.resolve(params),
          });
          const label = `${method} ${route.pattern}: ${name}`;
          expect(response.status, label).toBeLessThan(500);
          if (response.status >= 400) {
            const json = (await response.json().catch(() => null)) as { success?: boolean; error?: unknown } | null;
            expect(json, label).toMatchObject({ success: false, error: expect.any(String) });
            expect(await fingerprint(), `${label} wrote data although it was refused`).toBe(before);
          }
        }
      }
    }, 120_000);
  }
});
