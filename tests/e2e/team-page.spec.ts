import { expect, test } from "@playwright/test";
import { expectAccessible, latestCode } from "./helpers";

test.describe("team page", () => {
  test.describe.configure({ timeout: 120_000 });

  test("shows the team, its packs and leaderboard, and a visitor follows it after signing in", async ({ page }) => {
    await page.goto("/teams/eagles");
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
