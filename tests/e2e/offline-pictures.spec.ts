// The offline demo looks like the real product (issue 23 item 15; docs/decisions/045-pictures-drawn-when-offline.md):
// with no internet no team logo, pack cover or item image loads from ESPN's CDN, and each is drawn by us instead
// (the team's badge in its colours, the league's shield); when the real pictures load, they are used.
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./env";

// The marketplace with a team chosen shows that team's pack covers (the demo's items have no pictures: a gift glyph).
const PAGES = ["/", "/packs/giants-commanders-week-12", "/teams/eagles", "/marketplace?teamSlug=commanders"];
const ours = (url: URL) => url.origin === new URL(E2E.baseURL).origin;
// A 1×1 PNG: what a reachable CDN answers here.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAEhwGAX0Fq3gAAAABJRU5ErkJggg==", "base64");

/**
 * Every picture on the page, lazy ones included, once each has loaded or failed. The feed opens its
 * once-per-session "Pack active now!" pop-up, with the pack's cover, after it hydrates: waited for first,
 * or its cover could appear between the wait below and the reading (flaky in CI).
 */
async function settledPictures(page: Page) {
  if (new URL(page.url()).pathname === "/") await expect(page.getByRole("dialog", { name: "Pack active now!" })).toBeVisible();
  // Settled: loaded, or failed and marked. A remote picture that fails is swapped in its error event, so a
  // picture that failed and is neither swapped nor marked would be a fallback that never came. The reading
  // returned is the one found settled: a picture a page adds later (a streamed part revealed after the
  // load event) is waited for in the next reading instead of slipping in between a wait and a read.
  let pictures: Array<{ src: string; drawnFor: string | null; loaded: boolean; broken: boolean; settled: boolean }> = [];
  await expect
    .poll(
      async () => {
        pictures = await page.evaluate(() =>
          Array.from(document.images).map((img) => {
            if (img.loading === "lazy") img.loading = "eager";
            const broken = img.hasAttribute("data-broken");
            return {
              src: img.getAttribute("src") ?? "",
              drawnFor: img.getAttribute("data-art-for"),
              loaded: img.naturalWidth > 0,
              broken,
              settled: img.complete && (img.naturalWidth > 0 || broken),
            };
          }),
        );
        return pictures.filter((p) => !p.settled).map((p) => p.src);
      },
      { timeout: 15_000, message: "pictures still loading, or failed with no fallback" },
    )
    .toEqual([]);
  return pictures.map(({ settled: _settled, ...picture }) => picture);
}

test.describe("on a phone with no internet", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test("every team badge, pack cover and item image on the feed, a pack page, a team page and a team's marketplace is drawn and loads", async ({
    page,
  }) => {
    // No internet: every request to another host fails, as on a machine that cannot resolve ESPN's CDN.
    await page.route(
      (url) => !ours(url),
      (route) => route.abort("internetdisconnected"),
    );
    const styles: string[] = [];
    for (const path of PAGES) {
      await page.goto(path);
      const pictures = await settledPictures(page);
      expect(pictures.length, `pictures on ${path}`).toBeGreaterThan(0);
      expect(
        pictures.filter((p) => !p.loaded || p.broken),
        `pictures that did not load on ${path}`,
      ).toEqual([]);
      // Each remote picture was replaced by the one drawn for it.
      expect(
        pictures.filter((p) => /^https?:\/\//.test(p.src)),
        `remote pictures left on ${path}`,
      ).toEqual([]);
      const drawn = pictures.filter((p) => p.drawnFor);
      expect(drawn.length, `drawn pictures on ${path}`).toBeGreaterThan(0);
      for (const p of drawn) {
        const asked = `/api/art?src=${encodeURIComponent(p.drawnFor!)}`;
        expect([asked, `${asked}&as=cover`]).toContain(p.src);
      }
      styles.push(...drawn.map((p) => (p.src.endsWith("&as=cover") ? "cover" : "badge")));
    }
    // Pack covers are drawn as covers (full-bleed, as a real cover fills its card), team logos as badges.
    expect(new Set(styles)).toEqual(new Set(["cover", "badge"]));
    // The pack page's teams are drawn as their badges.
    await page.goto("/packs/giants-commanders-week-12");
    const badges = await settledPictures(page);
    expect(
      badges.some((p) => /nyg\.png$/.test(p.drawnFor ?? "")),
      "the Giants' badge",
    ).toBe(true);
    // Drawn pictures are PNGs: the browser decodes them off the main thread (an SVG would build a document each).
    const giants = await page.request.get(badges.find((p) => /nyg\.png$/.test(p.drawnFor ?? ""))!.src);
    expect(giants.headers()["content-type"]).toBe("image/png");
  });
});

test("when the real pictures load they are shown, not drawn ones", async ({ page }) => {
  await page.route(
    (url) => !ours(url),
    (route) =>
      route.request().resourceType() === "image"
        ? route.fulfill({ status: 200, contentType: "image/png", body: PNG })
        : route.abort("internetdisconnected"),
  );
  await page.goto("/");
  const pictures = await settledPictures(page);
  const remote = pictures.filter((p) => /^https:\/\/a\.espncdn\.com\//.test(p.src));
  expect(remote.length).toBeGreaterThan(0);
  expect(remote.filter((p) => !p.loaded || p.drawnFor || p.broken)).toEqual([]);
});
