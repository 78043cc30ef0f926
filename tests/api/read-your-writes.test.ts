// The write side of read-your-writes (docs/decisions/032-read-replica.md): with a replica
// configured, a write's successful answer carries a signed cookie with the primary's WAL position.
// The read side, against a real streaming replica, is tests/e2e/read-replica.spec.ts.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as userTakesRoute } from "@/app/api/userTakes/route";
import { POST as submitRoute } from "@/app/api/packs/[packURL]/takes/route";
import { resetServerEnvCache } from "@/env";
import { getDb, queryRows, type DbHandle } from "@/server/db/client";
import { OWN_WRITE_COOKIE, parseLsn, verifyOwnWriteCookie } from "@/server/db/own-writes";
import { apiRequest, createProfile, routeParams } from "../helpers/auth";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";
import { createTestPack } from "../helpers/packs";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(closeTestDb);
afterEach(() => {
  delete process.env.DATABASE_READ_URL;
  resetServerEnvCache();
});

/** Reads go to "a replica" that is the test database itself: what matters here is the writes' answers. */
function withReplicaConfigured(): void {
  process.env.DATABASE_READ_URL = (handle.pool as unknown as { options: { connectionString: string } }).options.connectionString;
  resetServerEnvCache();
}

const ownWriteCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${OWN_WRITE_COOKIE}=`))
    ?.split(";")[0]!
    .slice(OWN_WRITE_COOKIE.length + 1);

async function walPosition(): Promise<bigint> {
  const [row] = await queryRows<{ lsn: string }>(await getDb(), sql`select pg_current_wal_insert_lsn()::text as lsn`);
  return parseLsn(row!.lsn)!;
}

async function submit(body: unknown) {
  const player = await createProfile();
  const pack = await createTestPack({ props: 2 });
  const request = await apiRequest(`/api/packs/${pack.packURL}/takes`, {
    as: player,
    body: typeof body === "function" ? body(pack) : body,
  });
  return { player, pack, response: await submitRoute(request, routeParams({ packURL: pack.packURL })) };
}

const picksOf = (pack: { props: Array<{ id: string }> }) => ({
  takes: pack.props.map((p) => ({ propId: p.id, side: "A" })),
  idempotencyKey: randomUUID(),
});

describe.skipIf(testDbKind() !== "postgres")("the read-your-writes cookie", () => {
  it("comes with a submission's answer, signed, holding the primary's WAL position from after the submission committed", async () => {
    withReplicaConfigured();
    const before = await walPosition();
    const { response } = await submit(picksOf);
    const after = await walPosition();
    expect(response.status).toBe(200);
    const header = response.headers.getSetCookie().find((line) => line.startsWith(`${OWN_WRITE_COOKIE}=`));
    expect(header).toMatch(/; Path=\/; Max-Age=300; HttpOnly; SameSite=Lax$/);
    const position = verifyOwnWriteCookie(ownWriteCookie(response));
    expect(position).not.toBeNull();
    expect(position! > before).toBe(true);
    expect(position! <= after).toBe(true);
  });

  it("does not come with a refused write, which changed nothing", async () => {
    withReplicaConfigured();
    const { response } = await submit({ takes: [], idempotencyKey: randomUUID() });
    expect(response.status).toBe(400);
    expect(ownWriteCookie(response)).toBeUndefined();
  });

  it("does not come with a read", async () => {
    withReplicaConfigured();
    const player = await createProfile();
    const response = await userTakesRoute(await apiRequest("/api/userTakes", { as: player }), routeParams({}));
    expect(response.status).toBe(200);
    expect(ownWriteCookie(response)).toBeUndefined();
  });

  it("does not come at all without a replica, where every read is on the primary", async () => {
    const { response } = await submit(picksOf);
    expect(response.status).toBe(200);
    expect(ownWriteCookie(response)).toBeUndefined();
  });
});
