import { describe, expect, it } from "vitest";
import {
  SAME_USERNAME_MESSAGE,
  USERNAME_OFFICIAL_MESSAGE,
  USERNAME_RESERVED_MESSAGE,
  USERNAME_RULE_MESSAGE,
  usernameProblem,
} from "./username";

describe("usernameProblem", () => {
  it.each([
    ["ab", USERNAME_RULE_MESSAGE],
    ["a".repeat(21), USERNAME_RULE_MESSAGE],
    ["has space", USERNAME_RULE_MESSAGE],
    ["dash-name", USERNAME_RULE_MESSAGE],
    ["émile", USERNAME_RULE_MESSAGE],
    ["abc", null],
    ["a".repeat(20), null],
    ["Fan_2025", null],
    ["taker123456", USERNAME_RESERVED_MESSAGE],
  ])("%s → %s", (name, expected) => {
    expect(usernameProblem(name, "someoneelse")).toBe(expected);
  });

  it.each([
    "admin",
    "Admin_1",
    "ADMINISTRATOR",
    "support",
    "takes_support",
    "TheModerator",
    "official_takes",
    "staff99",
    "root",
    "takes",
    "Help_Desk",
    "real_admin",
  ])("refuses %s, which could pass as the game or its staff", (name) => {
    expect(usernameProblem(name, "someoneelse")).toBe(USERNAME_OFFICIAL_MESSAGE);
  });

  it.each(["commish", "commish_", "Commish", "Commish1", "thecommish", "the_commish1", "Takes_Commish", "real_commish", "commissioner"])(
    "refuses %s, which could pass as the commissioner (the demo admin is commish)",
    (name) => {
      expect(usernameProblem(name, "someoneelse")).toBe(USERNAME_OFFICIAL_MESSAGE);
    },
  );

  it.each(["badminton", "commisheagles", "commish_fan", "supportive_fan", "adminfan", "eagles_staffer", "rootbeer", "teamplayer"])(
    "lets %s through: a reserved word inside a name is fine",
    (name) => {
      expect(usernameProblem(name, "someoneelse")).toBeNull();
    },
  );

  it.each(["deleted_7f3a2c1b", "Deleted_me", "DELETED_"])("refuses %s, the shape a deleted account's anonymous handle takes", (name) => {
    expect(usernameProblem(name, "someoneelse")).toBe(USERNAME_OFFICIAL_MESSAGE);
  });

  it("tells the user when the new name is their current one, ignoring case", () => {
    expect(usernameProblem("EaglesFan", "eaglesfan")).toBe(SAME_USERNAME_MESSAGE);
  });
});
