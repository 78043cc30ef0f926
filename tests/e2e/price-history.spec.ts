// Every price on the record (issue 40 item 4, docs/decisions/056-price-history.md), in the browser:
// a "who wins" prop on a recorded NFL game (Buccaneers at Falcons) is priced by hand, then the
// commissioner presses "Refresh odds" on the prop screen twice between three players' takes while
// the ESPN replay server moves the line. After the prop locks, each receipt shows the price its take
// locked and the closing price, "Beat the close" where it did, and the prop's line chart in words.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { CORE_PREFIX, readFixture, startEspnServer, type EspnReplayServer } from "../helpers/espn-server";
import { E2E } from "./env";
import { buildOpenPack, expectAccessible, signInAs } from "./helpers";

const GAME = "401772830"; // TB @ ATL, NFL 2025 week 1
const ODDS_ROUTE = `${CORE_PREFIX}/football/leagues/nfl/events/${GAME}/competitions/${GAME}/odds`;
const PLAYERS = ["5555550101", "5555550102", "5555550103"];

let espn: EspnReplayServer;
test.beforeAll(async () => {
  espn = await startEspnServer({ port: Number(E2E.espnPort) });
});
test.afterAll(async () => {
  await espn?.close();
});

/** ESPN quotes these moneylines for the game (the recorded core odds with their prices moved). */
function serveOdds(away: number, home: number) {
  const recorded = readFixture("odds-nfl-401547417.json") as { items: Array<Record<string, { moneyLine?: number }>> };
  for (const item of recorded.items) {
    if (item.awayTeamOdds) item.awayTeamOdds.moneyLine = away;
    if (item.homeTeamOdds) item.homeTeamOdds.moneyLine = home;
  }
  espn.answer(ODDS_ROUTE, { json: recorded });
}

/** PRICES_SCREENSHOTS=dir keeps pictures of the screens for review (not in CI). */
async function shoot(page: Page, name: string) {
  if (process.env.PRICES_SCREENSHOTS) await page.screenshot({ path: `${process.env.PRICES_SCREENSHOTS}/${name}.png`, fullPage: true });
}

async function playerPage(browser: Browser, phone: string) {
  const page = await (await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true })).newPage();
  await signInAs(page, phone, "/");
  return page;
}

