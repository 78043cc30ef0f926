import { afterEach, describe, expect, it } from "vitest";
import { resetServerEnvCache, serverEnv } from "./env";

const saved = { ...process.env };

function envWith(values: Record<string, string | undefined>) {
  for (const key of ["NODE_ENV", "SEED_ON_START", "SMS_TRANSPORT", "SMS_ALLOW_LOG_IN_PRODUCTION", "NEXTAUTH_SECRET"]) delete process.env[key];
  Object.assign(process.env, values);
  resetServerEnvCache();
  return serverEnv();
}

afterEach(() => {
  process.env = { ...saved };
  resetServerEnvCache();
});

const production = { NODE_ENV: "production", NEXTAUTH_SECRET: "a-production-secret-0123456789", SMS_TRANSPORT: "log", SMS_ALLOW_LOG_IN_PRODUCTION: "1" };

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
