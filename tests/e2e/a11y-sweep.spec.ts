// The accessibility sweep (hardening issue, item "Accessibility"): every page
// found under src/app and every dialog type in the registry, checked with axe
// (no serious or critical violations), every dialog also for its focus trap,
// Escape and focus return. Both lists are read from the source, so a new page
// or dialog fails here until it is given a demo URL or an opener below.
//
// Runs on the shared demo database after nothing else (a11y sorts first) and
// leaves it as the other specs expect: its own phones (5555550180-0189) for
// anything that signs in, no grading, no deleted demo data; the one thing it
// creates for good (a super prop pack) it deletes again.
//
// Its tests run in parallel (docs/decisions/021-parallel-browser-tests.md):
// they are first in the queue, so every worker takes sweep tests, on its own
// server and demo database, before any other spec. A worker signs each person
// in and finds the demo URLs once; later sweep tests in that worker (or in a
// worker restarted after a failure) reuse them.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Cookie, type Page } from "@playwright/test";
import { DIALOG_TYPES, type DialogType } from "../../src/components/dialogs/dialog-types";
import { E2E } from "./env";
import {
  byName,
  clickOpen,
  expectAccessible,
  expectWellBehavedDialog,
  latestCode,
  signInAs,
  type Opened,
  submitThroughReview,
} from "./helpers";

const APP_DIR = path.resolve(import.meta.dirname, "../../src/app");
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

// Demo people. The sweep's own phones are fresh profiles nobody else uses.
const PLAYER = "5555550180"; // signs in, submits takes on the open demo pack, claims WELCOME10
const NEWCOMER = "5555550181"; // signs in inside the login dialog as a visitor
const NEWCOMER_ON_RETRY = "5555550182"; // the same on a retry: 0181 has a profile by then, so no username prompt
const BETTY = "5555550102"; // bullpen_betty: in the demo head-to-head, browses the player pages
const DAN = "5555550104"; // dinger_dan: has takes on graded demo packs he has not looked at yet
const MEMBERS_PASSWORD = "letmein";

/** Route patterns of every page.tsx under src/app ("/packs/[packURL]"), route groups left out. */
function pageRoutes(dir = APP_DIR, segments: string[] = []): string[] {
  const routes: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name.startsWith("_") || entry.name === "api") continue;
      const visible = /^\(.*\)$/.test(entry.name) || entry.name.startsWith("@") ? segments : [...segments, entry.name];
      routes.push(...pageRoutes(path.join(dir, entry.name), visible));
    } else if (/^page\.(tsx|ts|jsx|js)$/.test(entry.name)) {
      routes.push(`/${segments.join("/")}`);
    }
  }
  return routes.sort();
}

/** Values for the dynamic segments, found in the demo data through links and public answers. */
interface Demo {
  openPackURL: string;
  closedPackURL: string;
  receiptPath: string;
  ownHandle: string;
  otherHandle: string;
  teamSlug: string;
  seriesSlug: string;
  contestSlug: string;
  /** A week of the NFL standings that has packs (decision 062). */
  standingsWeekPath: string;
  challengePath: string;
  adminContestPath: string;
  adminItemPath: string;
  adminPackPath: string;
  /** A graded pack's edit page, with its results texts (decision 040). */
  adminGradedPackPath: string;
  adminPropPath: string;
  adminSeriesPath: string;
  adminPlayerPath: string;
  /** A group the sweep's player made (docs/decisions/066-groups.md), and its invite page. */
  groupPath: string;
  invitePath: string;
}

/**
 * Where each page is visited. Admin pages are visited as the admin, the login
 * page as a visitor, the others as a signed-in demo player (who has passed the
 * members gate). A page file with no entry here fails the sweep.
 */
