import { expect, test } from "@playwright/test";
import { E2E } from "./env";
import { signInAs } from "./helpers";

// League standings (docs/decisions/062-league-standings.md): the commissioner chooses how ties are
// broken for this NFL season, and a player on a phone reads that order under the standings, with the
// weekly winners, and moves to one week.
test("the commissioner's tie-break order is the one players read under the season's standings, on a phone", async ({ page, browser }) => {
  await signInAs(page, E2E.adminPhone, "/admin/standings");
  await expect(page.getByRole("heading", { level: 1, name: "Standings" })).toBeVisible();
  const form = page.getByRole("region", { name: /How ties are broken: NFL \d{4} season/ });
  await form.getByLabel("1. First tie-breaker").selectOption("fewest_picks");
  await form.getByLabel("2. Then").selectOption("earliest");
  await form.getByLabel("3. Then").selectOption("");
  await form.getByLabel("4. Then").selectOption("");
  await form.getByRole("button", { name: "Save tie-breakers" }).click();
  await expect(page.getByText(/Tie-breakers saved for NFL/)).toBeVisible();

  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  const player = await phone.newPage();
  await player.goto("/standings");
  await expect(player.getByRole("heading", { level: 1, name: "Standings" })).toBeVisible();
  await expect(player.getByRole("link", { name: "NFL" })).toHaveAttribute("aria-current", "page");
  await expect(player.getByTestId("standings-table")).toBeVisible();
  await player.getByText("How ties are broken").tap();
  await expect(player.getByTestId("tie-break-note").getByRole("listitem")).toHaveText([
    "Most points",
    "Then fewest picks made",
    "Then earliest final submission (the time of the player's last change to their picks)",
    "Then handle, A to Z (players level on every step above share a rank)",
  ]);
  await expect(player.getByRole("heading", { name: "Weekly winners" })).toBeVisible();
  expect(await player.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // A week from the history: its tab is current and the heading names it.
  const weekLink = player.getByTestId("weekly-winners").getByRole("rowheader").first().getByRole("link");
  const weekLabel = (await weekLink.textContent())!.trim();
  await weekLink.tap();
  await expect(player).toHaveURL(/week=\d{4}-\d{2}-\d{2}/);
  await expect(player.getByRole("navigation", { name: "Week" }).getByRole("link", { name: weekLabel })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(player.getByRole("heading", { level: 2, name: new RegExp(`NFL \\d{4}, ${weekLabel}`) })).toBeVisible();
  await phone.close();
});
