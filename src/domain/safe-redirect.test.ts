import { describe, expect, it } from "vitest";
import { safeRedirectPath, safeRedirectUrl } from "./safe-redirect";

const origin = "https://takes.example";

describe("safeRedirectPath", () => {
  it.each([
    ["/packs", "/packs"],
    ["/packs/week-1?ref=fan#top", "/packs/week-1?ref=fan#top"],
    ["/teams/eagles?card=WELCOME%2025", "/teams/eagles?card=WELCOME%2025"],
    ["/?logout=1", "/?logout=1"],
    ["/@evil.example", "/@evil.example"],
    ["/packs/../leaderboard", "/leaderboard"],
    ["https://takes.example/leaderboard?x=1", "/leaderboard?x=1"],
    ["https://takes.example", "/"],
  ])("keeps a target on the site: %s leads to %s", (target, expected) => {
    expect(safeRedirectPath(target, origin)).toBe(expected);
  });

  it.each([
    // nothing usable
    [undefined],
    [null],
    [""],
    [42],
    [{ url: "/packs" }],
    ["packs"],
    ["evil.example"],
    [`/${"a".repeat(3_000)}`],
    // another host, written as a path
    ["//evil.example"],
    ["//evil.example/steal"],
    ["///evil.example"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["/\\/evil.example"],
    // tabs, newlines and other controls the browser drops or the server splits on
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["/\r\n/evil.example"],
    ["/\u0000/evil.example"],
    ["\t//evil.example"],
    [" //evil.example"],
    // the same, percent-encoded (once or twice)
    ["/%09/evil.example"],
    ["/%0A/evil.example"],
    ["/%0d%0a/evil.example"],
    ["/%5Cevil.example"],
    ["/%5cevil.example"],
    ["/%2F/evil.example"],
    ["/%2f%2fevil.example"],
    ["%2F%2Fevil.example"],
    ["/%255Cevil.example"],
    ["/%25252525255Cevil.example"],
    ["/%E0%A4%A"],
    // absolute URLs on this origin that still lead away
    ["https://takes.example//evil.example"],
    ["https://takes.example/%5Cevil.example"],
    ["https://takes.example/%2F/evil.example"],
    ["https://takes.example/\t/evil.example"],
    // other hosts, schemes and userinfo tricks
    ["https://evil.example/packs"],
    ["http://takes.example/packs"],
    ["https://takes.example.evil.example/"],
    ["https://takes.example@evil.example/"],
    ["https://user:secret@takes.example/packs"],
    ["https:evil.example"],
    ["https:\\\\evil.example"],
    ["javascript:alert(1)"],
    ["JavaScript:alert(1)"],
    ["java\tscript:alert(1)"],
    [" javascript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["vbscript:msgbox(1)"],
    ["file:///etc/passwd"],
  ])("sends %j home", (target) => {
    expect(safeRedirectPath(target, origin)).toBe("/");
  });

  it("gives next-auth an absolute URL on the site, whatever it was asked for", () => {
    expect(safeRedirectUrl("/packs?week=1", origin)).toBe("https://takes.example/packs?week=1");
    expect(safeRedirectUrl("https://takes.example//evil.example", origin)).toBe("https://takes.example/");
    expect(safeRedirectUrl("http://[", origin)).toBe("https://takes.example/");
  });
});
