import { expect, test, type Locator, type Page } from "@playwright/test";

// The browser tests' server is the offline demo: the embedded database seeded
// at start on a machine that may not reach ESPN. Every picture the product
// shows must still load (docs/decisions/030-offline-images.md): team badges,
// pack covers and item pictures, never a broken image, a tinted box
// (BrokenImageGuard's data-broken) or the "No Cover" stand-in.

/** Scrolls to each image (lazy ones load then) and waits until it has loaded, naming the ones that do not. */
async function expectLoaded(images: Locator, what: string) {
  const count = await images.count();
  expect(count, `the page shows ${what}`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const image = images.nth(i);
    const src = await image.getAttribute("src");
    await image.evaluate((img) => img.scrollIntoView({ block: "center" }));
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && !img.hasAttribute("data-broken")), {
        message: `${what}: ${src} has loaded`,
        timeout: 15_000,
      })
      .toBe(true);
  }
}

/** Every image the page lays out (hidden ones aside) has loaded. */
async function expectEveryShownImageLoaded(page: Page) {
  const shown = page.locator("img").filter({ visible: true });
  await expectLoaded(shown, "images");
  await expect(page.locator("img[data-broken]")).toHaveCount(0);
}

async function checkFeed(page: Page) {
  await page.goto("/");
  const cards = page.getByTestId("pack-card");
  await expect(cards.first()).toBeVisible();
  // Every card on the feed has a cover, and no card falls back to its "No Cover" stand-in.
  await expect(cards.getByText("No Cover")).toHaveCount(0);
  expect(await cards.locator("img[data-over-placeholder]").count()).toBe(await cards.count());
  await expectLoaded(cards.locator("img[data-over-placeholder]"), "pack covers");
  await expectLoaded(cards.locator('a[href^="/teams/"] img'), "team badges");
  // The dashboard's marketplace teaser shows the item's picture, not its glyph.
  await expectLoaded(page.locator('section[aria-labelledby="dashboard-marketplace"] img'), "item pictures");
  await expectEveryShownImageLoaded(page);
}

async function checkPackPage(page: Page) {
  await page.goto("/packs/ravens-steelers-week-12");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectLoaded(page.locator('img[alt$=" cover"]').filter({ visible: true }), "the pack cover");
  await expectLoaded(page.locator('a[href^="/teams/"] img').filter({ visible: true }), "team badges");
  // The prop card shows its picture, not the empty picture box.
  await expect(page.locator("svg.lucide-image").filter({ visible: true })).toHaveCount(0);
  await expectEveryShownImageLoaded(page);
}

async function checkTeamPage(page: Page) {
  await page.goto("/teams/eagles");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eagles");
  await expectLoaded(page.locator("main img").filter({ visible: true }), "the team badge and its pack covers");
  await expectEveryShownImageLoaded(page);
}

async function checkMarketplace(page: Page) {
  await page.goto("/marketplace");
  const items = page.getByTestId("marketplace-item");
  await expect(items.first()).toBeVisible();
  expect(await items.locator("img").count(), "every item shows its picture, none its glyph").toBe(await items.count());
  await expectLoaded(items.locator("img"), "item pictures");
}

test.describe("offline demo pictures", () => {
  test.describe.configure({ timeout: 120_000 });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    test(`every team badge, pack cover and item picture on the feed loads at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await checkFeed(page);
    });

    test(`the pack page shows its cover and team badges loaded at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await checkPackPage(page);
    });

    test(`the team page shows its badge and pack covers loaded at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await checkTeamPage(page);
    });

    test(`every marketplace item shows a loaded picture at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await checkMarketplace(page);
    });
  }

  test("generated pictures are served by the app itself with a strict policy and a long cache", async ({ request }) => {
    const answer = await request.get("/api/badges/nfl/PHI.svg?c=004c54&a=a5acaf&v=1");
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toContain("image/svg+xml");
    expect(answer.headers()["content-security-policy"]).toContain("default-src 'none'");
    expect(answer.headers()["cache-control"]).toContain("immutable");
    expect(await answer.text()).toContain("<title>PHI</title>");
    expect((await request.get("/api/badges/nfl/%3Cscript%3E.svg")).status()).toBe(404);
  });
});
