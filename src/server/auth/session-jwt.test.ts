import { decode, encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { decodeSessionToken, encodeSessionToken } from "./session-jwt";

const secret = "a-secret-of-at-least-thirty-two-characters";
const claims = { sub: "0f8e7c52-5d1b-4e0a-9a4c-1f2e3d4c5b6a", profileID: "gridiron_gus", sessionVersion: 3 };

describe("session tokens with the key derived once", () => {
  it("reads a cookie next-auth issued, so nobody is signed out by the change", async () => {
    const cookie = await encode({ token: claims, secret });
    expect(await decodeSessionToken({ token: cookie, secret })).toMatchObject(claims);
  });

  it("issues cookies next-auth itself reads, with its thirty-day expiry and a fresh id each time", async () => {
    const first = await encodeSessionToken({ token: claims, secret });
    const second = await encodeSessionToken({ token: claims, secret });
    const read = await decode({ token: first, secret });
    expect(read).toMatchObject(claims);
    expect(read!.exp).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 24 * 60 * 60 - 5);
    expect((await decode({ token: second, secret }))!.jti).not.toBe(read!.jti);
  });

  it("refuses a token sealed with another secret or salt, or tampered with", async () => {
    const cookie = await encodeSessionToken({ token: claims, secret });
    await expect(decodeSessionToken({ token: cookie, secret: `${secret}-rotated` })).rejects.toThrow();
    await expect(decodeSessionToken({ token: cookie, secret, salt: "other" })).rejects.toThrow();
    const parts = cookie.split(".");
    parts[3] = parts[3]!.replace(/^./, (c) => (c === "A" ? "B" : "A"));
    await expect(decodeSessionToken({ token: parts.join("."), secret })).rejects.toThrow();
  });

  it("refuses a token past its expiry", async () => {
    const cookie = await encodeSessionToken({ token: claims, secret, maxAge: -60 });
    await expect(decodeSessionToken({ token: cookie, secret })).rejects.toThrow();
  });
});
