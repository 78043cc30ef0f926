// A new player's first game day (issue 23 item 2): on a phone the pack page opens on the game.
// The first prop and both of its sides are on the first screen, clear of the progress footer;
// the pack's details are one tap away; an invited player who taps "Play this pack" is on the
// first prop too.
import { expect, test, type Page } from "@playwright/test";

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

test("on a phone an invited visitor who taps Play this pack is on the pack's first prop", async ({ page }) => {
  await page.goto(`/packs/${OPEN_PACK}?ref=${REFERRER}`);
  const invite = page.getByRole("dialog", { name: /invited/i });
  await expect(invite).toBeVisible();
  await invite.getByRole("button", { name: "Play this pack" }).tap();
  await expect(invite).toBeHidden();
  await expectFirstPropOnFirstScreen(page);
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