const PAGE_URLS: Record<string, (demo: Demo) => string[]> = {
  "/": () => ["/?day=all"],
  "/admin": () => ["/admin"],
  "/admin/api-tester": () => ["/admin/api-tester"],
  "/admin/contests": () => ["/admin/contests"],
  "/admin/contests/[contestID]": (d) => [d.adminContestPath],
  "/admin/contests/new": () => ["/admin/contests/new"],
  "/admin/events": () => ["/admin/events"],
  "/admin/grading": () => ["/admin/grading"],
  "/admin/grade/[packURL]": (d) => [`/admin/grade/${d.closedPackURL}`],
  "/admin/gradeProps": () => ["/admin/gradeProps"],
  "/admin/items": () => ["/admin/items"],
  "/admin/items/[itemID]": (d) => [d.adminItemPath],
  "/admin/items/new": () => ["/admin/items/new"],
  "/admin/packs": () => ["/admin/packs"],
  "/admin/packs/[packId]": (d) => [d.adminPackPath, d.adminGradedPackPath],
  "/admin/packs/new": () => ["/admin/packs/new"],
  "/admin/athletes": () => ["/admin/athletes"],
  "/admin/players": () => ["/admin/players"],
  "/admin/players/[profileId]": (d) => [d.adminPlayerPath],
  "/admin/promo-links": () => ["/admin/promo-links"],
  "/admin/props": () => ["/admin/props"],
  "/admin/props/[propId]": (d) => [d.adminPropPath],
  "/admin/series": () => ["/admin/series"],
  "/admin/series/[seriesID]": (d) => [d.adminSeriesPath],
  "/admin/series/new": () => ["/admin/series/new"],
  "/admin/teams": () => ["/admin/teams"],
  "/admin/standings": () => ["/admin/standings"],
  // The outbox, then delivery rates per kind and day (decisions 073 and 071): texts of the sweep's own sign-ins at least.
  "/admin/texts": () => ["/admin/texts"],
  // Its old address redirects there (docs/SCREENS.md §3.15).
  "/admin/text-delivery": () => ["/admin/text-delivery"],
  "/admin/groups": () => ["/admin/groups", "/admin/groups?q=sweep"],
  "/groups": () => ["/groups"],
  "/groups/[groupId]": (d) => [d.groupPath, `${d.groupPath}?tab=pack`],
  // Before the open pack's lock: the picks page shows none.
  "/groups/[groupId]/week": (d) => [`${d.groupPath}/week`],
  "/groups/[groupId]/rivals": (d) => [`${d.groupPath}/rivals`],
  "/groups/[groupId]/packs/[packURL]": (d) => [`${d.groupPath}/packs/${d.openPackURL}`, `${d.groupPath}/packs/${d.closedPackURL}`],
  "/groups/join/[token]": (d) => [d.invitePath],
  "/contests": () => ["/contests"],
  "/faq": () => ["/faq"],
  "/how-it-works": () => ["/how-it-works"],
  "/contests/[contestID]": (d) => [`/contests/${d.contestSlug}`],
  "/contests/[contestID]/standings": (d) => [`/contests/${d.contestSlug}/standings`],
  "/h2h": () => ["/h2h", "/h2h?rivals=2"],
  "/h2h/[challengeId]": (d) => [d.challengePath],
  "/h2h/new": (d) => [`/h2h/new?pack=${d.openPackURL}&opponent=${d.otherHandle}`, "/h2h/new"],
  "/leaderboard": () => ["/leaderboard"],
  // The season, a week of it, and a league with no packs this season (the empty state).
  "/standings": (d) => ["/standings", d.standingsWeekPath, "/standings?league=mlb&season=2001"],
  "/login": () => ["/login?redirect=%2Fleaderboard"],
  "/marketplace": () => ["/marketplace"],
  "/packs": () => ["/packs"],
  "/packs/[packURL]": (d) => [`/packs/${d.openPackURL}`, `/packs/${d.closedPackURL}`],
  "/packs/[packURL]/[receiptId]": (d) => [d.receiptPath],
  "/privacy": () => ["/privacy"],
  // Another player's profile carries the rivalry section and its Rematch; the AI player's its "AI" tag (decision 069).
  "/profile/[profileID]": (d) => [`/profile/${d.ownHandle}`, `/profile/${d.otherHandle}`, "/profile/TakesAI"],
  "/profile/[profileID]/badges": (d) => [`/profile/${d.ownHandle}/badges`, `/profile/${d.otherHandle}/badges`],
  "/redeem": () => ["/redeem"],
  "/rules": () => ["/rules"],
  "/series/[slug]": (d) => [`/series/${d.seriesSlug}`],
  "/teams/[teamSlug]": (d) => [`/teams/${d.teamSlug}`],
  "/terms": () => ["/terms"],
};

