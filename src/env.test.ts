import { afterEach, describe, expect, it } from "vitest";
import { frontDoorEnv, resetServerEnvCache, serverEnv } from "./env";

const saved = { ...process.env };

function envWith(values: Record<string, string | undefined>) {
  for (const key of ["NODE_ENV", "SEED_ON_START", "SMS_TRANSPORT", "SMS_ALLOW_LOG_IN_PRODUCTION", "NEXTAUTH_SECRET"])
    delete process.env[key];
  Object.assign(process.env, values);
  resetServerEnvCache();
  return serverEnv();
}

afterEach(() => {
  process.env = { ...saved };
  resetServerEnvCache();
});

const production = {
  NODE_ENV: "production",
  NEXTAUTH_SECRET: "a-production-secret-0123456789",
  SMS_TRANSPORT: "log",
  SMS_ALLOW_LOG_IN_PRODUCTION: "1",
};

describe("seeding the demo world", () => {
  it("a production server does not seed demo players, award codes or the members password unless asked", () => {
    expect(envWith(production).SEED_ON_START).toBe(false);
    expect(envWith({ ...production, SEED_ON_START: "" }).SEED_ON_START).toBe(false);
  });

  it("a production server seeds when SEED_ON_START=1 asks for it", () => {
    expect(envWith({ ...production, SEED_ON_START: "1" }).SEED_ON_START).toBe(true);
  });

  it("a development server seeds an empty database by default and skips with SEED_ON_START=0", () => {
    expect(envWith({ NODE_ENV: "development" }).SEED_ON_START).toBe(true);
    expect(envWith({ NODE_ENV: "development", SEED_ON_START: "0" }).SEED_ON_START).toBe(false);
  });
});

describe("the front door's variables", () => {
  it("are read with their defaults when unset or empty", () => {
    expect(frontDoorEnv({ PAGE_CACHE_MAX_MB: "", ROUTE_LANES: "" })).toMatchObject({
      PORT: 3000,
      PAGE_CACHE: true,
      PAGE_CACHE_FRESH_MS: 5_000,
      PAGE_CACHE_STALE_MS: 30_000,
      PAGE_CACHE_MAX_MB: 64,
      ROUTE_LANES: true,
      SHUTDOWN_GRACE_MS: 25_000,
    });
    expect(frontDoorEnv({ PAGE_CACHE: "OFF", ROUTE_LANES: "off", PAGE_CACHE_MAX_MB: "16", HOSTNAME: " 127.0.0.1 " })).toMatchObject({
      PAGE_CACHE: false,
      ROUTE_LANES: false,
      PAGE_CACHE_MAX_MB: 16,
      HOSTNAME: "127.0.0.1",
    });
  });

  it("refuse a server whose page cache size is not a number, naming the variable, instead of quietly using the default", () => {
    expect(() => frontDoorEnv({ PAGE_CACHE_MAX_MB: "lots" })).toThrow(/PAGE_CACHE_MAX_MB/);
    expect(() => frontDoorEnv({ PAGE_CACHE_FRESH_MS: "-5" })).toThrow(/PAGE_CACHE_FRESH_MS/);
  });
});

describe("the live poll's period", () => {
  it("is at least 5 s against ESPN itself, and may be a second against a replay or mirror of our own", () => {
    delete process.env.ESPN_BASE_URL;
    expect(() => envWith({ LIVE_POLL_MS: "2000" })).toThrow(/LIVE_POLL_MS: must be at least 5000 while ESPN_BASE_URL is ESPN itself/);
    expect(() => envWith({ ESPN_BASE_URL: "https://site.api.espn.com/apis/site/v2/sports", LIVE_POLL_MS: "4999" })).toThrow(/LIVE_POLL_MS/);
    expect(envWith({ ESPN_BASE_URL: "https://site.api.espn.com/apis/site/v2/sports", LIVE_POLL_MS: "5000" }).LIVE_POLL_MS).toBe(5000);
    expect(envWith({ ESPN_BASE_URL: "http://127.0.0.1:4399/apis/site/v2/sports", LIVE_POLL_MS: "1000" }).LIVE_POLL_MS).toBe(1000);
    expect(() => envWith({ ESPN_BASE_URL: "http://127.0.0.1:4399/apis/site/v2/sports", LIVE_POLL_MS: "999" })).toThrow(/LIVE_POLL_MS/);
  });
});

describe("the carrier lookup", () => {
  it("is off unless CARRIER_LOOKUP_URL is set", () => {
    expect(envWith({ NODE_ENV: "development", CARRIER_LOOKUP_URL: "" }).carrierLookup).toBeNull();
  });

  it("uses the Twilio account's credentials unless it is given its own, with a 2 s timeout", () => {
    const twilio = { TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t1" };
    const base = { NODE_ENV: "development", CARRIER_LOOKUP_URL: "https://lookups.twilio.com", ...twilio };
    expect(envWith({ ...base, CARRIER_LOOKUP_USERNAME: "", CARRIER_LOOKUP_PASSWORD: "" }).carrierLookup).toEqual({
      baseUrl: "https://lookups.twilio.com",
      username: "AC1",
      password: "t1",
      timeoutMs: 2_000,
    });
    expect(envWith({ ...base, CARRIER_LOOKUP_USERNAME: "AC2", CARRIER_LOOKUP_PASSWORD: "t2" }).carrierLookup).toMatchObject({
      username: "AC2",
      password: "t2",
    });
  });

  it("refuses to start with a lookup URL and no credentials", () => {
    const credentials = ["CARRIER_LOOKUP_USERNAME", "CARRIER_LOOKUP_PASSWORD", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"];
    const none = Object.fromEntries(credentials.map((key) => [key, ""]));
    const start = () => envWith({ NODE_ENV: "development", CARRIER_LOOKUP_URL: "https://lookups.twilio.com", ...none });
    expect(start).toThrow(/CARRIER_LOOKUP_URL: needs CARRIER_LOOKUP_USERNAME/);
  });
});

describe("eligibility on the rules page", () => {
  it("is 18 and over with no excluded state unless configured", () => {
    const env = envWith({ NODE_ENV: "development", ELIGIBILITY_MIN_AGE: undefined, ELIGIBILITY_EXCLUDED_STATES: undefined });
    expect(env.ELIGIBILITY_MIN_AGE).toBe(18);
    expect(env.ELIGIBILITY_EXCLUDED_STATES).toEqual([]);
  });

  it("reads the minimum age and a list of state codes", () => {
    const env = envWith({ NODE_ENV: "development", ELIGIBILITY_MIN_AGE: "21", ELIGIBILITY_EXCLUDED_STATES: "wa, nv ,ID" });
    expect(env.ELIGIBILITY_MIN_AGE).toBe(21);
    expect(env.ELIGIBILITY_EXCLUDED_STATES).toEqual(["WA", "NV", "ID"]);
  });

  it("refuses a state that is not a two-letter code", () => {
    expect(() => envWith({ NODE_ENV: "development", ELIGIBILITY_EXCLUDED_STATES: "Washington" })).toThrow(/two-letter state codes/);
  });
});
