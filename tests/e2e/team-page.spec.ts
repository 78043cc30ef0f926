import { expect, test } from "@playwright/test";
import { closePackActiveIfShown, expectAccessible, latestCode } from "./helpers";

test.describe("team page", () => {
  test.describe.configure({ timeout: 120_000 });

  test("shows the team, its packs and leaderboard, and a visitor follows it after signing in", async ({ page }) => {
    await page.goto("/teams/eagles");
    await closePackActiveIfShown(page);
    await expect(page).toHaveTitle(/Philadelphia Eagles/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eagles");
    await expect(page.getByText("Team feed")).toBeVisible();
    await expect(page.getByRole("heading", { name: "All-Time Leaderboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: "See all" })).toHaveAttribute("href", "/marketplace?teamSlug=eagles");
    await expectAccessible(page);

    // Each signing-in player comes from their own address (sign-in codes are limited per address).
    await page.context().setExtraHTTPHeaders({ "x-forwarded-for": "198.19.7.101" });
    const startedAt = Date.now() - 1_000;
    await page.getByRole("button", { name: "Follow this team" }).click();
    const login = page.getByRole("dialog", { name: "Log in to follow" });
    await login.getByLabel(/enter your phone/i).fill("5555557101");
    await login.getByRole("button", { name: "Next" }).click();
    await page.getByLabel(/6-digit code/i).fill(await latestCode("5555557101", startedAt));
    await page.getByRole("button", { name: "Verify & Follow" }).click();
    const success = page.getByRole("dialog", { name: "Success" });
    await expect(success).toContainText("You are now signed in.");
    await success.getByRole("button", { name: "Close" }).last().click();
    await expect(page.getByRole("button", { name: "Following Eagles" })).toBeDisabled();

    await page.reload();
    await expect(page.getByRole("button", { name: "Following Eagles" })).toBeDisabled();
  });

  test("works at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/teams/yankees");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Yankees");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("on a phone a team page is a home for its fans: the day bar, full cards to play, the board by points, a marketplace item, and series chips that lead to the series", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/teams/phillies");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Phillies");
    // The team's open pack greets a visitor, as the feed does.
    const active = page.getByRole("dialog", { name: "Pack active now!" });
    await expect(active).toContainText("Mets at Phillies");
    await active.getByRole("button", { name: "Close" }).first().click();
    await expect(active).toBeHidden();
    // The feed's day bar, kept on the team page.
    const dayBar = page.getByRole("navigation", { name: "Show packs for" });
    // A team has few current packs: its page opens on all of them; the days are a tap away and stay on the page.
    await expect(dayBar.getByRole("link", { name: /^All/ })).toHaveAttribute("aria-current", "page");
    await expect(dayBar.getByRole("link", { name: /^Today/ })).toHaveAttribute("href", "/teams/phillies?day=today");
    // The team's open pack as a full card, with its button to play.
    const card = page.locator('[data-testid=pack-card][data-pack="phillies-mets-tonight"]');
    await expect(card.getByRole("link", { name: "Play this pack" })).toHaveAttribute("href", "/packs/phillies-mets-tonight");

    // The team marketplace's item, with "See all" kept to the team.
    const market = page.getByRole("region", { name: "Marketplace" });
    await expect(market.getByRole("link", { name: /Cost:/ })).toHaveAttribute("href", /^\/redeem\?itemID=/);
    await expect(market.getByRole("link", { name: "See all" })).toHaveAttribute("href", "/marketplace?teamSlug=phillies");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    // No Phillies take is graded yet: the board says so instead of ranking everyone 1st at 0.
    await expect(page.getByRole("region", { name: "All-Time Leaderboard" })).toContainText("No Phillies takes are graded yet");

    // The Eagles' board ranks players by points, from their graded pack: not everyone 1st at 0.
    await page.goto("/teams/eagles");
    const rows = page.getByRole("region", { name: "All-Time Leaderboard" }).locator("tbody tr");
    expect(await rows.count()).toBeGreaterThan(0);
    const points = await rows.locator("td:last-child").allInnerTexts();
    const numbers = points.map((text) => Number(text.replace(/,/g, "")));
    expect(numbers, "by points, highest first").toEqual([...numbers].sort((a, b) => b - a));
    expect(numbers[0], "the leader has points").toBeGreaterThan(0);
    for (const record of await rows.locator("td:nth-child(3)").allInnerTexts()) expect(record).not.toBe("0-0-0");
  });

  test("a series chip on a pack card and on the pack page opens the series", async ({ page }) => {
    await page.goto("/packs");
    const card = page
      .locator("[data-testid=pack-card]")
      .filter({ has: page.getByRole("link", { name: /^Series: / }) })
      .first();
    const packURL = await card.getAttribute("data-pack");
    const chip = card.getByRole("link", { name: /^Series: / }).first();
    const href = await chip.getAttribute("href");
    expect(href).toMatch(/^\/series\/[a-z0-9-]+$/);
    await chip.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await page.goto(`/packs/${packURL}`);
    await expect(
      page
        .getByRole("region", { name: "Pack details" })
        .getByRole("link", { name: /^Series: / })
        .first(),
    ).toHaveAttribute("href", href!);
  });

  test("an unknown team is not found", async ({ page }) => {
    const response = await page.goto("/teams/unicorns");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page).toHaveTitle("Page not found | Takes");
  });

  test("same-slug teams of two leagues have their own pages", async ({ page }) => {
    await page.goto("/teams/giants");
    await expect(page.getByText("New York Giants")).toBeVisible();
    await page.goto("/teams/mlb-giants");
    await expect(page.getByText("San Francisco Giants")).toBeVisible();
    // A team without packs is named in the empty feed, not addressed by its slug.
    const name = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
    await expect(page.getByText(`No packs found for team: ${name}`)).toBeVisible();
    await expect(page.getByText("No packs found for team: mlb-giants")).toHaveCount(0);
  });
});
