import { describe, expect, it } from "vitest";
import { decodeCursor, decodeTimeCursor, encodeCursor, keysetPage } from "./keyset";

const ID = "6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f";

describe("keyset cursors", () => {
  it("carry the database's own timestamp text, microseconds and offset included, and an id", () => {
    const cursor = encodeCursor("2026-11-26 12:00:01.123456+00", ID);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeTimeCursor(cursor)).toEqual({ key: "2026-11-26 12:00:01.123456+00", id: ID });
    expect(decodeTimeCursor(encodeCursor("infinity", ID))).toEqual({ key: "infinity", id: ID });
  });

  it("refuse what we did not make: not base64 JSON, no uuid, or a date no calendar has", () => {
    expect(decodeCursor("nonsense")).toBeNull();
    expect(decodeCursor(Buffer.from('["x","y"]').toString("base64url"))).toBeNull();
    expect(decodeCursor(Buffer.from("[1,2,3]").toString("base64url"))).toBeNull();
    for (const key of [
      "x",
      "2026-02-31 00:00:00+00",
      "2026-13-01 00:00:00+00",
      "2026-11-26 24:00:00+00",
      "2026-11-26",
      "'; drop table packs; --",
    ]) {
      expect(decodeTimeCursor(encodeCursor(key, ID)), key).toBeNull();
    }
  });

  it("a page fetched with one row more than it shows says whether another page exists", () => {
    const rows = [1, 2, 3].map((n) => ({ n, key: `2026-01-0${n} 00:00:00+00`, id: ID }));
    expect(keysetPage(rows.slice(0, 2), 2, (row) => row)).toEqual({ items: rows.slice(0, 2), nextCursor: null });
    const page = keysetPage(rows, 2, (row) => row);
    expect(page.items).toEqual(rows.slice(0, 2));
    expect(decodeTimeCursor(page.nextCursor!)).toEqual({ key: rows[1]!.key, id: ID });
  });
});
