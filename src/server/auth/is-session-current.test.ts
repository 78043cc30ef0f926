import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The database as the cache sees it: profile uuid → session_version, and every query it was asked.
const versions = new Map<string, number>();
const queries: string[][] = [];
let failNext = false;
let gate: Promise<void> | null = null;

vi.mock("@/server/db/client", () => ({
  getDb: async () => ({
    select: () => ({
      from: () => ({
        where: async (condition: { queryChunks: unknown[] }) => {
          const literal = condition.queryChunks.find((chunk): chunk is string => typeof chunk === "string" && chunk.startsWith("{"))!;
          const ids = literal.slice(1, -1).split(",");
          queries.push(ids);
          const answer = ids.filter((id) => versions.has(id)).map((id) => ({ id, sessionVersion: versions.get(id)! }));
          if (gate) await gate;
          if (failNext) {
            failNext = false;
            throw new Error("connection lost");
          }
          return answer;
        },
      }),
    }),
  }),
}));

const { SESSION_VERSION_CACHE_MS, isSessionCurrent, rememberSessionVersion } = await import("./is-session-current");

let serial = 0;
const newProfile = (version = 0) => {
  const id = `00000000-0000-4000-8000-${String(++serial).padStart(12, "0")}`;
  versions.set(id, version);
  return id;
};

beforeEach(() => {
  queries.length = 0;
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10 * SESSION_VERSION_CACHE_MS * serial });
});
afterEach(() => vi.useRealTimers());

describe("isSessionCurrent", () => {
  it("reads every profile asked for at the same moment in one query", async () => {
    const ids = Array.from({ length: 20 }, () => newProfile(1));
    const answers = await Promise.all(ids.map((profileId) => isSessionCurrent({ profileId, sessionVersion: 1 })));
    expect(answers.every(Boolean)).toBe(true);
    expect(queries).toHaveLength(1);
    expect(new Set(queries[0])).toEqual(new Set(ids));
    // Cached: no query until the copies run out.
    await Promise.all(ids.map((profileId) => isSessionCurrent({ profileId, sessionVersion: 1 })));
    expect(queries).toHaveLength(1);
  });

  it("refuses an older token, an unknown profile and a sub that is no uuid", async () => {
    const id = newProfile(3);
    expect(await isSessionCurrent({ profileId: id, sessionVersion: 2 })).toBe(false);
    expect(await isSessionCurrent({ profileId: "00000000-0000-4000-8000-999999999999", sessionVersion: 0 })).toBe(false);
    expect(await isSessionCurrent({ profileId: "not-a-uuid", sessionVersion: 0 })).toBe(false);
  });

  it("reads copies older than half the cache time along with a new read, and never trusts one longer than the cache time", async () => {
    const old = Array.from({ length: 5 }, () => newProfile(0));
    await Promise.all(old.map((profileId) => isSessionCurrent({ profileId, sessionVersion: 0 })));
    vi.setSystemTime(Date.now() + SESSION_VERSION_CACHE_MS / 2 + 1);
    // A logout elsewhere: the database moves on.
    versions.set(old[0]!, 1);
    const fresh = newProfile(0);
    await isSessionCurrent({ profileId: fresh, sessionVersion: 0 });
    expect(queries.at(-1)).toEqual(expect.arrayContaining([fresh, ...old]));
    // The copies read along are current at once, and good for a full cache time from now.
    expect(await isSessionCurrent({ profileId: old[0]!, sessionVersion: 0 })).toBe(false);
    const before = queries.length;
    vi.setSystemTime(Date.now() + SESSION_VERSION_CACHE_MS - 1);
    expect(await isSessionCurrent({ profileId: old[1]!, sessionVersion: 0 })).toBe(true);
    expect(queries.length).toBe(before);
    // Past the cache time a copy is read again, whatever happened in between.
    versions.set(old[1]!, 5);
    vi.setSystemTime(Date.now() + 2);
    expect(await isSessionCurrent({ profileId: old[1]!, sessionVersion: 0 })).toBe(false);
  });

  it("keeps this instance's own revocation over a read that was already on its way", async () => {
    const id = newProfile(0);
    await isSessionCurrent({ profileId: id, sessionVersion: 0 });
    vi.setSystemTime(Date.now() + SESSION_VERSION_CACHE_MS / 2 + 1);
    // A new read starts (reading `id` along, still at version 0), then this instance revokes before it answers.
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const asked = queries.length;
    const pending = isSessionCurrent({ profileId: newProfile(0), sessionVersion: 0 });
    while (queries.length === asked) await new Promise((resolve) => setImmediate(resolve));
    expect(queries.at(-1)).toContain(id);
    versions.set(id, 1);
    rememberSessionVersion(id, 1);
    gate = null;
    open();
    await pending;
    expect(await isSessionCurrent({ profileId: id, sessionVersion: 0 })).toBe(false);
    expect(await isSessionCurrent({ profileId: id, sessionVersion: 1 })).toBe(true);
  });

  it("does not remember a failed read", async () => {
    const id = newProfile(2);
    failNext = true;
    await expect(isSessionCurrent({ profileId: id, sessionVersion: 2 })).rejects.toThrow("connection lost");
    expect(await isSessionCurrent({ profileId: id, sessionVersion: 2 })).toBe(true);
  });
});
