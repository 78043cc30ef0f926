// A new player's first game day (issue 23 item 2, issue 39 item 1): on a phone the pack page opens
// on the game. On every open pack the first prop and both of its sides are on the first screen,
// clear of the progress footer; the pack's details are one tap away; an invited player who taps
// "Play this pack" is on the first prop, which has the focus.
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./env";
import { buildOpenPack, signInAs } from "./helpers";

const OPEN_PACK = "phillies-mets-tonight";
const REFERRER = "hail_mary_hank"; // a demo player

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

/** The first prop's card and its two side buttons are inside the screen and above the fixed footer. */
async function expectFirstPropOnFirstScreen(page: Page) {
  const card = page.getByRole("group", { name: /^Prop 1 of \d+$/ });
  await expect(card).toBeVisible();
  const footerTop = await page.getByRole("button", { name: /Submit/ }).evaluate((button) => {
    let box: Element | null = button;
    while (box && getComputedStyle(box).position !== "fixed") box = box.parentElement;
    return (box ?? button).getBoundingClientRect().top;
  });
  const sides = card.getByRole("button", { name: /points$/ });
  await expect(sides).toHaveCount(2);
  for (const side of await sides.all()) {
    const box = (await side.boundingBox())!;
    expect(box.y, "a side button starts on the first screen").toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, "a side button is not hidden behind the progress footer").toBeLessThanOrEqual(footerTop);
  }
  expect(await page.evaluate(() => window.scrollY), "no scrolling was needed").toBe(0);
}

/** Every open pack of the demo world, from the feed's own API (all pages of it). */
async function openPackURLs(page: Page): Promise<Array<{ packURL: string; packTitle: string }>> {
  const packs: Array<{ packURL: string; packTitle: string }> = [];
  let cursor: string | null = null;
  do {
    const answer = await page.request.get(`/api/packs?view=Open${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(answer.ok()).toBe(true);
    const body = (await answer.json()) as { packs: Array<{ packURL: string; packTitle: string }>; nextCursor: string | null };
    packs.push(...body.packs);
    cursor = body.nextCursor;
  } while (cursor);
  return packs;
}

test("on a phone every open pack opens with both sides of its first prop tappable above the footer, whatever its title and prize", async ({
  page,
}) => {
  const packs = await openPackURLs(page);
  expect(packs.length, "the demo world has several open packs").toBeGreaterThanOrEqual(3);
  // The longest demo title, with a prize chip: the pack that put its first prop under the footer (issue 39 item 1).
  expect(packs.map((p) => p.packTitle)).toContainEqual(expect.stringMatching(/^Sunday Doubleheader/));
  for (const pack of packs) {
    await test.step(pack.packTitle, async () => {
      await page.goto(`/packs/${pack.packURL}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectFirstPropOnFirstScreen(page);
      await expectSidesTappable(page);
    });
  }
});

/** A tap at the top and at the bottom of each side of the first prop lands on that side, not on the footer or the header over it. */
async function expectSidesTappable(page: Page) {
  const sides = page.getByRole("group", { name: /^Prop 1 of \d+$/ }).getByRole("button", { name: /points$/ });
  await expect(sides).toHaveCount(2);
  for (const side of await sides.all()) {
    const hits = await side.evaluate((button) => {
      const box = button.getBoundingClientRect();
      return [box.top + 2, box.bottom - 2].map((y) => {
        const hit = document.elementFromPoint(box.left + box.width / 2, y);
        return hit !== null && button.contains(hit);
      });
    });
    expect(hits, "the side's top and bottom edges both take a tap").toEqual([true, true]);
  }
}

