import { describe, expect, it } from "vitest";
import { headerItemsFor, isActivePath, navItemsFor } from "./nav-items";

describe("navigation", () => {
  it("shows visitors the public items only", () => {
    expect(navItemsFor({ signedIn: false }).map((i) => i.label)).toEqual([
      "Dashboard",
      "Packs",
      "Contests",
      "Leaderboard",
      "Marketplace",
      "How it works",
    ]);
  });

  it("adds Redeem, Head-to-head and Profile for players and the Admin section for super admins", () => {
    const items = navItemsFor({ signedIn: true, handle: "fan", superAdmin: true });
    expect(items.find((i) => i.label === "Head-to-head")?.href).toBe("/h2h");
    expect(items.find((i) => i.label === "Groups")?.href).toBe("/groups");
    expect(items.find((i) => i.label === "Profile")?.href).toBe("/profile/fan");
    expect(items.find((i) => i.label === "Admin")?.subItems?.map((s) => s.href)).toContain("/admin/promo-links");
    expect(headerItemsFor({ signedIn: true, handle: "fan" }).map((i) => i.label)).not.toContain("Admin");
  });

  it("gives a commissioner the Admin section without the super admin's pages (decision 064)", () => {
    const admin = navItemsFor({ signedIn: true, handle: "ref", commissioner: true }).find((i) => i.label === "Admin");
    const pages = admin?.subItems?.map((s) => s.href) ?? [];
    expect(pages).toEqual(expect.arrayContaining(["/admin/events", "/admin/packs", "/admin/props"]));
    for (const page of ["/admin/players", "/admin/promo-links", "/admin/api-tester"]) expect(pages).not.toContain(page);
    expect(headerItemsFor({ signedIn: true, handle: "ref", commissioner: true }).map((i) => i.label)).toContain("Admin");
  });

  it("lists every admin section under Admin, the grading queue, series and items included (issue 41 item 7)", () => {
    const admin = navItemsFor({ signedIn: true, handle: "fan", superAdmin: true }).find((i) => i.label === "Admin");
    expect(admin?.subItems?.map((s) => s.label)).toEqual([
      "Grading queue",
      "Events",
      "Packs",
      "Props",
      "Contests",
      "Standings",
      "Series",
      "Teams",
      "Players",
      "Groups",
      "Athletes",
      "Items",
      "Promo Links",
      "API Tester",
    ]);
  });

  it("highlights by exact match for home and by prefix elsewhere", () => {
    expect(isActivePath("/", "/packs")).toBe(false);
    expect(isActivePath("/admin/events", "/admin/events/123")).toBe(true);
    expect(isActivePath("/admin", "/administrator")).toBe(false);
  });
});
