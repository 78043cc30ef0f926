import { describe, expect, it } from "vitest";
import { lineRefusal } from "./line-type";

describe("which lines sign-in texts a code to", () => {
  it("texts a US mobile, and a line the lookup could not classify", () => {
    expect(lineRefusal({ type: "mobile", countryCode: "US" })).toBeNull();
    expect(lineRefusal({ type: "unknown", countryCode: "US" })).toBeNull();
    expect(lineRefusal({ type: null, countryCode: null })).toBeNull();
  });

  it("refuses landlines, internet numbers, toll-free numbers and pagers, saying what the number looks like", () => {
    expect(lineRefusal({ type: "landline", countryCode: "US" })).toBe(
      "This number can't receive texts from us: it looks like a landline. Use a mobile number.",
    );
    for (const type of ["fixedVoip", "nonFixedVoip", "voip"]) {
      expect(lineRefusal({ type, countryCode: "US" })).toContain("it looks like an internet (VoIP) number");
    }
    expect(lineRefusal({ type: "tollFree", countryCode: "US" })).toContain("a toll-free number");
    expect(lineRefusal({ type: "pager", countryCode: "US" })).toContain("a pager");
    expect(lineRefusal({ type: "somethingNew", countryCode: "US" })).toContain("it isn't a mobile number");
  });

  it("refuses a +1 number outside the US, such as a Canadian mobile", () => {
    expect(lineRefusal({ type: "mobile", countryCode: "CA" })).toBe(
      "This number can't receive texts from us: it isn't a US number. Use a US mobile number.",
    );
  });
});
