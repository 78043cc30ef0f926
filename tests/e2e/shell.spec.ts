import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./env";
import { expectAccessible, signInAs } from "./helpers";

test.describe("the page shell", () => {
  test("shows the globe home link, Log in, and the footer to a visitor", async ({ page }) => {
    await page.goto("/packs");
    const header = page.locator("header");
    await expect(header.getByRole("link", { name: "Go to home" })).toHaveAttribute("href", "/");
    await expect(header.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login?redirect=%2Fpacks");
    await expect(page.getByText(`© ${new Date().getFullYear()}`)).toContainText("All rights reserved");
    // The reading pages, from every page's footer (issue 40).
    await expect(page.getByRole("contentinfo").getByRole("link")).toHaveText(["How it works", "Official rules", "FAQ", "Terms", "Privacy"]);
    await expect(page.getByTestId("sidebar")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("the header's globe turns once the page has settled, and stands still under reduced motion", async ({ page }) => {
    const runningTurns = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll("header .globe-meridian")].filter((m) => m.getAnimations().some((a) => a.playState === "running"))
            .length,
      );
    await page.goto("/packs");
    // Eight meridians turn after the load event and the browser's first idle moment.
    await expect.poll(runningTurns).toBe(8);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect.poll(runningTurns).toBe(0);
  });

  test("the header answers /_app with not found", async ({ page }) => {
    const response = await page.goto("/_app");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });

  test("the health endpoint says the app is up without naming the database it runs on", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ success: true, status: "ok" });
    expect(JSON.stringify(body)).not.toMatch(/pglite|postgres/i);
  });
});

/**
 * Every picture fails: team logos and covers from other hosts (ESPN's CDN), and the pictures we draw in
 * their place (/api/art, components/shell/picture-fallback.ts), as when our own server cannot answer them.
 */
async function failEveryPicture(page: Page) {
  await page.route(
    (url) => url.hostname !== new URL(E2E.baseURL).hostname || url.pathname === "/api/art",
    (route) => (route.request().resourceType() === "image" ? route.abort("failed") : route.continue()),
  );
}

test("decorative images that cannot load even as drawn pictures show a plain box or their placeholder, not a broken-image icon", async ({
  page,
}) => {
  await failEveryPicture(page);
  for (const path of ["/", "/packs"]) {
    await page.goto(path);
    // A failed picture with no placeholder behind it (a team's badge) is marked, once its remote
    // picture and then its drawing have failed.
    await expect(page.locator('img[alt=""][data-broken]:not([data-over-placeholder])').first()).toBeAttached();
    // The fallback handles each failure in turn (the remote picture, then its drawing): read the
    // page once every picture that failed has been marked, not while one is still being swapped.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            Array.from(document.images).filter(
              (img) => img.alt === "" && img.complete && img.naturalWidth === 0 && !img.hasAttribute("data-broken"),
            ).length,
        ),
      )
      .toBe(0);
    const failed = await page.evaluate(() =>
      Array.from(document.images)
        .filter((img) => img.alt === "" && img.complete && img.naturalWidth === 0)
        .map((img) => {
          const style = getComputedStyle(img);
          return {
            src: img.src,
            overPlaceholder: img.hasAttribute("data-over-placeholder"),
            visibility: style.visibility,
            // What the browser draws instead of the missing picture, and the box's colour.
            drawsEmptyPicture: style.content.includes("data:image/svg+xml"),
            tinted: style.backgroundColor !== "rgba(0, 0, 0, 0)",
          };
        }),
    );
    expect(failed.length, path).toBeGreaterThan(0);
    expect(
      failed.some((img) => !img.overPlaceholder),
      `${path} has a failed image with no placeholder behind it`,
    ).toBe(true);
    for (const img of failed) {
      if (img.overPlaceholder) expect(img, `${img.src} on ${path} is hidden over its placeholder`).toMatchObject({ visibility: "hidden" });
      else
        expect(img, `${img.src} on ${path} is a plain box`).toMatchObject({ visibility: "visible", drawsEmptyPicture: true, tinted: true });
    }
  }

  // Where a pack's cover should be, its league shows instead.
  // A pack with a cover (other specs on this server add packs without one, which sort first when they close soonest).
  const card = page
    .getByTestId("pack-card")
    .filter({ has: page.locator("img") })
    .first();
  await card.scrollIntoViewIfNeeded();
  const seen = await card.evaluate((article) => {
    // The cover is the card's largest image (the others are team logos).
    const cover = Array.from(article.querySelectorAll("img")).sort((a, b) => b.clientWidth - a.clientWidth)[0]!;
    const behind = cover.previousElementSibling;
    const [a, b] = [cover.getBoundingClientRect(), behind?.getBoundingClientRect()];
    return {
      cover: getComputedStyle(cover).visibility,
      behind: behind && getComputedStyle(behind).visibility === "visible" ? behind.textContent : null,
      sameBox: !!b && a.left === b.left && a.top === b.top && a.width === b.width && a.height === b.height,
    };
  });
  expect(seen).toEqual({ cover: "hidden", behind: expect.stringMatching(/^(nfl|mlb)$/i), sameBox: true });
});