/** The first link on `url` whose href matches, once the page has rendered it. */
async function hrefOn(page: Page, url: string, pattern: RegExp): Promise<string> {
  await page.goto(url);
  let found = "";
  await expect
    .poll(
      async () => {
        const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
        found = hrefs.find((href) => pattern.test(href)) ?? "";
        return found;
      },
      { message: `a link matching ${pattern} on ${url}`, timeout: 30_000 },
    )
    .not.toBe("");
  return found;
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.ok(), `${url} answers ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

async function discoverDemo(admin: Page, player: Page): Promise<Demo> {
  type Packs = { packs: Array<{ packURL: string }> };
  const open = await getJson<Packs>(player, "/api/packs?view=Open");
  const closed = await getJson<Packs>(player, "/api/packs?view=Closed");
  const openPackURL = open.packs[0]?.packURL ?? "";
  expect(openPackURL, "the demo data has an open pack").not.toBe("");
  // A closed pack with a public receipt: the first whose leaderboard leader has one.
  let closedPackURL = "";
  let receiptPath = "";
  for (const { packURL } of closed.packs) {
    const board = await getJson<{ rows: Array<{ handle: string }> }>(player, `/api/leaderboard?scope=pack&key=${packURL}`);
    const handle = board.rows[0]?.handle;
    if (!handle) continue;
    const resolved = await getJson<{ receiptId?: string }>(player, `/api/receipts/resolve?packURL=${packURL}&profileID=${handle}`);
    if (!resolved.receiptId) continue;
    closedPackURL = packURL;
    receiptPath = `/packs/${packURL}/${resolved.receiptId}`;
    break;
  }
  expect(receiptPath, "the demo data has a closed pack with a leaderboard and a receipt").not.toBe("");
  const overall = await getJson<{ rows: Array<{ handle: string }>; me: { handle: string } | null }>(player, "/api/leaderboard?scope=all");
  const ownHandle = (await player.getByTestId("profile-pill").getAttribute("href"))?.split("/").pop() ?? "";
  expect(ownHandle, "the profile pill links to the player's profile").not.toBe("");
  const otherHandle = overall.rows.find((row) => row.handle !== ownHandle)?.handle ?? "";
  const group = await player.request.post("/api/groups", { data: { name: "Sweep crew", picture: true } });
  expect(group.status(), await group.text()).toBe(201);
  const { url: groupPath, inviteToken } = (await group.json()) as { url: string; inviteToken: string };

  return {
    openPackURL,
    closedPackURL,
    receiptPath,
    ownHandle,
    otherHandle,
    teamSlug: (await hrefOn(player, `/packs/${openPackURL}`, /^\/teams\/[\w-]+$/)).split("/").pop()!,
    challengePath: await hrefOn(player, "/h2h", /^\/h2h\/[\w-]+$/),
    contestSlug: (await hrefOn(player, "/contests", /^\/contests\/[\w-]+$/)).split("/").pop()!,
    standingsWeekPath: await hrefOn(player, "/standings", /^\/standings\?.*week=/),
    seriesSlug: (await hrefOn(admin, "/admin/series", /^\/series\/[\w-]+$/)).split("/").pop()!,
    adminSeriesPath: await hrefOn(admin, "/admin/series", /^\/admin\/series\/(?!new$)[\w-]+$/),
    adminContestPath: await hrefOn(admin, "/admin/contests", /^\/admin\/contests\/(?!new$)[\w-]+$/),
    adminItemPath: await hrefOn(admin, "/admin/items", /^\/admin\/items\/(?!new$)[\w-]+$/),
    adminPackPath: await hrefOn(admin, "/admin/packs", /^\/admin\/packs\/(?!new$)[\w-]+$/),
    adminGradedPackPath: `/admin/packs/${(await getJson<{ packs: Array<{ id: string }> }>(admin, "/api/admin/packs?statuses=graded&limit=1")).packs[0]!.id}`,
    adminPropPath: await hrefOn(admin, "/admin/props", /^\/admin\/props\/[\w-]+$/),
    adminPlayerPath: await hrefOn(admin, "/admin/players", /^\/admin\/players\/[\w-]+$/),
    groupPath,
    invitePath: `/groups/join/${inviteToken}`,
  };
}

/** Lets this browser past the members gate the way the gate dialog does. */
async function passMembersGate(page: Page) {
  const response = await page.request.post("/api/members/access", { data: { passwordID: "beta-members", password: MEMBERS_PASSWORD } });
  expect(response.ok()).toBe(true);
}

/** Loads a page, lets it settle, closes what opened by itself (pack-active popup) and runs axe at both widths. */
async function sweepPage(page: Page, url: string) {
  await page.setViewportSize(DESKTOP);
  const response = await page.goto(url);
  expect(response?.status(), `${url} answers`).toBeLessThan(400);
  await page.waitForLoadState("networkidle").catch(() => {});
  const dialogs = page.getByRole("dialog");
  while ((await dialogs.count()) > 0) {
    const before = await dialogs.count();
    await page.keyboard.press("Escape");
    await expect(dialogs).toHaveCount(before - 1);
  }
  await test.step(`${url} at ${DESKTOP.width} px`, () => expectAccessible(page));
  await page.setViewportSize(PHONE);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await test.step(`${url} at ${PHONE.width} px`, () => expectAccessible(page));
  // Nothing widens a phone's page: a wide table scrolls inside its own box, and even what is
  // visually hidden there (an absolutely positioned sr-only header) stays inside that box.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${url} does not scroll sideways at ${PHONE.width} px`,
  ).toBeLessThanOrEqual(PHONE.width);
}

// ---------------------------------------------------------------------------
// Dialogs

/** Whether keyboard focus is inside the top dialog (not one beneath it, not the page). */
/** Each dialog kind: how a person reaches it in the UI, which dialog appears and what opened it. */
/** What an opener answers when this build has no way in (a build flag is off); the test notes it. */
const NOT_IN_THIS_BUILD = "not in this build" as const;
type Opener = (page: Page) => Promise<Opened | typeof NOT_IN_THIS_BUILD>;

/** Signs in inside the open login dialog with a code the app texted, as that phone's own client. */
async function signInInDialog(page: Page, phone: string, verifyLabel: string) {
  const login = page.getByRole("dialog").filter({ has: page.getByLabel(/enter your phone/i) });
  const startedAt = Date.now() - 1_000;
  await login.getByLabel(/enter your phone/i).fill(phone);
  await login.getByRole("button", { name: "Next" }).click();
  await page.getByLabel(/6-digit code/i).fill(await latestCode(phone, startedAt));
  await page.getByRole("button", { name: verifyLabel }).click();
}