test("on a phone a pack with the longest title, prize and prop texts the forms allow still opens with both sides of its first prop tappable", async ({
  page,
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, E2E.adminPhone, "/admin");
  const stamp = Date.now().toString(36);
  const longest = (words: string, length: number) =>
    words
      .repeat(Math.ceil(length / words.length))
      .slice(0, length)
      .trim();
  await buildOpenPack(
    admin,
    {
      title: longest("Thanksgiving Sunday Tripleheader Extravaganza ", 120),
      packUrl: `longest-${stamp}`,
      league: "nfl",
      prizeTitle: longest("Signed game-worn jersey and two club seats ", 200),
      openTime: new Date(Date.now() - 60_000),
      closeTime: new Date(Date.now() + 86_400_000),
    },
    [
      {
        shortLabel: longest("Who scores the first touchdown of the afternoon ", 120),
        summary: longest("Both defences have allowed under twenty points a game this month. ", 300),
        sideAShort: longest("The home side on the opening drive ", 60),
        sideBShort: longest("The visitors after the first punt ", 60),
        sideATake: longest("The hosts march down the field and score on their opening possession of the game. ", 200),
        sideBTake: longest("The visitors hold, force a punt and answer with a touchdown of their own first. ", 200),
        sideAMoneyline: -150,
        sideBMoneyline: 130,
      },
    ],
  );

  await page.goto(`/packs/longest-${stamp}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Thanksgiving Sunday Tripleheader");
  await expectSidesTappable(page);
  // The prize chip keeps to one line within the screen; its dialog says the whole prize.
  const chip = page.getByRole("button", { name: /Signed game-worn jersey/ });
  const box = (await chip.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(box.height).toBeLessThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test("on a phone an open pack's page opens on its first prop, with the pack's details one tap away", async ({ page }) => {
  await page.goto(`/packs/${OPEN_PACK}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectFirstPropOnFirstScreen(page);

  // The details follow the deck; "Pack details" brings all of them into view above the footer.
  const details = page.getByRole("region", { name: "Pack details" });
  const box = () => details.evaluate((section) => section.getBoundingClientRect().toJSON() as DOMRect);
  expect((await box()).top, "the details start below the first prop").toBeGreaterThan(500);
  await page.getByRole("link", { name: "Pack details" }).tap();
  await expect
    .poll(async () => (await box()).bottom, { message: "the details end above the progress footer" })
    .toBeLessThanOrEqual(812 - 150);
  expect((await box()).top).toBeGreaterThanOrEqual(0);
  await expect(details.getByText(/Mets @ Phillies|Phillies/).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test("on a phone an open pack's page does not move under the reader as it starts: its countdown appears in a line kept for it", async ({
  page,
}) => {
  // Every layout shift of the load, as the Lighthouse bench's CLS counts them (none after an input).
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; hadRecentInput: boolean }> = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push(entry as unknown as { value: number; hadRecentInput: boolean });
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(`/packs/${OPEN_PACK}`);
  const card = page.getByRole("group", { name: /^Prop 1 of \d+$/ });
  await expect(card).toBeVisible();
  // The countdown ticks on the device's clock, so it appears once the page runs: the moment that moved
  // the deck down a line before its line was kept from the first paint.
  await expect(page.getByText(/^Closes in /)).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifted = await page.evaluate(() =>
    (window as unknown as { layoutShifts: Array<{ value: number; hadRecentInput: boolean }> }).layoutShifts
      .filter((shift) => !shift.hadRecentInput)
      .reduce((sum, shift) => sum + shift.value, 0),
  );
  expect(shifted, "the page's layout shift while it starts (CLS)").toBeLessThan(0.01);
});

test("on a phone an invited visitor who taps Play this pack is on the pack's first prop", async ({ page }) => {
  await page.goto(`/packs/${OPEN_PACK}?ref=${REFERRER}`);
  const invite = page.getByRole("dialog", { name: /invited/i });
  await expect(invite).toBeVisible();
  await invite.getByRole("button", { name: "Play this pack" }).tap();
  await expect(invite).toBeHidden();
  await expectFirstPropOnFirstScreen(page);
  // The prop has the focus: a screen reader says "Prop 1 of 3", and the next Tab reaches its sides.
  await expect(page.getByRole("group", { name: /^Prop 1 of \d+$/ })).toBeFocused();
});

test("on a desktop the title and details stay beside the deck", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/packs/${OPEN_PACK}`);
  const deck = (await page.getByRole("region", { name: "Props" }).boundingBox())!;
  const details = (await page.getByRole("region", { name: "Pack details" }).boundingBox())!;
  const title = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
  expect(details.x + details.width, "details in the left column").toBeLessThanOrEqual(deck.x);
  expect(title.x + title.width).toBeLessThanOrEqual(deck.x);
  expect(details.y, "details start on the first screen").toBeLessThan(800);
  await expect(page.getByRole("link", { name: "Pack details" })).toBeHidden();
});
