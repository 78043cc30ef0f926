import { describe, expect, it } from "vitest";
import { hashSecret, verifySecret } from "./secret-hash";

describe("hashSecret / verifySecret", () => {
  it("accepts the secret that was hashed and refuses any other", async () => {
    const stored = await hashSecret("letmein");
    expect(stored).toMatch(/^scrypt:16384:8:1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(await verifySecret("letmein", stored)).toBe(true);
    expect(await verifySecret("letmein ", stored)).toBe(false);
    expect(await verifySecret("LETMEIN", stored)).toBe(false);
  });

  it("salts every hash, so one secret never hashes the same twice", async () => {
    expect(await hashSecret("same")).not.toBe(await hashSecret("same"));
  });

  it("answers false, without throwing, for malformed or tampered hashes", async () => {
    const stored = await hashSecret("letmein");
    const [, , , , salt, key] = stored.split(":");
    for (const bad of [
      "",
      "letmein",
      `bcrypt:16384:8:1:${salt}:${key}`,
      `scrypt:16384:8:1:${salt}`,
      `scrypt:1000:8:1:${salt}:${key}`,
      `scrypt:${2 ** 30}:8:1:${salt}:${key}`,
      `scrypt:16384:999:1:${salt}:${key}`,
      `scrypt:16384:8:1::${key}`,
    ]) {
      expect(await verifySecret("letmein", bad)).toBe(false);
    }
  });
});
