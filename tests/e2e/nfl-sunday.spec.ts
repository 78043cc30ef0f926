import { expect, test, type Browser, type Page } from "@playwright/test";
import { SITE_PREFIX } from "../helpers/espn-server";
import { currentNflWeek } from "../../src/domain/nfl-weeks";
import { recordedWinners, replaySunday, sundayAfter } from "../helpers/replay-sunday";
import { BASE_PORT, E2E } from "./env";
import { submitThroughReview } from "./helpers";
import { balanceOf, startOwnServer, type OwnServer } from "./own-server";

// The commissioner's whole NFL Sunday (issue 24's acceptance): on a server of its own with no demo
// data, ESPN's recorded Sunday of 2024-12-15 (13 games; tests/helpers/replay-sunday.ts) is replayed
// as this season's coming Sunday. The commissioner imports the week, makes one moneyline pack for
// the Sunday and opens it; two players pick every game; ESPN's real finals come in; the
// commissioner refreshes the week, accepts the grading queue's suggested results and sets the
// winner. The test counts every commissioner interaction (click, fill, check, select, page
// visit; signing in aside) and ends on each player's exact balance.
//
// Own server (tests/e2e/own-server.ts): its port is E2E_PORT + 16, its ESPN replay on a free port;
// real PostgreSQL when TEST_DATABASE_URL is set (CI), else the embedded database.

const port = BASE_PORT + 16;
const baseURL = `http://127.0.0.1:${port}`;
// The coming Sunday, or next week's on a Sunday (today's games may have begun).
const SUNDAY = sundayAfter(new Date(Date.now() + 86_400_000));
const { season: SEASON, week: WEEK } = currentNflWeek(SUNDAY);
// The Fetch Events dialog opens on the coming Sunday's week; only on a Sunday is that not SUNDAY's.
const DIALOG_OPENS_ON_SUNDAYS_WEEK = JSON.stringify(currentNflWeek()) === JSON.stringify({ season: SEASON, week: WEEK });
const ROUTE = `${SITE_PREFIX}/football/nfl/scoreboard?dates=${SEASON}&seasontype=2&week=${WEEK}`;
const AWAY_FAN = "5555551301";
const HOME_FAN = "5555551302";
const INTERACTION_BUDGET = 40;

let own: OwnServer;

test.use({ baseURL });
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  own = await startOwnServer({
    name: "nfl-sunday",
    port,
    addressPrefix: "198.19.13",
    answer: (espn) => espn.answer(ROUTE, { json: replaySunday({ sunday: SUNDAY, phase: "scheduled", season: SEASON, week: WEEK }) }),
  });
});

test.afterAll(async () => {
  await own?.stop();
});

