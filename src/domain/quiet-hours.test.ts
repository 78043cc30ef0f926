import { describe, expect, it } from "vitest";
import { AREA_CODE_TIME_ZONES, playerTimeZone, timeZoneForPhone, US_TIME_ZONE_IDS } from "./quiet-hours";

/** A number in each zone, and numbers we cannot place (they are Eastern). */
const PLACED: Array<[phone: string | null, zone: string]> = [
  ["+12135550100", "America/Los_Angeles"],
  ["+13125550100", "America/Chicago"],
  ["+17205550100", "America/Denver"],
  ["+16025550100", "America/Phoenix"],
  ["+19075550100", "America/Anchorage"],
  ["+18085550100", "Pacific/Honolulu"],
  ["+12125550100", "America/New_York"],
  ["+15555550100", "America/New_York"],
  ["2135550100", "America/New_York"],
  [null, "America/New_York"],
];

describe("a player's time zone for quiet hours", () => {
  it("comes from the area code of their number, and is Eastern for a code we do not place or no number", () => {
    expect(PLACED.map(([phone]) => timeZoneForPhone(phone))).toEqual(PLACED.map(([, zone]) => zone));
  });

  it("is the zone the player chose, whatever their number says", () => {
    expect(playerTimeZone({ timeZone: "America/Chicago", phone: "+12135550100" })).toBe("America/Chicago");
    expect(playerTimeZone({ timeZone: null, phone: "+12135550100" })).toBe("America/Los_Angeles");
  });

  it("places every listed area code, three digits, in a zone a player can choose", () => {
    const misplaced = Object.entries(AREA_CODE_TIME_ZONES).filter(
      ([code, zone]) => !/^[2-9]\d\d$/.test(code) || !US_TIME_ZONE_IDS.includes(zone),
    );
    expect(misplaced).toEqual([]);
    expect(Object.keys(AREA_CODE_TIME_ZONES).length).toBeGreaterThan(150);
  });
});
