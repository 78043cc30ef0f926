import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DYNAMIC_URLS, pageRoutes, planVisits, shotName } from "./screenshots.mjs";

const APP_DIR = path.resolve(import.meta.dirname, "../src/app");

/** A value for every demo key the script looks for, as discoverDemo would find them. */
const DEMO = {
  openPackURL: "giants-commanders-week-12",
  closedPackURL: "yankees-red-sox-rivalry",
  receiptPath: "/packs/yankees-red-sox-rivalry/zTPqVBUKaW",
  ownHandle: "gridiron_gus",
  otherHandle: "bullpen_betty",
  teamSlug: "giants",
  challengePath: "/h2h/39064b2d",
  contestSlug: "week-12-showdown",
  seriesSlug: "eagles-season",
  adminSeriesPath: "/admin/series/eagles-season",
  adminContestPath: "/admin/contests/week-12-showdown",
  adminItemPath: "/admin/items/ee05b197",
  adminPackPath: "/admin/packs/fdb68f44",
  adminGradedPackPath: "/admin/packs/8b1fab0e",
  adminPropPath: "/admin/props/fca53a10",
  adminPlayerPath: "/admin/players/e3866f09",
  groupPath: "/groups/5b0f7c1e",
  invitePath: "/groups/join/AbCdEfGhIjKlMnOpQrStUvWxYz012345",
};

/** The route of every page file under `dir`, found another way: Node's recursive listing, route groups dropped. */
function pageFilesAsRoutes(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => /(^|\/)page\.tsx$/.test(file) && !file.split("/").some((part) => part === "api" || part.startsWith("_")))
    .map(
      (file) =>
        `/${path
          .dirname(file)
          .split("/")
          .filter((part) => part !== "." && !/^\(.*\)$/.test(part))
          .join("/")}`,
    )
    .sort();
}

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("npm run screenshots: the pages it visits", () => {
  it("lists every page.tsx under src/app, read from disk", () => {
    const routes = pageRoutes();
    expect(routes).toEqual(pageFilesAsRoutes(APP_DIR));
    expect(routes).toContain("/");
    expect(routes).toContain("/packs/[packURL]");
    expect(routes.filter((route) => route.startsWith("/admin")).length).toBeGreaterThan(10);
  });

  it("visits every page route with the demo values filled in, and has no demo URL for a page that is gone", () => {
    const routes = pageRoutes();
    const { visits, unfilled } = planVisits(routes, DEMO);
    expect(unfilled).toEqual([]);
    expect([...new Set(visits.map((visit) => visit.route))].sort()).toEqual(routes);
    expect(visits.filter((visit) => visit.url.includes("["))).toEqual([]);
    expect(Object.keys(DYNAMIC_URLS).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it("looks at admin pages as the admin, the login page as a visitor, and the rest as the demo player and a visitor", () => {
    const { visits } = planVisits(pageRoutes(), DEMO);
    const rolesOf = (route: string) => [...new Set(visits.filter((visit) => visit.route === route).map((visit) => visit.role))].sort();
    expect(rolesOf("/admin/packs")).toEqual(["admin"]);
    expect(rolesOf("/admin")).toEqual(["admin"]);
    expect(rolesOf("/login")).toEqual(["visitor"]);
    expect(rolesOf("/packs/[packURL]")).toEqual(["player", "visitor"]);
    expect(visits.filter((visit) => visit.route.startsWith("/admin") && visit.role !== "admin")).toEqual([]);
  });

  it("names each shot after its URL, one file per visit", () => {
    expect(shotName("/", "player", ["player", "visitor"])).toBe("home");
    expect(shotName("/admin/packs", "admin", ["admin"])).toBe("admin-packs");
    expect(shotName("/packs/giants-commanders-week-12", "player", ["player", "visitor"])).toBe("packs-giants-commanders-week-12");
    expect(shotName("/packs/giants-commanders-week-12", "visitor", ["player", "visitor"])).toBe("packs-giants-commanders-week-12--visitor");
    expect(shotName("/login", "visitor", ["visitor"])).toBe("login");
    expect(shotName("/h2h/39064b2d", "visitor", ["player", "visitor"], "h2h-challengeId")).toBe("h2h-challengeId--visitor");
    const names = planVisits(pageRoutes(), DEMO).visits.map((visit) => visit.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(names.filter((name) => !/^[\w.-]+$/.test(name))).toEqual([]);
    // Ids the fresh database makes up on every run stay out of the names, so two runs compare file by file.
    expect(names.filter((name) => /[0-9a-f]{8}-[0-9a-f]{4}|zTPqVBUKaW/.test(name))).toEqual([]);
  });

  it("shoots a new page without editing the script, and reports a new dynamic page it cannot fill", () => {
    const app = mkdtempSync(path.join(os.tmpdir(), "screenshots-app-"));
    temps.push(app);
    for (const file of [
      "page.tsx",
      "about/page.tsx",
      "(marketing)/faq/page.tsx",
      "widgets/[widgetId]/page.tsx",
      "_parts/page.tsx",
      "api/ping/route.ts",
    ]) {
      mkdirSync(path.join(app, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(app, file), "export default function Page() { return null; }\n");
    }
    const routes = pageRoutes(app);
    expect(routes).toEqual(["/", "/about", "/faq", "/widgets/[widgetId]"]);
    const { visits, unfilled } = planVisits(routes, DEMO);
    expect(visits.filter((visit) => visit.role === "player").map((visit) => visit.url)).toEqual(["/", "/about", "/faq"]);
    expect(unfilled.map((u) => u.route)).toEqual(["/widgets/[widgetId]"]);
  });

  it("reports a dynamic page whose demo value was not found instead of dropping it", () => {
    const { visits, unfilled } = planVisits(["/teams/[teamSlug]", "/packs/[packURL]"], { ...DEMO, teamSlug: "", closedPackURL: "" });
    expect(unfilled.map((u) => u.route)).toEqual(["/teams/[teamSlug]"]);
    // A route with one of its two demo URLs found is still shot at the one.
    expect(visits.filter((visit) => visit.role === "player").map((visit) => visit.url)).toEqual(["/packs/giants-commanders-week-12"]);
  });
});
