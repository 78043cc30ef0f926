// The group invite's card (issue 42 item 2; wired to the groups tables after their branch lands,
// docs/decisions/067-share-cards.md) and what every card says, read from the drawing's own text.
import { describe, expect, it } from "vitest";
import { coverSvg } from "@/server/pictures/art-svg";
import { renderPng } from "@/server/pictures/render-png";
import { CARD_HEIGHT, CARD_WIDTH, drawGroupInviteCard, drawReceiptCard } from "./draw-cards";

const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe("a group invite's card", () => {
  it("names the group, its owner and how many are in, on a 1200×630 PNG", () => {
    const card = drawGroupInviteCard({ name: "Office Pool", ownerHandle: "commish", memberCount: 14 });
    expect(card.text).toEqual(expect.arrayContaining(["Office Pool", "Run by @commish", "14 members"]));
    expect(card.alt).toBe("Join Office Pool on Takes: run by @commish, 14 members");
    expect(pngSize(renderPng(card.svg, CARD_WIDTH))).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
  });

  it("draws the group's own picture in its place, sized to the card's square", () => {
    const picture = coverSvg({ abbreviation: "PHI", name: "Philadelphia Eagles", color: "004c54" });
    const card = drawGroupInviteCard({ name: "Birds", ownerHandle: "commish", memberCount: 1, pictureSvg: picture });
    expect(card.svg).toMatch(/<svg x="916" y="112" width="220" height="220" xmlns=/);
    expect(card.text).toContain("1 member");
    expect(pngSize(renderPng(card.svg, CARD_WIDTH))).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
  });

  it("without a picture shows the group's initial on the brand's tile", () => {
    expect(drawGroupInviteCard({ name: "birds of a feather", ownerHandle: "commish", memberCount: 3 }).text).toContain("B");
  });

  it("escapes what players typed", () => {
    const card = drawGroupInviteCard({ name: "<script>&", ownerHandle: "commish", memberCount: 2 });
    expect(card.svg).toContain("&lt;script&gt;&amp;");
    expect(card.svg).not.toContain("<script>");
  });
});

describe("a receipt's card", () => {
  it("before any lock says how many picks are in and when they show", () => {
    const card = drawReceiptCard({ handle: "betty", packTitle: "Week 1", locked: [], hiddenCount: 5, graded: null });
    expect(card.text).toContain("5 picks in · revealed at lock");
  });

  it("colours each locked pick by its result and counts what does not fit", () => {
    const locked = Array.from({ length: 30 }, (_, i) => ({ prop: `Prop ${i}`, side: "Yes", result: "won" as const }));
    const card = drawReceiptCard({
      handle: "betty",
      packTitle: "Week 1",
      locked,
      hiddenCount: 0,
      graded: { won: 30, lost: 0, pushed: 0, points: 7500 },
    });
    expect(card.text).toContain("30-0-0 · 7,500 pts");
    expect(card.text.find((t) => /^\+\d+ more$/.test(t))).toBeDefined();
  });
});