/** A player picks one side ("A" = the visitors, "B" = the hosts) on every prop of the pack and submits. */
async function pickEveryGame(browser: Browser, phone: string, packUrl: string, side: 0 | 1): Promise<{ page: Page; handle: string }> {
  const page = await (await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, baseURL })).newPage();
  const handle = await own.signIn(page, phone, `/packs/${packUrl}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (let n = 1; n <= 13; n++) {
    const button = page
      .getByRole("group", { name: `Prop ${n} of 13` })
      .getByRole("button")
      .nth(side);
    await button.tap();
    await expect(button).toHaveAttribute("aria-pressed", "true");
  }
  await submitThroughReview(page.getByRole("button", { name: "Submit 13 Takes" }), { tap: true });
  await expect(page.getByRole("dialog", { name: "Takes Made ✅" })).toBeVisible();
  return { page, handle };
}

test("a commissioner runs a whole NFL Sunday — import, one pack of 13 games, open, picks, finals, grading, winner — in at most 40 interactions", async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  let interactions = 0;
  const act = async <T>(action: Promise<T>): Promise<T> => {
    interactions++;
    return action;
  };
  await page.setViewportSize({ width: 1280, height: 900 });
  await own.signIn(page, E2E.adminPhone, "/admin/events");
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();

  // Import this week from ESPN: the dialog opens on the coming Sunday's week, so only the covers
  // are declined (on a Sunday the test plays next week's and says so).
  await act(page.getByRole("button", { name: "Fetch Events" }).click());
  const fetchDialog = page.getByRole("dialog", { name: "Fetch Events" });
  if (DIALOG_OPENS_ON_SUNDAYS_WEEK) {
    await expect(fetchDialog.getByLabel("Year")).toHaveValue(String(SEASON));
    await expect(fetchDialog.getByLabel("Week")).toHaveValue(String(WEEK));
  } else {
    await act(fetchDialog.getByLabel("Year").fill(String(SEASON)));
    await act(fetchDialog.getByLabel("Week").fill(String(WEEK)));
  }
  await act(fetchDialog.getByLabel("Generate event covers").uncheck());
  await act(fetchDialog.getByRole("button", { name: "Fetch", exact: true }).click());
  await expect(fetchDialog.getByText("Processed 13 events")).toBeVisible();
  await act(fetchDialog.getByRole("button", { name: "Close" }).last().click());

  // The Sunday as one pack: every game a "who wins" prop (no ESPN odds here: even values).
  await act(page.getByLabel("Filter Date").fill(SUNDAY));
  await act(page.getByRole("button", { name: "Make Moneyline Pack" }).click());
  const slate = page.getByRole("dialog", { name: "Make Moneyline Pack" });
  const create = slate.getByRole("button", { name: "Create 1 pack with 13 props" });
  await expect(create).toBeEnabled({ timeout: 30_000 });
  await expect(slate.getByRole("status")).toContainText(`“NFL Week ${WEEK} Sunday Slate”`);
  await act(create.click());
  await expect(page).toHaveURL(/\/admin\/packs\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const packUrl = await page.getByLabel("Pack URL").inputValue();
  expect(packUrl).toMatch(/^nfl-week-\d+-sunday-slate-/);

  // Open it.
  await act(page.getByLabel("Status").selectOption({ label: "Open" }));
  await act(page.getByRole("button", { name: "Save", exact: true }).click());
  // Opening says what it will text first (nobody follows these teams here yet), then opens.
  const opening = page.getByRole("dialog", { name: /^Open “NFL Week \d+ Sunday Slate”\?$/ });
  await act(opening.getByRole("button", { name: "Send text" }).click());
  await expect(page.getByText("Pack saved")).toBeVisible();

  // Two players, on their phones, pick every game: one the visitors, one the hosts.
  const awayFan = await pickEveryGame(browser, AWAY_FAN, packUrl, 0);
  const homeFan = await pickEveryGame(browser, HOME_FAN, packUrl, 1);

  // The games end: ESPN's scoreboard now holds the real finals. The commissioner refreshes the week.
  own.espn.answer(ROUTE, { json: replaySunday({ sunday: SUNDAY, phase: "final", season: SEASON, week: WEEK }) });
  await act(page.goto("/admin/events"));
  await act(page.getByRole("button", { name: "Fetch Events" }).click());
  if (!DIALOG_OPENS_ON_SUNDAYS_WEEK) {
    await act(fetchDialog.getByLabel("Year").fill(String(SEASON)));
    await act(fetchDialog.getByLabel("Week").fill(String(WEEK)));
  }
  await act(fetchDialog.getByLabel("Generate event covers").uncheck());
  await act(fetchDialog.getByRole("button", { name: "Fetch", exact: true }).click());
  await expect(fetchDialog.getByText("Processed 13 events")).toBeVisible();
  await act(fetchDialog.getByRole("button", { name: "Close" }).last().click());

  // The finals stopped the picks at once: the pack no longer takes takes.
  const late = await awayFan.page.request.post(`/api/packs/${packUrl}/takes`, {
    data: { takes: [], idempotencyKey: "late-take-after-the-finals" },
  });
  expect(late.status()).toBeGreaterThanOrEqual(400);
  expect(late.status()).toBeLessThan(500);

  // One queue: all 13 props, each with ESPN's final score and the rule's suggestion; accept them all.
  await act(page.goto("/admin/grading"));
  const table = page.getByRole("table", { name: "Props to grade" });
  await expect(table.getByText(/^Final · \d+-\d+/)).toHaveCount(13);
  await act(page.getByLabel("Select all shown props with a suggested result").check());
  await act(page.getByRole("button", { name: "Accept suggested results (13)" }).click());
  const confirm = page.getByRole("dialog", { name: "Accept suggested results?" });
  await expect(confirm).toContainText("Grade 13 props, pay 2 players, text 2.");
  await act(confirm.getByRole("button", { name: "Grade 13 props", exact: true }).click());
  await expect(confirm).toBeHidden({ timeout: 60_000 });
  await expect(table.getByText(/^Final · \d+-\d+/)).toHaveCount(0, { timeout: 30_000 });

  // The winner, named.
  await act(page.goto("/admin"));
  await act(page.getByRole("button", { name: "Get Pack Winners" }).first().click());
  const winners = page.getByRole("dialog", { name: "Graded Packs Without Winners" });
  await act(winners.getByRole("checkbox", { name: /^Select NFL Week \d+ Sunday Slate$/ }).check());
  await act(winners.getByRole("button", { name: "Get Winners" }).click());
  await expect(winners.getByText("Set winners for 1 pack.")).toBeVisible();

  // ESPN's real results decide the balances: 250 points a correct pick (even values), diamonds 5% of points.
  const results = [...recordedWinners().values()];
  const awayWins = results.filter((side) => side === "away").length;
  expect(awayWins).toBe(9);
  await expect(winners.getByText(`NFL Week ${WEEK} Sunday Slate: @${awayFan.handle} wins with 2,250 points`)).toBeVisible();
  expect(await balanceOf(awayFan.page, awayFan.handle)).toBe((awayWins * 250 * 5) / 100);
  expect(await balanceOf(homeFan.page, homeFan.handle)).toBe(((13 - awayWins) * 250 * 5) / 100);

  console.log(`NFL Sunday: ${interactions} commissioner interactions from the events page to winners set (budget ${INTERACTION_BUDGET})`);
  expect(interactions).toBeLessThanOrEqual(INTERACTION_BUDGET);
});
