import { describe, expect, it } from "vitest";
import { fromEtInputValue, toEtInputValue } from "./et-datetime";

describe("ET date-time inputs", () => {
  it("shows instants as New York wall time and reads them back", () => {
    expect(toEtInputValue("2025-09-05T00:20:00.000Z")).toBe("2025-09-04T20:20");
    expect(fromEtInputValue("2025-09-04T20:20")).toBe("2025-09-05T00:20:00.000Z");
    expect(toEtInputValue("2025-12-01T17:00:00.000Z")).toBe("2025-12-01T12:00");
    expect(fromEtInputValue("2025-12-01T12:00")).toBe("2025-12-01T17:00:00.000Z");
  });

  it("treats empty or broken values as none", () => {
    expect(toEtInputValue(null)).toBe("");
    expect(toEtInputValue("nonsense")).toBe("");
    expect(fromEtInputValue("")).toBeNull();
  });
});
