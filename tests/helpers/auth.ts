import { randomInt } from "node:crypto";
import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { serverEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { profiles } from "@/server/db/schema";

export interface TestProfile {
  id: string;
  handle: string;
  phone: string;
  superAdmin: boolean;
}

/**
 * Creates a profile directly (a signed-up player or admin) for API tests. Generated handles and
 * phones are random; the suite makes thousands of profiles in one database, so a collision on the
 * unique handle or phone (a birthday-paradox certainty over enough runs) draws again rather than
 * failing an unrelated test.
 */
export async function createProfile(overrides: Partial<Omit<TestProfile, "id">> = {}): Promise<TestProfile> {
  const db = await getDb();
  for (let attempt = 0; ; attempt++) {
    const suffix = String(randomInt(0, 10_000_000)).padStart(7, "0");
    try {
      const [row] = await db
        .insert(profiles)
        .values({
          handle: overrides.handle ?? `player_${suffix}`,
          phone: overrides.phone ?? `+1555${suffix}`,
          superAdmin: overrides.superAdmin ?? false,
          handleIsGenerated: false,
        })
        .returning();
      return { id: row!.id, handle: row!.handle, phone: row!.phone!, superAdmin: row!.superAdmin };
    } catch (error) {
      const generated = overrides.handle === undefined || overrides.phone === undefined;
      if (!generated || attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** A real next-auth session cookie (JWT) for the profile, as the browser would send it. */
export async function sessionCookieFor(profile: TestProfile): Promise<string> {
  const token = await encode({
    secret: serverEnv().nextAuthSecret,
    token: { sub: profile.id, profileID: profile.handle, phone: profile.phone, superAdmin: profile.superAdmin },
  });
  return `next-auth.session-token=${token}`;
}

/** Builds a request for calling a route handler directly, optionally signed in. */
export async function apiRequest(
  path: string,
  options: { method?: string; body?: unknown; as?: TestProfile; headers?: Record<string, string> } = {},
): Promise<NextRequest> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.as) headers.cookie = await sessionCookieFor(options.as);
  return new NextRequest(new URL(path, "http://localhost:3000"), {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** The route context Next passes to handlers with dynamic segments. */
export const routeParams = <P extends Record<string, string>>(params: P) => ({ params: Promise.resolve(params) });
