// The only module that reads process.env. Server values are parsed lazily
// (first use) so that `next build` and the browser bundle never evaluate them.
import { z } from "zod";

const bool = (fallback: boolean) =>
  z
    .enum(["1", "0", "true", "false", "yes", "no", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : ["1", "true", "yes"].includes(v)));

/** A yes/no setting with no default of its own: undefined when unset, so the caller picks one by context. */
const optionalBool = () =>
  z
    .enum(["1", "0", "true", "false", "yes", "no", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : ["1", "true", "yes"].includes(v)));

/** The live poll's shortest period against ESPN's public API (docs/decisions/053-game-day-live.md). */
const LIVE_POLL_FLOOR_AT_ESPN_MS = 5_000;

const ServerEnv = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().positive().default(3000),
    DATABASE_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DATABASE_READ_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATA_DIR: z.string().default(".data"),
    // Demo packs, players, award codes and the demo members password: on by default in
    // development only. A production server seeds them only when asked (`npm start` asks).
    SEED_ON_START: optionalBool(),
    // Off on web instances when worker processes (`npm run worker`) run the jobs (docs/decisions/031-crash-safe-worker.md).
    RUN_WORKER_IN_PROCESS: bool(true),
    // How long SIGTERM waits for in-flight requests and the running job before the process leaves anyway.
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
    NEXTAUTH_SECRET: z.string().min(16).optional(),
    NEXTAUTH_URL: z.string().url().default("http://localhost:3000"),
    ADMIN_PHONES: z.string().default(""),
    SMS_TRANSPORT: z.enum(["log", "twilio"]).optional(),
    SMS_ALLOW_LOG_IN_PRODUCTION: bool(false),
    SMS_LOG_FILE: z.string().optional(),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM_NUMBER: z.string().optional(),
    TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
    TWILIO_BASE_URL: z.string().url().default("https://api.twilio.com"),
    // The sending rate the carriers allow (docs/decisions/073-paced-outbox.md): texts per second and
    // per day (UTC) for the whole account, and for the sender number (defaults: the account's).
    SMS_RATE_PER_SECOND: z.coerce.number().positive().max(10_000).default(100),
    SMS_RATE_PER_DAY: z.coerce.number().int().positive().default(1_000_000),
    SMS_SENDER_RATE_PER_SECOND: z.coerce.number().positive().max(10_000).optional(),
    SMS_SENDER_RATE_PER_DAY: z.coerce.number().int().positive().optional(),
    // The daily spending ceiling on texts, in cents (America/New_York days): once the day's segments
    // cost this much, texts nobody asked for (openings, challenges) are held back as `skipped`; sign-in
    // codes and a player's own results always go (docs/decisions/071-delivery-on-the-record.md). Unset: none.
    SMS_DAILY_CEILING_CENTS: z
      .literal("")
      .transform(() => undefined)
      .or(z.coerce.number().int().min(0))
      .optional(),
    // What one segment costs, in cents (fractions allowed), to turn that ceiling into segments.
    SMS_SEGMENT_PRICE_CENTS: z.coerce.number().positive().default(0.83),
    // Origins our pictures come from, checked for reachability and the only ones the server fetches
    // pictures from (read per call by src/server/pictures/picture-hosts.ts; "off" ends the check).
    PICTURE_HOSTS: z.string().optional(),
    ESPN_BASE_URL: z.string().url().default("https://site.api.espn.com/apis/site/v2/sports"),
    ESPN_CORE_BASE_URL: z.string().url().default("https://sports.core.api.espn.com/v2/sports"),
    // How often the live poller reads the scoreboard of a day with a game in play; it makes no
    // request at all while none is (docs/decisions/053-game-day-live.md). At least 5 s against
    // ESPN itself; a replay or mirror of our own (ESPN_BASE_URL elsewhere) may be read every second.
    LIVE_POLL_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    OPENAI_BASE_URL: z.string().url().default("https://api.openai.com/v1"),
    OPENAI_API_KEY: z.string().optional(),
    OPENAI_DEFAULT_MODEL: z.string().default("gpt-5-mini"),
    // Pack sharing (docs/PRODUCT.md §17): a build flag, also read when the server starts, so one
    // build serves a deployment (or a test server) with sharing on and one with it off.
    NEXT_PUBLIC_PACK_SHARING: bool(false),
    // Quiet hours (docs/decisions/072-reminders-and-quiet-hours.md): promotional and reminder texts wait
    // from 9 pm to 8 am the player's local time. Off only where a test's wall clock must not hold texts.
    QUIET_HOURS: bool(true),
    H2H_BONUS: z.coerce.number().min(0).default(0),
    H2H_TIE_POLICY: z.enum(["split", "both", "none"]).default("split"),
    MEMBERS_PASSWORD: z.string().optional(),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
    // How many proxies of ours stand in front of the app; 0 = clients connect directly (docs/decisions/002-otp-rules.md).
    // Bearer token for GET /api/metrics (Prometheus); unset, the metrics answer 401 to everyone.
    METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    // Sign-in texts to numbers that have no profile yet, per hour: a ceiling on the SMS bill a flood
    // of new numbers can run up. Players' phones are not counted against it (docs/decisions/002-otp-rules.md).
    SIGN_IN_TEXTS_PER_HOUR: z.coerce.number().int().min(1).default(1000),
    // Sign-in texts to players' phones per hour, asked for from browsers that never signed in as
    // them: the much larger hard ceiling on that part of the bill. Their own browsers pass it.
    SIGN_IN_TEXTS_TO_PLAYERS_PER_HOUR: z.coerce.number().int().min(1).default(10000),
    // A Twilio Lookup v2-compatible API (https://lookups.twilio.com): when set, a new number's first
    // sign-in code goes out only if its line is a US mobile (docs/decisions/059-fair-play.md).
    // Credentials default to TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN.
    CARRIER_LOOKUP_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    CARRIER_LOOKUP_USERNAME: z.string().optional(),
    CARRIER_LOOKUP_PASSWORD: z.string().optional(),
    // How long sign-in waits for the lookup before letting the number through (fail open).
    CARRIER_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(2_000),
    // Who may play, as the Official rules and Terms say it (docs/DEPLOYMENT.md, "Eligibility"):
    // the minimum age, and the US states (two-letter codes, comma-separated) where the game is void.
    ELIGIBILITY_MIN_AGE: z.coerce.number().int().min(13).max(99).default(18),
    ELIGIBILITY_EXCLUDED_STATES: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, "ELIGIBILITY_EXCLUDED_STATES lists two-letter state codes, comma-separated"))),
  })
  .transform((raw, ctx) => {
    const production = raw.NODE_ENV === "production";
    const smsTransport = raw.SMS_TRANSPORT ?? (production ? "twilio" : "log");
    const nextAuthSecret = raw.NEXTAUTH_SECRET ?? (production ? undefined : "dev-only-secret-not-for-production-use");
    if (!nextAuthSecret) {
      ctx.addIssue({ code: "custom", message: "NEXTAUTH_SECRET is required in production" });
    }
    if (production && smsTransport === "log" && !raw.SMS_ALLOW_LOG_IN_PRODUCTION) {
      ctx.addIssue({
        code: "custom",
        message: "SMS_TRANSPORT=log is refused in production (codes would not reach users); set SMS_ALLOW_LOG_IN_PRODUCTION=1 to allow it",
      });
    }
    if (
      smsTransport === "twilio" &&
      (!raw.TWILIO_ACCOUNT_SID || !raw.TWILIO_AUTH_TOKEN || !(raw.TWILIO_FROM_NUMBER || raw.TWILIO_MESSAGING_SERVICE_SID))
    ) {
      ctx.addIssue({
        code: "custom",
        message: "SMS_TRANSPORT=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID",
      });
    }
    const carrierLookupUsername = raw.CARRIER_LOOKUP_USERNAME || raw.TWILIO_ACCOUNT_SID;
    const carrierLookupPassword = raw.CARRIER_LOOKUP_PASSWORD || raw.TWILIO_AUTH_TOKEN;
    if (raw.CARRIER_LOOKUP_URL && (!carrierLookupUsername || !carrierLookupPassword)) {
      ctx.addIssue({
        code: "custom",
        path: ["CARRIER_LOOKUP_URL"],
        message: "needs CARRIER_LOOKUP_USERNAME and CARRIER_LOOKUP_PASSWORD (or TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN)",
      });
    }
    if (raw.LIVE_POLL_MS < LIVE_POLL_FLOOR_AT_ESPN_MS && /(^|\.)espn\.com$/i.test(new URL(raw.ESPN_BASE_URL).hostname)) {
      ctx.addIssue({
        code: "custom",
        path: ["LIVE_POLL_MS"],
        message: `must be at least ${LIVE_POLL_FLOOR_AT_ESPN_MS} while ESPN_BASE_URL is ESPN itself (faster reads are for a replay or mirror of our own)`,
      });
    }
    return {
      ...raw,
      SEED_ON_START: raw.SEED_ON_START ?? !production,
      production,
      smsTransport,
      nextAuthSecret: nextAuthSecret ?? "",
      carrierLookup: raw.CARRIER_LOOKUP_URL
        ? {
            baseUrl: raw.CARRIER_LOOKUP_URL,
            username: carrierLookupUsername ?? "",
            password: carrierLookupPassword ?? "",
            timeoutMs: raw.CARRIER_LOOKUP_TIMEOUT_MS,
          }
        : null,
      adminPhones: raw.ADMIN_PHONES.split(",")
        .map((p) => p.trim())
        .filter(Boolean),
    };
  });