test.describe("mobile navigation", () => {
  test.use({ viewport: { width: 375, height: 740 } });
  // The shell is the same on every page; the feed's once-per-session "Pack active now!" popup would race the Menu click.

  test("opens from Menu, locks page scroll, and closes on Escape with focus back on Menu", async ({ page }) => {
    await page.goto("/leaderboard");
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    await expect(drawer.getByRole("link", { name: "Leaderboard" })).toBeVisible();
    await expect(drawer.getByRole("link", { name: "How it works" })).toHaveAttribute("href", "/how-it-works");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveAttribute("data-state", "closing");
    await expect(drawer).toHaveCount(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
    await expect(menu).toBeFocused();
  });

  test("closes when the overlay is clicked", async ({ page }) => {
    await page.goto("/leaderboard");
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByTestId("mobile-nav-overlay").click({ position: { x: 360, y: 400 } });
    await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(0);
  });

  test("fits a 375 px screen without sideways scrolling", async ({ page }) => {
    await page.goto("/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe("as a super admin", () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test("the sidebar shows the Admin section and its collapsed state survives a reload", async ({ page }) => {
    await signInAs(page, E2E.adminPhone, "/admin/events");
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Admin" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Events" })).toHaveAttribute("aria-current", "page");
    await expect(sidebar).toHaveAttribute("data-collapsed", "false");

    await sidebar.getByRole("button", { name: "Collapse sidebar" }).click();
    await expect(sidebar).toHaveAttribute("data-collapsed", "true");
    expect(await page.evaluate(() => localStorage.getItem("sidebar-collapsed"))).toBe("true");
    await page.reload();
    await expect(page.getByTestId("sidebar")).toHaveAttribute("data-collapsed", "true");
    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await expect(page.getByTestId("sidebar")).toHaveAttribute("data-collapsed", "false");
  });

  test("on a laptop screen 800 px tall, the sidebar's last admin link scrolls into view and can be used", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, E2E.adminPhone, "/admin/events");
    const nav = page.getByTestId("sidebar").getByRole("navigation", { name: "Sidebar" });
    const last = nav.getByRole("link", { name: "API Tester" });
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await expect(page.getByTestId("sidebar").getByLabel("Wireframe")).toBeInViewport();
    // Inside the sidebar's own box, above its footer, not cut off below it.
    const [link, footer] = await Promise.all([last.boundingBox(), page.getByTestId("sidebar").getByLabel("Wireframe").boundingBox()]);
    expect(link!.y + link!.height).toBeLessThanOrEqual(footer!.y);
    await last.click();
    await expect(page).toHaveURL(/\/admin\/api-tester$/);
  });

  test("the Wireframe checkbox outlines every box on the page", async ({ page }) => {
    // Any page with the sidebar; the feed's popup would cover the checkbox.
    await signInAs(page, E2E.adminPhone, "/leaderboard");
    await page.getByLabel("Wireframe").check();
    await expect(page.locator("html")).toHaveClass(/wireframe/);
    await page.getByLabel("Wireframe").uncheck();
    await expect(page.locator("html")).not.toHaveClass(/wireframe/);
  });
});

test.describe("dialogs", () => {
  test("a dialog keeps keyboard focus inside itself", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/leaderboard");
    await page.getByRole("button", { name: "Menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    for (let i = 0; i < 15; i++) await page.keyboard.press("Tab");
    const focusInside = await page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"));
    expect(focusInside).toBe(true);
  });

  test("a dialog closes when its dimmed backdrop is clicked, and focus returns to what opened it", async ({ page }) => {
    await page.goto("/marketplace");
    const opener = page.getByTestId("marketplace-item").first();
    await opener.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // A click inside the panel keeps it open; a click on the backdrop around it closes it.
    await dialog.getByRole("heading").first().click();
    await expect(dialog).toBeVisible();
    await page.getByTestId("modal-backdrop").click({ position: { x: 8, y: 8 } });
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test("every script a page runs as it loads asks Chrome to compile it off the main thread", async ({ request }) => {
  // scripts/compile-hints.mjs: without the hint, compiling the framework lazily was the page's longest task on a phone.
  for (const path of ["/", "/leaderboard", "/login"]) {
    const html = await (await request.get(path)).text();
    // The <script src> tags the server sends, but the nomodule polyfills that Chrome never runs; chunks loaded
    // later on demand are not in the page and keep lazy compilation.
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)]
      .map((match) => match[1]!)
      .filter((attributes) => !/\bnomodule\b/i.test(attributes))
      .flatMap((attributes) => /\ssrc="([^"]+)"/.exec(attributes)?.[1] ?? []);
    expect(scripts.length, `scripts on ${path}`).toBeGreaterThan(2);
    for (const src of scripts) {
      const source = await (await request.get(src)).text();
      expect(source.startsWith("//# allFunctionsCalledOnLoad\n"), `${src} on ${path}`).toBe(true);
    }
  }
});

test("a page carries the site stylesheet once in its HTML and once in its payload, never a third time", async ({ request }) => {
  // scripts/global-error-css.mjs: the global error page's copy of the stylesheet doubled every page's inline scripts.
  for (const path of ["/", "/leaderboard"]) {
    const html = await (await request.get(path)).text();
    // A rule the site stylesheet always has (globals.css), as it reads in the <style> tag and, escaped, in the payload.
    const marker = "@layer properties{";
    expect(html.split(marker).length - 1, `copies of the stylesheet on ${path}`).toBe(2);
  }
});

test("a team's pack tile whose cover cannot load, even as a drawn picture, shows No Cover instead of an empty box", async ({ page }) => {
  await failEveryPicture(page);
  await page.goto("/marketplace?teamSlug=commanders");
  // A tile with a cover picture (other specs on this server may add packs without one).
  const tile = page
    .getByRole("region", { name: "WSH Packs" })
    .getByRole("listitem")
    .filter({ has: page.locator("img") })
    .first();
  await expect(tile.locator("img[data-broken]")).toBeAttached();
  await expect(tile.getByText("No Cover")).toBeVisible();
});
