import { describe, expect, it } from "vitest";
import { challengeText, packCompletedShareText, packLink, packSubmittedText, receiptCopyText, shareMyTakesText } from "./share";

describe("share links", () => {
  it("carries the sharer's handle as ?ref", () => {
    expect(packLink("https://takes.example", "week-6-sunday", { ref: "sam_k" })).toBe(
      "https://takes.example/packs/week-6-sunday?ref=sam_k",
    );
  });

  it("points at a receipt under its pack", () => {
    expect(packLink("http://127.0.0.1:3000", "p1", { receiptId: "Ab3_x-9kLm", ref: "ann" })).toBe(
      "http://127.0.0.1:3000/packs/p1/Ab3_x-9kLm?ref=ann",
    );
  });

  it("has no ref for a visitor", () => {
    expect(packLink("https://takes.example", "p1")).toBe("https://takes.example/packs/p1");
  });
});

describe("share texts", () => {
  it("previews my takes one line each", () => {
    expect(shareMyTakesText("Sunday Slate", ["Eagles win", "Over 47.5"], "https://t.example/packs/s?ref=a")).toBe(
      "Here's my 🏟️ Sunday Slate ⚡️ Takes\n🔮 Eagles win\n🔮 Over 47.5\nMake Your Take ⚡️ https://t.example/packs/s?ref=a",
    );
  });

  it("challenges friends with my first take", () => {
    expect(packCompletedShareText("Sunday Slate", "Eagles win")).toBe(
      "I just made my takes on Sunday Slate\n🔮 Eagles win\nThink you can beat my takes?",
    );
  });

  it("copies a receipt's picks with its link", () => {
    expect(
      receiptCopyText(
        [
          { prop: "Who wins?", side: "Eagles" },
          { prop: "Total", side: "Over" },
        ],
        "L",
      ),
    ).toBe("My picks: Who wins?: Eagles, Total: Over L");
  });

  it("texts the player their takes and the pack link", () => {
    expect(packSubmittedText("Sunday Slate", ["Eagles win"], "L")).toBe(
      "Your takes on Sunday Slate are in:\n• Eagles win\nSee the pack: L",
    );
  });

  it("texts a challenged player who challenged them, on which pack, and the link to answer", () => {
    expect(challengeText("Takes", "gridiron_gus", "Sunday Slate", "L")).toBe(
      "Takes: @gridiron_gus challenged you to a head-to-head on Sunday Slate! Accept or decline before the pack closes: L",
    );
  });
});

describe("link identifiers", () => {
  it("accepts real pack URLs, handles and receipt ids and nothing else", async () => {
    const { isHandle, isPackURL, isReceiptId } = await import("./share");
    expect([isPackURL("week-6-sunday"), isPackURL("Week 6"), isPackURL("a\u0000"), isPackURL("")]).toEqual([true, false, false, false]);
    expect([isHandle("sam_k"), isHandle("' OR 1=1 --"), isHandle("")]).toEqual([true, false, false]);
    expect([isReceiptId("Ab3_x-9kLm"), isReceiptId("short"), isReceiptId("bad/id!!!")]).toEqual([true, false, false]);
  });
});
