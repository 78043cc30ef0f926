import { describe, expect, it } from "vitest";
import { rewordForSendTime, timeLeftWords } from "./text-rewording";

const at = new Date("2026-12-06T13:00:00Z");
const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);

describe("a held text's time left", () => {
  it("is said in hours and minutes to the nearest five minutes, never less than five", () => {
    expect(timeLeftWords(later(60), at)).toBe("1 hour");
    expect(timeLeftWords(later(30), at)).toBe("30 minutes");
    expect(timeLeftWords(later(137), at)).toBe("2 hours 15 minutes");
    expect(timeLeftWords(later(61), at)).toBe("1 hour");
    expect(timeLeftWords(later(1), at)).toBe("5 minutes");
    expect(timeLeftWords(later(125), at)).toBe("2 hours 5 minutes");
  });

  it("is rewritten in a pack opening for when it goes out, link and all kept", () => {
    const body = "Jets at Bills is open; 12h 0m left to make your takes https://takes.example/packs/jets-bills";
    expect(rewordForSendTime("pack_open", body, later(120), at)).toBe(
      "Jets at Bills is open; 2h 0m left to make your takes https://takes.example/packs/jets-bills",
    );
    expect(rewordForSendTime("pack_open", "Jets at Bills is open; 1d 3h 5m left to make your takes x", later(24 * 60 + 30), at)).toBe(
      "Jets at Bills is open; 1d 0h 30m left to make your takes x",
    );
  });

  it("is rewritten in a reminder, whatever the time it said", () => {
    const link = "https://takes.example/packs/p";
    for (const said of ["1 hour", "30 minutes", "3 hours", "2 hours 15 minutes", "1 hour 5 minutes"]) {
      expect(rewordForSendTime("pack_reminder", `Eagles at Cowboys closes in ${said}: you have 0 of 5 picked ${link}`, later(45), at)).toBe(
        `Eagles at Cowboys closes in 45 minutes: you have 0 of 5 picked ${link}`,
      );
    }
  });

  it("leaves an admin's own wording, other kinds and a pack with no close as they are", () => {
    expect(rewordForSendTime("pack_open", "Big game tonight, get your takes in https://x", later(60), at)).toBe(
      "Big game tonight, get your takes in https://x",
    );
    expect(rewordForSendTime("h2h_challenge", "Sam challenged you: 2h 0m left", later(60), at)).toBe("Sam challenged you: 2h 0m left");
    expect(rewordForSendTime("pack_open", "Jets at Bills is open; 2h 0m left to make your takes", null, at)).toBe(
      "Jets at Bills is open; 2h 0m left to make your takes",
    );
  });
});
