import { describe, expect, it } from "vitest";
import { ZPackOpenTextQuery } from "./pack-texts";

describe("the pack-open text preview's query", () => {
  it("previews an opening now by default, with the pack's own times", () => {
    expect(ZPackOpenTextQuery.parse({})).toEqual({ status: "open" });
  });

  it("reads the form's unsaved times, an empty one as none", () => {
    expect(ZPackOpenTextQuery.parse({ status: "coming-soon", openTime: "2025-11-05T18:00:00-05:00", closeTime: "" })).toEqual({
      status: "coming-soon",
      openTime: new Date("2025-11-05T23:00:00.000Z"),
      closeTime: null,
    });
  });

  it("refuses another status and a time without its zone", () => {
    expect(ZPackOpenTextQuery.safeParse({ status: "draft" }).error?.issues[0]?.message).toBe(
      "Preview an opening: status open or coming-soon.",
    );
    expect(ZPackOpenTextQuery.safeParse({ openTime: "2025-11-05T18:00" }).error?.issues[0]?.message).toBe(
      "Times must be full date-times with a time zone.",
    );
  });
});
