// A new player's first game day (issue 23 item 11): the favourite-team picker on a phone.
// 60-odd NFL and MLB teams, two leagues with a Giants and a Cardinals each, are grouped by
// league, named in full without being cut off, and found by a search.
import { expect, test } from "@playwright/test";
import { expectAccessible, expectWellBehavedDialog, signInAs } from "./helpers";

const FAN = "5555557401"; // a fresh player, used by no other spec

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });
test.describe.configure({ timeout: 120_000 });

test("on a phone the team picker groups teams by league, names the two Giants apart, finds a team by search, and saves it as the favourite", async ({
  page,
}) => {
  await signInAs(page, FAN, "/leaderboard");
  await page.getByTestId("profile-pill").tap();
  await expect(page.getByText("No favorite team selected.")).toBeVisible();
  const choose = page.getByRole("button", { name: "Choose your favorite team" });
  const picker = page.getByRole("dialog", { name: "Select Your Favorite Team" });
  const open = () =>
    expect(async () => {
      if (!(await picker.isVisible())) await choose.tap();
      await expect(picker).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  await open();
  // Focus moves in and stays in, Escape closes it and focus returns to the button.
  await expectWellBehavedDialog(page, picker, choose);
  await open();

  const nfl = picker.getByRole("list", { name: "NFL teams" });
  const mlb = picker.getByRole("list", { name: "MLB teams" });
  await expect(nfl.getByRole("button", { name: "New York Giants" })).toBeVisible();
  await expect(mlb.getByRole("button", { name: "San Francisco Giants" })).toBeVisible();
  await expect(nfl.getByRole("button", { name: "Arizona Cardinals" })).toHaveCount(1);
  await expect(mlb.getByRole("button", { name: "St. Louis Cardinals" })).toHaveCount(1);

  // Every name is shown whole: no label is clipped, and the grid never scrolls sideways.
  const clipped = await picker
    .locator("li button span:last-child")
    .evaluateAll((labels) =>
      labels
        .filter((label) => label.scrollHeight > label.clientHeight + 1 || label.scrollWidth > label.clientWidth + 1)
        .map((label) => label.textContent),
    );
  expect(clipped, "team names cut off at 375 px").toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // A search narrows both leagues; one that matches nothing says so.
  const search = picker.getByRole("searchbox", { name: "Search teams" });
  await search.fill("giants");
  await expect(picker.getByRole("listitem")).toHaveCount(2);
  await search.fill("zzz");
  await expect(picker.getByText("No teams match “zzz”.")).toBeVisible();
  await search.fill("giants");
  await nfl.getByRole("button", { name: "New York Giants" }).tap();
  await expect(nfl.getByRole("button", { name: "New York Giants" })).toHaveAttribute("aria-pressed", "true");
  await expect(picker.getByText("Selected: New York Giants (NFL)")).toBeVisible();
  await expectAccessible(page);

  await picker.getByRole("button", { name: "Submit" }).tap();
  await expect(picker).toBeHidden();
  await expect(page.getByRole("link", { name: "New York Giants" }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Change favorite team" })).toBeVisible();
  // Saving the favourite also follows it.
  const follows = page.getByRole("region", { name: "Follows" });
  await expect(follows.getByRole("link", { name: "New York Giants" })).toBeVisible();

  // Unfollowing the favourite asks plainly, naming the team in full and saying what happens to the favourite.
  await follows.getByRole("button", { name: "Unfollow New York Giants" }).tap();
  const confirm = page.getByRole("dialog", { name: "Unfollow the New York Giants?" });
  await expect(confirm).toContainText("The New York Giants are your favourite team. Unfollowing them also clears your favourite team");
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Cancel" }).tap();
  await expect(confirm).toHaveCount(0);
  await expect(follows.getByRole("link", { name: "New York Giants" })).toBeVisible();
});
