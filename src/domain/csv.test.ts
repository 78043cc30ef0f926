import { describe, expect, it } from "vitest";
import { csvCell, csvLine, exportFileName } from "./csv";

describe("CSV cells", () => {
  it("quotes a cell holding a comma, a quote or a line break, doubling its quotes", () => {
    expect(csvCell('He said "over", twice')).toBe('"He said ""over"", twice"');
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"');
  });

  it("turns text a spreadsheet would run as a formula into text, and leaves numbers as numbers", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}1+1`).includes(`'${start}1+1`)).toBe(true);
    expect(csvCell(-12.5)).toBe("-12.5");
    expect(csvCell(Number.NaN)).toBe("");
  });

  it("writes dates as ISO instants, booleans as yes/no and nothing as an empty cell", () => {
    expect(csvLine([new Date("2025-09-07T17:00:00Z"), true, false, null, undefined])).toBe("2025-09-07T17:00:00.000Z,yes,no,,\r\n");
  });

  it("names a download with letters, digits and dashes only", () => {
    expect(exportFileName(["picks", "pack-week 12/Sunday"])).toBe("picks-pack-week-12-sunday.csv");
    expect(exportFileName(["", "!!"])).toBe("export.csv");
  });
});