/**
 * Opens the feed at `url` with the pack-active popup out of the way. It opens
 * once per tab (sessionStorage), after the session has loaded, over whatever
 * the test was about to click: so on the tab's first feed visit wait for it and
 * close it, rather than racing it.
 */
async function gotoFeed(page: Page, url: string) {
  const seen =
    page.url().startsWith(E2E.baseURL) &&
    (await page.evaluate(() => Object.keys(sessionStorage).some((key) => key.startsWith("packActive:"))));
  await page.goto(url);
  if (seen) return;
  const popup = byName(page, "Pack active now!");
  await expect(popup).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press("Escape");
  await expect(popup).toHaveCount(0);
}

/** The signed-in player's own profile, reached through the profile pill (not from the feed, whose popup would cover it). */
async function openOwnProfile(page: Page) {
  await page.goto("/leaderboard");
  await page.getByTestId("profile-pill").click();
  await expect(page).toHaveURL(/\/profile\//);
}

const frontCard = (page: Page, n: number, of: number) => page.getByRole("group", { name: `Prop ${n} of ${of}` });

async function superPropOpener(page: Page): Promise<Opened> {
  await page.goto("/admin");
  await clickOpen(page, page.getByRole("button", { name: /Super Prop/ }).first(), "Add Prop");
  const dialog = byName(page, "Add Prop");
  // A super prop is published for one game: link a demo game that is still ahead (found by its New York day).
  const { events } = await getJson<{ events: Array<{ eventTitle: string; eventTime: string; status: string }> }>(
    page,
    "/api/admin/events?league=nfl&sort=soonest",
  );
  const game = events.find((event) => event.status === "scheduled" && Date.parse(event.eventTime) > Date.now() + 3_600_000);
  expect(game, "the demo data has an NFL game ahead").toBeDefined();
  await dialog.getByRole("button", { name: "Link Event" }).click();
  const picker = byName(page, "Add Event");
  await picker.getByLabel("League").selectOption("nfl");
  await picker.getByLabel("Filter by Date").fill(new Date(game!.eventTime).toLocaleDateString("en-CA", { timeZone: "America/New_York" }));
  await picker.getByRole("radio", { name: game!.eventTitle }).check();
  await picker.getByRole("button", { name: "Add Selected" }).click();
  await expect(picker).toHaveCount(0);
  const title = `A11y sweep ${Date.now().toString(36)}`;
  await dialog.getByLabel("Pack Title").fill(title);
  await dialog.getByLabel("Short Label").fill("Sweep check");
  for (const [side, moneyline] of [
    ["Side A", "+120"],
    ["Side B", "-140"],
  ] as const) {
    const group = dialog.getByRole("group", { name: side });
    await group.getByLabel("Label").fill(side === "Side A" ? "Yes" : "No");
    await group.getByLabel("Take").fill(side === "Side A" ? "It happens" : "It does not happen");
    await group.getByLabel("Moneyline").fill(moneyline);
  }
  await dialog.getByLabel(/Close Time/).fill("2099-01-01T12:00");
  await dialog.getByRole("button", { name: "Publish Super Prop" }).click();
  // Before anything is created, the same pack-open text preview as any opening (decision 065):
  // the text its followers would get and how many; the admin skips texting.
  const preview = byName(page, `Open “${title}”?`);
  await expect(preview.getByText(/^This text goes to \d+ players? subscribed/)).toBeVisible();
  await expect(preview.getByTestId("pack-open-text")).toContainText(`${title} is open;`);
  await expectAccessible(page, "[role=dialog]");
  const published = page.waitForResponse((r) => r.url().endsWith("/api/admin/props/super") && r.request().method() === "POST");
  await preview.getByRole("button", { name: "Open without texting" }).click();
  const answer = await published;
  const body = (await answer.json()) as { success: boolean; packId?: string; error?: string; textsQueued?: number; textsSkipped?: string };
  expect(body.error ?? null).toBeNull();
  expect(body).toMatchObject({ textsQueued: 0, textsSkipped: "opened without texting" });
  createdPackIds.push(body.packId!);
  return { dialog: byName(page, "Super Prop Created Successfully"), opener: null };
}
const createdPackIds: string[] = [];

/** Who opens which dialog; grouped by the person doing it (one sign-in each). */
const OPENERS: Record<"visitor" | "player" | "dan" | "admin", Partial<Record<DialogType, Opener>>> = {
  visitor: {
    // The pack-active popup opens once per tab on the first plain visit to the feed.
    packActive: async (page) => {
      await page.goto("/");
      return { dialog: byName(page, "Pack active now!"), opener: null };
    },
    featuredPack: async (page) => {
      await page.goto("/?day=all");
      return clickOpen(page, page.getByRole("button", { name: /Featured/ }), "Featured Pack");
    },
    // Pack sharing is off by default (NEXT_PUBLIC_PACK_SHARING); without it no button opens this dialog.
    // pack-sharing.spec.ts checks it the same way against a server started with the flag on.
    sharePack: async (page) => {
      await page.goto("/packs");
      const share = page.getByTestId("pack-card").first().getByRole("button", { name: "Share" });
      if (!(await share.count())) return NOT_IN_THIS_BUILD;
      return clickOpen(page, share, "Share Pack");
    },
    qrCode: async (page) => {
      await page.goto(demo.receiptPath);
      return clickOpen(page, page.getByRole("button", { name: "Generate QR" }).last(), "Receipt");
    },
    marketplaceInfo: async (page) => {
      await page.goto("/marketplace");
      return clickOpen(page, page.getByTestId("marketplace-item").first(), "Marketplace");
    },
    awardClaim: async (page) => {
      await page.goto("/?card=NOSUCHCODE");
      return { dialog: byName(page, "Claim your bonus"), opener: null };
    },
    promoFollow: async (page) => {
      await page.goto("/?card=PHILLYPROMO");
      return { dialog: byName(page, "Follow to get pack alerts"), opener: null };
    },
    referralChallenge: async (page) => {
      const { packs } = await getJson<{ packs: Array<{ packURL: string }> }>(page, "/api/packs?view=Open");
      await page.goto(`/packs/${packs[0]!.packURL}?ref=gridiron_gus`);
      return { dialog: byName(page, "You're invited!"), opener: null };
    },
    prize: async (page) => {
      // Only a pack with a prize has the chip that opens this dialog.
      const { packs } = await getJson<{ packs: Array<{ packURL: string; prizeTitle: string | null }> }>(page, "/api/packs?view=Open");
      const withPrize = packs.find((p) => p.prizeTitle);
      expect(withPrize, "the demo data has an open pack with a prize").toBeDefined();
      await page.goto(`/packs/${withPrize!.packURL}`);
      return clickOpen(page, page.locator("button[data-dialog=prize]"), "Available Prize");
    },
    userTakes: async (page) => {
      await page.goto(`/packs/${demo.closedPackURL}`);
      const board = page.getByRole("table", { name: /Leaderboard for/ });
      return clickOpen(page, board.getByRole("button").first(), /'s takes$/);
    },
    membersAccess: async (page) => {
      await page.goto("/contests");
      return { dialog: byName(page, "Members Access"), opener: null };
    },
    loginRequired: async (page) => {
      await page.goto(`/series/${demo.seriesSlug}`);
      return clickOpen(page, page.getByRole("button", { name: "Follow this series" }), "Log In to Submit");
    },
    mobileNav: async (page) => {
      await page.setViewportSize(PHONE);
      await page.goto("/leaderboard");
      return clickOpen(page, page.getByRole("button", { name: "Menu" }), "Menu");
    },
    login: async (page) => {
      await page.setViewportSize(DESKTOP);
      await page.goto(`/teams/${demo.teamSlug}`);
      return clickOpen(page, page.getByRole("button", { name: /^Follow/ }).first(), "Log in to follow");
    },
    // Signing in inside the login dialog ends on "Success"; a brand-new profile is then asked for a username.
    loginSuccess: async (page) => {
      await page.goto(`/teams/${demo.teamSlug}`);
      await clickOpen(page, page.getByRole("button", { name: /^Follow/ }).first(), "Log in to follow");
      await page.context().setExtraHTTPHeaders({ "x-forwarded-for": "198.19.80.81" });
      await signInInDialog(page, test.info().retry ? NEWCOMER_ON_RETRY : NEWCOMER, "Verify & Follow");
      return { dialog: byName(page, "Success"), opener: null };
    },
    usernameRequired: async (page) => ({ dialog: byName(page, "Choose a Username"), opener: null }),
  },
  player: {
    // Submitting the open demo pack: all of its props, side A.
    packCompleted: async (page) => {
      await page.goto(`/packs/${demo.openPackURL}`);
      const count = await page.locator("[role=group][aria-label^='Prop 1 of']").getAttribute("aria-label");
      const total = Number(count!.split(" of ")[1]);
      // The side not taken yet, so a retry on the same database still has picks to submit.
      for (let n = 1; n <= total; n++) {
        const card = frontCard(page, n, total);
        await card.getByRole("button", { pressed: false }).first().click();
        await expect(card.getByRole("button", { pressed: true })).toHaveCount(1);
      }
      await submitThroughReview(page.getByRole("button", { name: new RegExp(`^Submit ${total} Takes?$`) }));
      return { dialog: byName(page, "Takes Made ✅"), opener: null };
    },
    // Submit opens the review of the picks first (issue 40 item 1): one pick, then Submit.
    reviewPicks: async (page) => {
      await page.goto(`/packs/${demo.openPackURL}`);
      const count = await page.locator("[role=group][aria-label^='Prop 1 of']").getAttribute("aria-label");
      const card = frontCard(page, 1, Number(count!.split(" of ")[1]));
      // The player submitted this pack just before (packCompleted): once their saved picks are drawn
      // in (after the first paint), switching one is a change to submit.
      await expect(card.getByRole("button", { pressed: true })).toHaveCount(1);
      await card.getByRole("button", { pressed: false }).click();
      return clickOpen(page, page.getByRole("button", { name: "Submit 1 Take" }), "Review your picks");
    },
    shareMyTakes: async (page) => {
      await page.goto(`/packs/${demo.openPackURL}`);
      return clickOpen(page, page.locator("button[data-dialog=shareMyTakes]"), "Share my takes");
    },
    receipt: async (page) => {
      await page.goto(`/packs/${demo.openPackURL}`);
      return clickOpen(page, page.locator("button[data-dialog=receipt]"), "User takes");
    },
    subscribe: async (page) => {
      await gotoFeed(page, "/?day=all");
      return clickOpen(page, page.getByRole("button", { name: "Notify me when this Pack drops" }).first(), "Subscribe");
    },
    points: async (page) => {
      await openOwnProfile(page);
      return clickOpen(page, page.getByRole("button", { name: /Points/ }).first(), "Your Points");
    },
    changeUsername: async (page) => {
      await openOwnProfile(page);
      return clickOpen(page, page.getByRole("button", { name: "Change username" }), "Change username");
    },
    // Opened and closed with Escape by the sweep: nothing is deleted.
    deleteAccount: async (page) => {
      await openOwnProfile(page);
      return clickOpen(page, page.getByRole("button", { name: "Delete account" }), "Delete your account?");
    },
    awardSuccess: async (page) => {
      await page.goto("/packs?card=WELCOME10");
      const outcome = byName(page, /^(Bonus added!|Bonus already claimed)$/);
      // On a retry against the same database the bonus is already claimed: that answer is an awardSuccess too.
      await expect(byName(page, "Claim your bonus").or(outcome)).toBeVisible();
      if (await byName(page, "Claim your bonus").isVisible())
        await byName(page, "Claim your bonus").getByRole("button", { name: "Claim Bonus" }).click();
      return { dialog: outcome, opener: null };
    },
    favoriteTeam: async (page) => {
      await openOwnProfile(page);
      return clickOpen(page, page.getByRole("button", { name: /^(Choose your|Change) favorite team$/ }), "Select Your Favorite Team");
    },
    exchangeConfirm: async (page) => {
      const { items } = await getJson<{ items: Array<{ itemID: string }> }>(page, "/api/marketplace/items");
      await page.goto(`/redeem?itemID=${items[0]!.itemID}`);
      // By role: while the page streams in, React may still hold a hidden copy of the form.
      await page.getByRole("textbox", { name: "Email Address *" }).fill("sweep@example.com");
      return clickOpen(page, page.getByRole("button", { name: "Submit Redemption Request" }), "Confirm Redemption");
    },
  },
  dan: {
    // Dan's profile opens the results of his first graded pack not shown yet (a retry gets his next one).
    packGraded: async (page) => {
      await openOwnProfile(page);
      return { dialog: page.getByRole("dialog", { name: /your takes have been graded|Your results/ }), opener: null };
    },
  },
  admin: {
    newInventory: async (page) => {
      await page.goto("/admin");
      return clickOpen(page, page.getByRole("button", { name: "Add Inventory Codes" }).first(), "Add Inventory Codes");
    },
    fetchEvents: async (page) => {
      await page.goto("/admin");
      return clickOpen(page, page.getByRole("button", { name: "Fetch Events" }), "Fetch Events");
    },
    slateAuthoring: async (page) => {
      // The slate preview of today's games (or its "No games…" answer); creates nothing.
      await page.goto("/admin/events");
      return clickOpen(page, page.getByRole("button", { name: "Make Moneyline Props" }), "Make Moneyline Props");
    },
    bulkMoveClose: async (page) => {
      // Previews only (a dry run): nothing moves until its confirmation, which the sweep never presses.
      await page.goto("/admin/props");
      await page.getByRole("table", { name: "Props" }).getByRole("checkbox").first().check();
      return clickOpen(page, page.getByRole("button", { name: /^Move close\/lock… \(1\)$/ }), "Move close of 1 prop");
    },
    fetchTeams: async (page) => {
      await page.goto("/admin");
      return clickOpen(page, page.getByRole("button", { name: "Fetch Teams" }), "Fetch Teams");
    },
    gradePacks: async (page) => {
      await page.goto("/admin");
      return clickOpen(page, page.getByRole("button", { name: "Grade Packs" }).first(), "Packs to Grade");
    },
    gradeProps: async (page) => {
      await page.goto("/admin");
      return clickOpen(page, page.getByRole("button", { name: "Prop Grader" }), "Props to Grade");
    },
    getPackWinners: async (page) => {
      await page.goto("/admin");
      return clickOpen(page, page.getByRole("button", { name: "Get Pack Winners" }).first(), "Graded Packs Without Winners");
    },
    addProp: async (page) => {
      await page.goto("/admin");
      return clickOpen(page, page.getByRole("button", { name: /Super Prop/ }).first(), "Add Prop");
    },
    superPropCreated: superPropOpener,
    addEvent: async (page) => {
      await page.goto("/admin/packs/new");
      return clickOpen(page, page.getByRole("button", { name: "Select Events" }), "Add Event");
    },
    aiSummary: async (page) => {
      await page.goto("/admin/packs/new");
      return clickOpen(page, page.getByRole("button", { name: "Generate AI Content" }), "Generate AI Summary");
    },
    addPacksToContest: async (page) => {
      await page.goto("/admin/contests/new");
      return clickOpen(page, page.getByRole("button", { name: "Add Packs" }), "Add Packs to Contest");
    },
    shareContest: async (page) => {
      await page.goto(demo.adminContestPath);
      return clickOpen(page, page.getByRole("button", { name: /Share/ }).first(), "Share Contest");
    },
    // Opening the demo's draft pack shows the text its subscribers would get; Escape keeps it a draft.
    packOpenText: async (page) => {
      await page.goto("/admin/packs");
      const status = page.getByRole("combobox", { name: "Status of Astros at Mariners" });
      await expect(status).toHaveValue("draft");
      await status.focus();
      await status.selectOption("open");
      return { dialog: byName(page, "Open “Astros at Mariners”?"), opener: status };
    },
    // Deleting a prop asks first; Escape answers no and nothing is deleted.
    confirm: async (page) => {
      await page.goto("/admin/props");
      return clickOpen(page, page.getByRole("row").nth(1).getByRole("button", { name: "Delete" }), "Delete prop?");
    },
  },
};

let demo: Demo;
const sessions = new Map<string, BrowserContext>();

// Sessions kept for this server run, so a retried test (a fresh worker) does not text the same phones again.
const SESSION_FILE = path.join(E2E.runDir, "a11y-sweep-sessions.json");
const savedSessions = (): Record<string, Cookie[]> => (existsSync(SESSION_FILE) ? JSON.parse(readFileSync(SESSION_FILE, "utf8")) : {});
// The demo URLs this server's sweep found first, for the worker's later sweep tests and a restarted worker.
const DEMO_FILE = path.join(E2E.runDir, "a11y-sweep-demo.json");

async function contextFor(browser: Browser, key: string, phone?: string): Promise<Page> {
  let context = sessions.get(key);
  if (!context) {
    context = await browser.newContext({ viewport: DESKTOP });
    sessions.set(key, context);
    const saved = phone ? savedSessions()[phone] : undefined;
    if (saved) {
      await context.addCookies(saved);
      const page = await context.newPage();
      await page.goto("/leaderboard");
      await expect(page.getByTestId("profile-pill")).toBeVisible();
    } else if (phone) {
      // Not "/": its once-per-tab pack-active popup would hold back a new profile's username prompt.
      await signInAs(await context.newPage(), phone, "/leaderboard");
      const cookies = (await context.cookies()).filter((cookie) => cookie.name.endsWith("next-auth.session-token"));
      writeFileSync(SESSION_FILE, JSON.stringify({ ...savedSessions(), [phone]: cookies }));
    }
  }
  return context.pages()[0] ?? (await context.newPage());
}

test.describe.configure({ mode: "parallel" });

// In parallel mode each test is a group of its own: beforeAll and afterAll run around every test.
// The worker's browser outlives them, so its signed-in contexts and the demo URLs are kept in between.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  const admin = await contextFor(browser, "admin", E2E.adminPhone);
  const player = await contextFor(browser, "betty", BETTY);
  if (demo) return;
  await passMembersGate(player);
  demo = existsSync(DEMO_FILE) ? (JSON.parse(readFileSync(DEMO_FILE, "utf8")) as Demo) : await discoverDemo(admin, player);
  writeFileSync(DEMO_FILE, JSON.stringify(demo));
});

