import { describe, expect, it } from "vitest";
import { ZCursor } from "./cursor";

describe("ZCursor", () => {
  it.each([
    ["WyIyMDI2LTExLTI2IDEyOjAwOjAxKzAwIiwiaWQiXQ", true],
    ["a-b_c", true],
    ["x".repeat(400), true],
    ["x".repeat(401), false],
    ["", false],
    ["not/base64url", false],
    ["padded==", false],
    ["with space", false],
  ])("reads %j as a cursor's shape: %s", (cursor, valid) => {
    const parsed = ZCursor.safeParse(cursor);
    expect(parsed.success).toBe(valid);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe("Invalid cursor");
  });
});
