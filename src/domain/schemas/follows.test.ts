import { describe, expect, it } from "vitest";
import { SUPPORTED_LEAGUES } from "@/config";
import { ZNotificationSettingsChange } from "./follows";

describe("ZNotificationSettingsChange", () => {
  it.each(SUPPORTED_LEAGUES)("takes the supported league %s on or off", (league) => {
    expect(ZNotificationSettingsChange.parse({ leagues: { [league]: true } })).toEqual({ leagues: { [league]: true } });
    expect(ZNotificationSettingsChange.parse({ leagues: { [league]: false } })).toEqual({ leagues: { [league]: false } });
  });

  it("takes every supported league at once, some of them, or none", () => {
    const all = Object.fromEntries(SUPPORTED_LEAGUES.map((league) => [league, true]));
    expect(ZNotificationSettingsChange.parse({ leagues: all })).toEqual({ leagues: all });
    expect(ZNotificationSettingsChange.parse({ leagues: {} })).toEqual({ leagues: {} });
    expect(ZNotificationSettingsChange.parse({ smsOptOut: true })).toEqual({ smsOptOut: true });
  });

  it.each([
    ["a league we do not support", { leagues: { nhl: true } }],
    ["a league written in capitals", { leagues: { NFL: true } }],
    ["a league set to something other than on or off", { leagues: { [SUPPORTED_LEAGUES[0]]: "yes" } }],
    ["leagues as a list", { leagues: [SUPPORTED_LEAGUES[0]] }],
    ["a field it does not know", { profileId: "someone-else", smsOptOut: true }],
  ])("refuses %s", (_what, body) => {
    expect(ZNotificationSettingsChange.safeParse(body).success).toBe(false);
  });
});
