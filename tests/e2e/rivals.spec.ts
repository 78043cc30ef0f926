// Issue 42 items 4 and 5 (docs/decisions/069-rivals-and-the-ai-player.md): on a phone (375 px, touch)
// a player opens another player's profile, reads their record against them and rematches them on
// the next open pack in one tap and one confirmation; the AI player's profile is marked as the AI.
import { expect, test } from "@playwright/test";
import { expectAccessible, signInAs } from "./helpers";

const PHONE = { width: 375, height: 740 };
const DAN = { phone: "5555550104", handle: "dinger_dan" };
// Once per pair per pack: a retry on the same database rematches someone else.
const OPPONENTS = ["bullpen_betty", "gridiron_gus"];

test.describe.configure({ mode: "serial" });
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test("from another player's profile a player reads their record and rematches them on the next open pack", async ({ page }) => {
  const opponent = OPPONENTS[test.info().retry % OPPONENTS.length]!;
  await signInAs(page, DAN.phone, `/profile/${opponent}`);
  const rivalry = page.getByRole("region", { name: /Rivalry/ });
  await expect(rivalry).toContainText(`You vs @${opponent}:`);
  await expect(rivalry).toContainText("H2H");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  await rivalry.getByRole("button", { name: "Rematch" }).tap();
  const confirm = page.getByRole("dialog", { name: `Rematch @${opponent}?` });
  await expect(confirm).toContainText(`We'll text @${opponent}`);
  await expectAccessible(page, "[role=dialog]");
  await confirm.getByRole("button", { name: "Send & Text" }).tap();
  await expect(page).toHaveURL(/\/h2h\/[\w-]+$/);

  // The challenge page names the opponent; they count as a rival once they accept (the Rivals list on
  // /h2h reads accepted and settled challenges, decision 069).
  await expect(page.getByRole("main")).toContainText(opponent);
  await page.goto("/h2h");
  await expect(page.getByRole("region", { name: "Rivals" })).toBeVisible();
  await expectAccessible(page);
});

test("the AI player's profile is marked as the AI, for the eye and for a screen reader", async ({ page }) => {
  await page.goto("/profile/TakesAI");
  await expect(page.getByRole("heading", { name: "@TakesAI", level: 1 })).toBeVisible();
  const tag = page.locator("[data-ai-tag]").first();
  await expect(tag).toHaveText(/AI/);
  await expect(tag.locator(".sr-only")).toHaveText("AI player");
  // It cannot be challenged.
  await expect(page.getByRole("link", { name: "Challenge @TakesAI" })).toHaveCount(0);
});
