import { describe, expect, it } from "vitest";
import { fromNyDateTimeInput, toNyDateTimeInput } from "./ny-datetime-input";

describe("New York date-time inputs", () => {
  it("reads a wall-clock time as New York time, in and out of daylight saving", () => {
    expect(fromNyDateTimeInput("2025-11-20T13:05")).toBe("2025-11-20T18:05:00.000Z");
    expect(fromNyDateTimeInput("2025-07-04T20:00")).toBe("2025-07-05T00:00:00.000Z");
  });
  it("writes an instant back as the same wall-clock time", () => {
    expect(toNyDateTimeInput("2025-11-20T18:05:00.000Z")).toBe("2025-11-20T13:05");
    expect(toNyDateTimeInput(new Date("2025-07-05T00:00:00Z"))).toBe("2025-07-04T20:00");
  });
  it("round-trips the admin forms' times on both sides of daylight saving, and ignores seconds a browser adds", () => {
    expect(toNyDateTimeInput("2025-09-05T00:20:00.000Z")).toBe("2025-09-04T20:20");
    expect(fromNyDateTimeInput("2025-09-04T20:20")).toBe("2025-09-05T00:20:00.000Z");
    expect(toNyDateTimeInput("2025-12-01T17:00:00.000Z")).toBe("2025-12-01T12:00");
    expect(fromNyDateTimeInput("2025-12-01T12:00:00")).toBe("2025-12-01T17:00:00.000Z");
  });
  it("treats empty and malformed values as no time", () => {
    expect(toNyDateTimeInput("nonsense")).toBe("");
    expect(fromNyDateTimeInput("")).toBeNull();
    expect(fromNyDateTimeInput("tomorrow")).toBeNull();
    expect(toNyDateTimeInput(null)).toBe("");
  });
});
