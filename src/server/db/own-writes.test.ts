// The read-your-writes cookie of docs/decisions/032-read-replica.md: what it vouches for, and what it refuses.
import { describe, expect, it } from "vitest";
import { ownWriteCookieValue, parseLsn, verifyOwnWriteCookie } from "./own-writes";

const SECRET = "unit-test-secret-0123456789";

describe("WAL positions", () => {
  it.each([
    ["0/0", 0n],
    ["0/16B3740", 0x16b3740n],
    ["16/B374D848", (0x16n << 32n) | 0xb374d848n],
    ["FFFFFFFF/FFFFFFFF", (1n << 64n) - 1n],
  ])("reads %s as PostgreSQL orders it", (text, expected) => {
    expect(parseLsn(text)).toBe(expected);
  });

  it.each(["", "16", "16/", "/1", "G/1", "1/2/3", "123456789/0", " 0/1", null, undefined])("refuses %j", (text) => {
    expect(parseLsn(text)).toBeNull();
  });

  it("orders a later segment after every position of an earlier one", () => {
    expect(parseLsn("1/0")! > parseLsn("0/FFFFFFFF")!).toBe(true);
  });
});

describe("the read-your-writes cookie", () => {
  it("vouches for the position it was made for", () => {
    const lsn = parseLsn("16/B374D848")!;
    expect(verifyOwnWriteCookie(ownWriteCookieValue(lsn, SECRET), SECRET)).toBe(lsn);
  });

  it("is refused when signed with another secret", () => {
    expect(verifyOwnWriteCookie(ownWriteCookieValue(5n, "another-secret-0123456789"), SECRET)).toBeNull();
  });

  it("is refused when its position is changed, so nobody can send every read of theirs to the primary for ever", () => {
    const [, signature] = ownWriteCookieValue(5n, SECRET).split(".");
    expect(verifyOwnWriteCookie(`ffffffffffffffff.${signature}`, SECRET)).toBeNull();
  });

  it.each([undefined, "", "5", "5.", ".abc", "zz.abcdefabcdefabcdefabcdefabcdefab", "5.short", `${"f".repeat(17)}.${"a".repeat(32)}`])(
    "is refused, without throwing, when malformed: %j",
    (value) => {
      expect(verifyOwnWriteCookie(value, SECRET)).toBeNull();
    },
  );
});
