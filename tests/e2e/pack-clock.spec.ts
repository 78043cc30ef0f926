// The clock on the pack page (issue 39 item 2): a page left open keeps in step with the pack's
// times. A prop that locks turns from OPEN to CLOSED and takes no more picks; five minutes and one
// minute before the pack closes a player with picks not submitted is told; at the close the picks
// not submitted are said, never shown as saved, and the crowd split appears without a reload.
//
// The browser's clock is Playwright's (page.clock): it starts at the real time and jumps forward
// where the test says, so minutes pass in a moment. The server's clock is real: the test moves the
// pack's close to now, as an admin would, when the browser's clock reaches it.
import { expect, test } from "@playwright/test";
import { E2E } from "./env";
import { buildOpenPack, expectAccessible, signInAs } from "./helpers";

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

const BETTY = "5555550102"; // bullpen_betty, a demo player

test("a pack page left open keeps time: a prop locks, the player is warned at five minutes and at one, and at the close the split shows without a reload", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const card = (n: number) => page.getByRole("group", { name: `Prop ${n} of 3` });
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, E2E.adminPhone, "/admin");
  const stamp = Date.now().toString(36);
  const packUrl = `clock-${stamp}`;
  const closeAt = Date.now() + 8 * 60_000;
  const { packId, propIds } = await buildOpenPack(
    admin,
    { title: "Clock Watchers", packUrl, league: "nfl", openTime: new Date(Date.now() - 60_000), closeTime: new Date(closeAt) },
    [null, closeAt - 2 * 60_000, null].map((closeTime, i) => ({
      shortLabel: `Clock question ${i + 1}`,
      sideAShort: "Yes",
      sideBShort: "No",
      sideATake: "It happens.",
      sideBTake: "It does not happen.",
      sideAMoneyline: -110,
      sideBMoneyline: -110,
      closeTime: closeTime ? new Date(closeTime).toISOString() : null,
    })),
  );

  await page.clock.install({ time: new Date() });
  await signInAs(page, BETTY, "/");
  // One pick saved before the page is opened: it counts in the split at the close.
  const saved = await page.request.post(`/api/packs/${packUrl}/takes`, {
    data: { takes: [{ propId: propIds[0], side: "A" }], idempotencyKey: `clock-${stamp}` },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.goto(`/packs/${packUrl}`);

  // Two picks not submitted: one on the prop that locks early, one on the last prop.
  await expect(card(1).getByRole("button", { name: /^Yes,/ })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Next" }).tap();
  await card(2).getByRole("button", { name: /^Yes,/ }).tap();
  await expect(card(3)).toBeVisible();
  await card(3).getByRole("button", { name: /^No,/ }).tap();
  await expect(page.getByRole("button", { name: "Submit 2 Takes" })).toBeEnabled();
  const status = page.getByRole("status").filter({ hasText: /not submitted/ });
  await expect(status, "no warning while the close is far off").toHaveCount(0);

  // Five minutes before the close.
  await page.clock.fastForward(closeAt - 5 * 60_000 - (await page.evaluate(() => Date.now())) + 500);
  await expect(page.getByText("2 picks not submitted — closes in 5 min")).toBeVisible();
  await expectAccessible(page);

  // The second prop locks two minutes before the close: its chip says so and its sides take no pick.
  await page.clock.fastForward(closeAt - 2 * 60_000 - (await page.evaluate(() => Date.now())) + 500);
  await page.getByRole("button", { name: "Prev" }).tap();
  await expect(card(2).getByText("Closed", { exact: true })).toBeVisible();
  await expect(card(2).getByText("Open", { exact: true })).toBeHidden();
  await expect(card(2).getByRole("button", { name: /^No,/ })).toBeDisabled();
  await expect(card(2)).toContainText("Closed before your pick was saved.");
  await expect(card(3).getByText("Open", { exact: true })).toBeAttached();
  await expect(page.getByText("1 pick not submitted — closes in 2 min")).toBeVisible();

  // One minute before the close.
  await page.clock.fastForward(closeAt - 60_000 - (await page.evaluate(() => Date.now())) + 500);
  await expect(page.getByText("1 pick not submitted — closes in 1 min")).toBeVisible();

  // The close: the server's pack closes now, and the browser's clock reaches it.
  const closed = await admin.request.patch(`/api/admin/packs/${packId}`, {
    data: { closeTime: new Date(Date.now() - 1_000).toISOString() },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  await page.clock.fastForward(closeAt - (await page.evaluate(() => Date.now())) + 500);
  await expect(page.getByRole("alert").filter({ hasText: "Pack closed before 1 pick was submitted." })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Submit/ })).toHaveCount(0, { timeout: 30_000 });
  // The crowd split, rendered by the server for the closed pack: the saved pick is the player's, 100% of the takes.
  await page.getByRole("button", { name: "Prev" }).tap();
  await expect(card(1).getByRole("group", { name: /^Yes, \d+ points, your pick, 100% of takes/ })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).tap();
  await page.getByRole("button", { name: "Next" }).tap();
  // The pick not submitted on the last prop is not shown as made.
  await expect(card(3).getByRole("group", { name: /your pick/ })).toHaveCount(0);
  await expect(card(3).getByRole("group", { name: /^No, \d+ points, 0% of takes/ })).toBeVisible();
  await expect(page.getByText("Pack closed", { exact: true })).toBeVisible();
});