// Each test starts on a new tab of the kept contexts (a tab's once-per-tab popups are handled where they open).
test.afterAll(async () => {
  for (const context of sessions.values()) for (const page of context.pages()) await page.close();
});

test("every page file has a demo URL in the sweep, and every listed page still exists", () => {
  const routes = pageRoutes();
  expect(routes.length).toBeGreaterThan(20);
  expect(
    routes.filter((route) => !(route in PAGE_URLS)),
    "page files without a demo URL: add them to PAGE_URLS in tests/e2e/a11y-sweep.spec.ts",
  ).toEqual([]);
  expect(
    Object.keys(PAGE_URLS).filter((route) => !routes.includes(route)),
    "PAGE_URLS entries for pages that no longer exist",
  ).toEqual([]);
});

test("every dialog type in the registry has an opener in the sweep", () => {
  const covered = Object.values(OPENERS).flatMap((byKind) => Object.keys(byKind).filter((kind) => byKind[kind as DialogType]));
  expect(
    DIALOG_TYPES.filter((kind) => !covered.includes(kind)),
    "dialog types without an opener: add them to OPENERS in tests/e2e/a11y-sweep.spec.ts",
  ).toEqual([]);
  expect(
    covered.filter((kind) => !(DIALOG_TYPES as readonly string[]).includes(kind)),
    "openers for dialog types that no longer exist",
  ).toEqual([]);
});