/** The player's take, saved from their browser session; answers the receipt id. */
async function take(page: Page, packUrl: string, propId: string, side: "A" | "B") {
  const saved = await page.request.post(`/api/packs/${packUrl}/takes`, {
    data: { takes: [{ propId, side }], idempotencyKey: `prices-${Date.now()}-${side}-${Math.random()}` },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return ((await saved.json()) as { receiptId: string }).receiptId;
}

test("two odds refreshes between three takes: each receipt keeps its own locked price, and after lock shows the close and who beat it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, E2E.adminPhone, "/admin");
  const imported = await admin.request.post("/api/admin/fetchNflEvents", { data: { year: 2025, week: 1 } });
  expect(imported.status(), await imported.text()).toBe(200);
  const events = await admin.request.get("/api/admin/events?league=nfl&from=2025-09-07&to=2025-09-07&limit=100");
  const game = ((await events.json()) as { events: Array<{ id: string; espnEventId: string | null }> }).events.find(
    (e) => e.espnEventId === GAME,
  )!;
  expect(game).toBeTruthy();

  const stamp = Date.now().toString(36);
  const packUrl = `prices-${stamp}`;
  const inAnHour = new Date(Date.now() + 60 * 60_000);
  const {
    propIds: [propId],
  } = await buildOpenPack(
    admin,
    {
      title: "Line Watch",
      packUrl,
      league: "nfl",
      openTime: new Date(Date.now() - 60_000),
      closeTime: new Date(Date.now() + 2 * 60 * 60_000),
    },
    [
      {
        eventId: game.id,
        shortLabel: "Bucs or Falcons?",
        sideAShort: "Buccaneers",
        sideBShort: "Falcons",
        sideATake: "The Buccaneers win",
        sideBTake: "The Falcons win",
        sideAMoneyline: 120,
        sideBMoneyline: -140,
        closeTime: inAnHour.toISOString(),
        gradingRule: "who_wins",
        gradingParams: { homeSide: "B" },
      },
    ],
  );
  const [gus, betty, third] = [
    await playerPage(browser, PLAYERS[0]!),
    await playerPage(browser, PLAYERS[1]!),
    await playerPage(browser, PLAYERS[2]!),
  ];

  // Take 1 at the price set by hand: Falcons −140.
  const receipt1 = await take(gus, packUrl, propId!, "B");

  // Refresh 1 on the prop screen: Buccaneers +150, Falcons −170.
  await admin.goto(`/admin/props/${propId}`);
  const history = admin.getByRole("region", { name: "Price history, newest first" });
  await expect(history.getByRole("row")).toHaveCount(2);
  serveOdds(150, -170);
  await admin.getByRole("button", { name: "Refresh odds" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "New price: +150 / \u2212170 (ESPN BET)." })).toBeVisible();
  await expect(history.getByRole("row")).toHaveCount(3);
  const receipt2 = await take(betty, packUrl, propId!, "A");

  // Refresh 2: the recorded quote, Buccaneers +135, Falcons −155: the price the prop will close on.
  serveOdds(135, -155);
  await admin.getByRole("button", { name: "Refresh odds" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "New price: +135 / \u2212155 (ESPN BET)." })).toBeVisible();
  await expect(history.getByRole("row")).toHaveCount(4);
  const receipt3 = await take(third, packUrl, propId!, "A");

  // While open, a receipt shows the price its take locked and the price now.
  await betty.goto(`/packs/${packUrl}/${receipt2}`);
  await expect(betty.getByTestId("locked-price")).toHaveText("+150 (375 pts)");
  await expect(betty.getByTestId("now-price")).toHaveText("+135 (338 pts)");
  await expect(betty.getByTestId("closing-price")).toHaveCount(0);

  // The game starts: the prop locks, now (a lock time a second back could fall before the refreshes
  // just made on a fast machine, and the close would rightly be an older price).
  const locked = await admin.request.patch(`/api/admin/props/${propId}`, {
    data: { closeTime: new Date(Date.now() - 10).toISOString() },
  });
  expect(locked.status(), await locked.text()).toBe(200);
  await admin.reload();
  await expect(admin.getByTestId("refresh-blocked")).toContainText("This prop has locked");
  await expect(admin.getByTestId("admin-closing-price")).toHaveText("Closing price: Buccaneers +135 · Falcons \u2212155");

  // Each receipt: its own locked price, the closing price, and "Beat the close" only where it did.
  const expected = [
    { page: gus, receipt: receipt1, locked: "\u2212140 (179 pts)", closing: "\u2212155 (161 pts)", beat: true },
    { page: betty, receipt: receipt2, locked: "+150 (375 pts)", closing: "+135 (338 pts)", beat: true },
    { page: third, receipt: receipt3, locked: "+135 (338 pts)", closing: "+135 (338 pts)", beat: false },
  ];
  for (const { page, receipt, locked: lockedText, closing, beat } of expected) {
    await page.goto(`/packs/${packUrl}/${receipt}`);
    const card = page.getByTestId("receipt-take");
    await expect(card.getByTestId("locked-price")).toHaveText(lockedText);
    await expect(card.getByTestId("closing-price")).toHaveText(closing);
    await expect(card.getByTestId("now-price")).toHaveCount(0);
    await expect(card.getByText("Beat the close")).toHaveCount(beat ? 1 : 0);
    await expect(
      card.getByRole("figure", {
        name: /Buccaneers price moved from \+120 to \+135 since open; Falcons price moved from \u2212140 to \u2212155 since open/,
      }),
    ).toBeVisible();
  }
  // At 375 px nothing spills sideways, and the receipt passes axe.
  await betty.goto(`/packs/${packUrl}/${receipt2}`);
  expect(await betty.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(betty);
  await expectAccessible(admin);
  await shoot(betty, "receipt-375");
  await shoot(admin, "admin-prop-1280");

  // The pack page shows the prop's chart too, drawn on the server.
  await betty.goto(`/packs/${packUrl}`);
  await expect(betty.getByRole("figure", { name: /Buccaneers price moved from \+120 to \+135 since open/ }).first()).toBeAttached();
  await shoot(betty, "pack-375");
});
