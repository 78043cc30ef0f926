// Issue 41 items 2 and 7 (docs/decisions/065-status-follows-the-clock.md): screens say the same
// thing at the same moment, and the admin sidebar shows every section at 1280×800.
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./env";
import { buildOpenPack, signInAs } from "./helpers";

test.use({ viewport: { width: 1280, height: 800 } });

test("at 1280×800 the admin sidebar reaches every section, the grading queue, series and items included, with a visible way to the rest", async ({
  page,
}) => {
  await signInAs(page, E2E.adminPhone, "/admin");
  await page.goto("/admin");
  const nav = page.getByRole("complementary", { name: "Admin sidebar" }).getByRole("navigation", { name: "Sidebar" });
  const sections = [
    ["Grading queue", "/admin/grading"],
    ["Events", "/admin/events"],
    ["Packs", "/admin/packs"],
    ["Props", "/admin/props"],
    ["Contests", "/admin/contests"],
    ["Series", "/admin/series"],
    ["Teams", "/admin/teams"],
    ["Players", "/admin/players"],
    ["Athletes", "/admin/athletes"],
    ["Items", "/admin/items"],
    ["Promo Links", "/admin/promo-links"],
    ["API Tester", "/admin/api-tester"],
  ] as const;
  const more = nav.getByRole("button", { name: "More: scroll the sidebar down" });
  // The list runs below the fold here, and the sidebar says so with a button that scrolls it.
  const link = (href: string) => nav.locator(`a[href="${href}"]`);
  if (!(await link("/admin/api-tester").evaluate((a) => a.getBoundingClientRect().bottom <= window.innerHeight))) {
    await expect(more).toBeVisible();
    await more.click();
  }
  for (const [label, href] of sections) {
    await link(href).scrollIntoViewIfNeeded();
    await expect(link(href)).toHaveText(label);
    await expect(link(href)).toBeInViewport();
  }
  await link("/admin/series").click();
  await expect(page).toHaveURL(/\/admin\/series$/);
});

/** Reloads `page` until `check` passes: the server's clock is real, so the close is awaited, not slept through. */
async function untilTrue(page: Page, url: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(url);
    await check();
  }).toPass({ timeout: 45_000, intervals: [1_000, 2_000] });
}

test("once a prop's close time passes, by itself, the grading queue and the player's pack page both say it is closed while its sibling stays open", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, E2E.adminPhone, "/admin");
  const stamp = Date.now().toString(36);
  const title = `Clock truth ${stamp}`;
  const packUrl = `clock-truth-${stamp}`;
  const early = Date.now() + 12_000;
  await buildOpenPack(
    page,
    { title, packUrl, league: "nfl", openTime: new Date(Date.now() - 60_000), closeTime: new Date(Date.now() + 3 * 3_600_000) },
    [early, null].map((closeTime, i) => ({
      shortLabel: `Truth question ${i + 1}`,
      sideAShort: "Yes",
      sideBShort: "No",
      sideATake: "It happens.",
      sideBTake: "It does not happen.",
      sideAMoneyline: -110,
      sideBMoneyline: -110,
      closeTime: closeTime ? new Date(closeTime).toISOString() : null,
    })),
  );
  const player = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  const card = (n: number) => player.getByRole("group", { name: `Prop ${n} of 2` });

  // The grading queue: the prop appears, "Closed", with nobody pressing anything.
  await untilTrue(page, "/admin/grading", async () => {
    const table = page.getByRole("table", { name: "Props to grade" });
    for (let i = 0; i < 10 && !(await table.getByRole("link", { name: title }).count()); i++) {
      const loadMore = page.getByRole("button", { name: /^Load more/ });
      if (!(await loadMore.count())) break;
      await loadMore.click();
    }
    const row = table.getByRole("row").filter({ has: page.getByRole("link", { name: title }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Closed");
    await expect(row).not.toContainText("Still taking picks");
  });
  // The player's pack page at the same moment: question 1 closed, question 2 still open.
  await player.goto(`/packs/${packUrl}`);
  await expect(card(1).getByText("Closed", { exact: true })).toBeVisible();
  // (Every card holds a hidden "Closed" chip for a lock seen live: only its showing counts.)
  await expect(card(2).getByText("Closed", { exact: true })).toBeHidden();
  await expect(card(2).getByText("Open", { exact: true })).toBeVisible();
  // The admin props list agrees, and says why.
  await page.goto(`/admin/props`);
  const propRow = page.getByRole("row").filter({ hasText: "Truth question 1" });
  await expect(propRow.getByText("at its close time")).toBeVisible();
});