// One test per page file, so each has its own time budget and its own line in the report.
for (const route of pageRoutes()) {
  test(`page ${route} has no serious or critical axe violations at desktop width and at 375 px, where it does not scroll sideways`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const urls = PAGE_URLS[route];
    expect(urls, `${route} has no demo URL: add it to PAGE_URLS in tests/e2e/a11y-sweep.spec.ts`).toBeDefined();
    const page = await contextFor(browser, route.startsWith("/admin") ? "admin" : route === "/login" ? "pages-visitor" : "betty");
    for (const url of urls!(demo)) await test.step(url, () => sweepPage(page, url));
  });
}

// One run per person, each dialog in turn (a step each): axe inside it, focus
// moved in, Tab and Shift+Tab kept inside, Escape closing it and focus back on
// its opener. A run stops at its first failing dialog. Dialogs that open by
// themselves (packActive, awardClaim, packGraded...) have no opener to return
// to. sharePack is reached only when the server has NEXT_PUBLIC_PACK_SHARING;
// otherwise the run says so in a "not checked" annotation (pack-sharing.spec.ts
// checks it on a server with the flag on).
for (const [who, openers] of Object.entries(OPENERS) as Array<[keyof typeof OPENERS, Partial<Record<DialogType, Opener>>]>) {
  test(`every dialog a ${who === "dan" ? "player with fresh results" : who} opens passes axe, traps focus, and closes on Escape back to its opener`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const phone = { visitor: undefined, player: PLAYER, dan: DAN, admin: E2E.adminPhone }[who];
    // A visitor gets a fresh browser, so the once-per-tab popups are theirs to see.
    const page = await contextFor(browser, who === "admin" ? "admin" : `dialogs-${who}`, phone);
    await page.setViewportSize(DESKTOP);
    try {
      for (const [kind, open] of Object.entries(openers)) {
        if (!open) continue;
        await test.step(kind, async () => {
          const opened = await open(page);
          if (opened === NOT_IN_THIS_BUILD) {
            test.info().annotations.push({ type: "not checked", description: `${kind}: no opener in this build (a build flag is off)` });
            return;
          }
          await expectWellBehavedDialog(page, opened.dialog, opened.opener);
          // Dialogs that were asked for on top of another (QR code over Share) leave that one open.
          while ((await page.getByRole("dialog").count()) > 0) {
            const before = await page.getByRole("dialog").count();
            await page.keyboard.press("Escape");
            await expect(page.getByRole("dialog")).toHaveCount(before - 1);
          }
        });
      }
    } finally {
      for (const packId of createdPackIds.splice(0)) await page.request.delete(`/api/admin/packs/${packId}`);
    }
  });
}

