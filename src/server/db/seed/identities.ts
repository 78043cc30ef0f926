import "server-only";

// The demo world's public identities: the admin, the members password and the five players that docs and tests sign in as.
// Part of the demo seed (src/server/db/seed.ts, docs/TESTING.md).

/** Super admin of the demo world (handle `commish`), unless `adminPhone` overrides it. */
export const DEMO_ADMIN_PHONE = "+15555550100";
export const DEMO_ADMIN_HANDLE = "commish";
export const DEMO_MEMBERS_PASSWORD_ID = "beta-members";
/** The demo members-gate password for /contests. */
export const DEMO_MEMBERS_PASSWORD = "letmein";

/**
 * Demo players. Welcome bonuses are chosen so that bullpen_betty can afford the
 * featured 500-token gift card and hail_mary_hank cannot afford even the
 * cheapest item (50 tokens).
 */
export const DEMO_PLAYERS = [
  { handle: "gridiron_gus", phone: "+15555550101", welcomeBonusCents: 5_000 },
  { handle: "bullpen_betty", phone: "+15555550102", welcomeBonusCents: 50_000 },
  { handle: "blitz_bella", phone: "+15555550103", welcomeBonusCents: 2_500 },
  { handle: "dinger_dan", phone: "+15555550104", welcomeBonusCents: 20_000 },
  { handle: "hail_mary_hank", phone: "+15555550105", welcomeBonusCents: 1_000 },
] as const;
export type DemoHandle = (typeof DEMO_PLAYERS)[number]["handle"];

export interface SeedOptions {
  /** The instant the demo world is built around (default: the current time). */
  now?: Date;
  /** Wipe the content tables and seed again even when the database has data. */
  force?: boolean;
  /** Phone of the super admin profile (default DEMO_ADMIN_PHONE), e.g. the first of ADMIN_PHONES; any US format. */
  adminPhone?: string;
  /** Initial members-gate password (default: MEMBERS_PASSWORD when set, else DEMO_MEMBERS_PASSWORD). */
  membersPassword?: string;
}

export interface SeedResult {
  seeded: boolean;
  reason?: string;
  counts?: Record<string, number>;
}