export type ServerEnv = z.infer<typeof ServerEnv>;

let cached: ServerEnv | undefined;

/** Validated server configuration; throws one clear message listing every problem. */
export function serverEnv(): ServerEnv {
  if (typeof window !== "undefined") throw new Error("serverEnv() is server-only");
  if (cached) return cached;
  const parsed = ServerEnv.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "config"}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests change process.env between files; they call this to re-read it. */
export function resetServerEnvCache(): void {
  cached = undefined;
}

/** On unless set to "off". */
const onUnlessOff = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim().toLowerCase() !== "off");
/** A whole number of at least `min`; unset or empty: `fallback`. */
const optionalNumber = (fallback: number, min: number) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.coerce.number().int().min(min).default(fallback));

/**
 * What the front door reads (src/front-door/server.ts, docs/decisions/052-one-owned-server.md): it
 * runs before Next and the app, so it parses its own variables with this schema rather than
 * serverEnv(), which asks for the app's whole configuration.
 */
const FrontDoorEnv = z.object({
  PORT: optionalNumber(3000, 1),
  HOSTNAME: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  NEXTAUTH_URL: z.string().optional(),
  NEXT_DIST_DIR: z.string().optional(),
  // PAGE_CACHE=off leaves every page to Next (docs/decisions/025-shared-page-cache.md).
  PAGE_CACHE: onUnlessOff,
  PAGE_CACHE_FRESH_MS: optionalNumber(5_000, 0),
  PAGE_CACHE_STALE_MS: optionalNumber(30_000, 0),
  PAGE_CACHE_MAX_MB: optionalNumber(64, 1),
  // ROUTE_LANES=off sends submissions and the session answer through Next (docs/decisions/026-route-lane.md).
  ROUTE_LANES: onUnlessOff,
  SHUTDOWN_GRACE_MS: optionalNumber(25_000, 0),
});
export type FrontDoorEnv = z.infer<typeof FrontDoorEnv>;

/** The front door's settings from `env`; throws one clear message listing every problem. */
export function frontDoorEnv(env: Record<string, string | undefined>): FrontDoorEnv {
  const parsed = FrontDoorEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  return parsed.data;
}

/** Build-time flags (inlined by Next at build). */
const builtWith = {
  packSharing: ["1", "true", "yes"].includes(process.env.NEXT_PUBLIC_PACK_SHARING ?? ""),
} as const;

/**
 * Pack sharing (docs/PRODUCT.md §17), for server components: on when the build was made with
 * NEXT_PUBLIC_PACK_SHARING=1 or the server was started with it (read from the running process's
 * environment by serverEnv(), which Next does not inline).
 */
export function packSharingEnabled(): boolean {
  return builtWith.packSharing || serverEnv().NEXT_PUBLIC_PACK_SHARING;
}