// "Fix a pick" on the admin player page (docs/decisions/061-pick-fixes.md): its confirmation, which
// shows the fix's effect worked out by the server without writing, is a dialog like any other. Escape
// answers no, so the demo data is left as it was.
test("the Fix a pick confirmation passes axe, traps focus, and closes on Escape back to its button", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await contextFor(browser, "admin", E2E.adminPhone);
  await page.setViewportSize(DESKTOP);
  await page.goto(demo.adminPlayerPath);
  const section = page.getByRole("region", { name: "Fix a pick" });
  const pack = section.getByRole("combobox", { name: "Pack" });
  await expect(pack).toBeEnabled();
  await pack.selectOption({ index: 1 });
  const prop = section.getByRole("combobox", { name: "Prop" });
  await expect(prop).toBeEnabled();
  await prop.selectOption({ index: 1 });
  await section.locator("input[type=radio]:not([disabled])").first().check();
  await section.getByRole("textbox", { name: "Reason" }).fill("Accessibility sweep");
  await expectAccessible(page);
  const opener = section.getByRole("button", { name: "Fix the pick" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: /^Fix @\w+'s pick\?$/ });
  await expectWellBehavedDialog(page, dialog, opener);
});

// One score per game (docs/decisions/060-one-score-per-game.md): the score form on a pack's grade
// page and on the queue, and its one confirmation (the "confirm" kind, with the counts). Escape
// answers no: nothing is stored or graded.
test("the game score form and its confirmation pass axe at desktop width and at 375 px, and the confirmation traps focus and closes on Escape", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await contextFor(browser, "admin", E2E.adminPhone);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`/admin/grade/${demo.closedPackURL}`);
    const form = page.getByRole("region", { name: "Game scores" });
    await expect(form.getByTestId("game-score-row").first()).toBeVisible();
    await expectAccessible(page);
    await page.goto("/admin/grading");
    await expect(page.getByRole("region", { name: "Game scores" })).toBeVisible();
    await expectAccessible(page);
  }
  await page.goto(`/admin/grade/${demo.closedPackURL}`);
  const form = page.getByRole("region", { name: "Game scores" });
  await form.getByRole("textbox").first().fill("3-2");
  const opened = await clickOpen(page, form.getByRole("button", { name: "Grade from scores" }), "Grade from 1 score?");
  await expect(opened.dialog).toContainText(/Grade \d+ props? in \d+ packs? from the result of 1 game/);
  await expectWellBehavedDialog(page, opened.dialog, opened.opener);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
