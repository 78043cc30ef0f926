// A new player's first game day (issue 23 item 3): the texts they signed up
// for by following a team are managed on their own profile: listed, paused
// and resumed (the same switch as replying STOP / START, docs/PRODUCT.md §9), and
// unfollowed. Nobody else's profile offers any of it.
import { expect, test, type Page } from "@playwright/test";
import { closePackActiveIfShown, expectAccessible, expectWellBehavedDialog, signInAs } from "./helpers";

const FAN = "5555557301"; // a fresh player, used by no other spec
const OTHER_PLAYER = "bullpen_betty"; // a demo player

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });
test.describe.configure({ timeout: 120_000 });

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

test.describe("managing texts on your own profile", () => {
  test("a player who follows a team finds it on their profile, pauses all texts, still sees them paused after a reload, resumes and unfollows", async ({
    page,
  }) => {
    await signInAs(page, FAN, "/teams/eagles");
    await closePackActiveIfShown(page);
    // Texts are asked for, not assumed: the box beside Follow starts unticked.
    const textMe = page.getByRole("checkbox", { name: "Text me when Eagles packs open" });
    await expect(textMe).not.toBeChecked();
    await textMe.tap();
    await expect(textMe).toBeChecked();
    await page.getByRole("button", { name: "Follow this team" }).tap();
    await expect(page.getByRole("button", { name: "Following Eagles" })).toBeDisabled();

    await page.getByTestId("profile-pill").tap();
    await expect(page.getByText("Your Profile")).toBeVisible();
    const follows = page.getByRole("region", { name: "Follows" });
    await expect(follows.getByRole("link", { name: "Philadelphia Eagles" })).toBeVisible();
    const subscriptions = page.getByRole("region", { name: "Subscriptions" });
    const eaglesTexts = subscriptions.getByRole("checkbox", { name: "Philadelphia Eagles" });
    const pauseAll = subscriptions.getByRole("checkbox", { name: "Pause all SMS" });
    const save = subscriptions.getByRole("button", { name: "Save Preferences" });
    await expect(eaglesTexts).toBeChecked();
    await expect(subscriptions.getByRole("checkbox", { name: "NFL" })).not.toBeChecked();
    await expect(subscriptions.getByRole("checkbox", { name: "MLB" })).not.toBeChecked();
    await expect(subscriptions.getByRole("status")).toContainText("SMS on");

    // One team's texts off from the keyboard, saved, without unfollowing; then on again.
    await eaglesTexts.focus();
    await page.keyboard.press("Space");
    await expect(eaglesTexts).not.toBeChecked();
    await save.tap();
    await expect(page.getByText("Preferences saved")).toBeVisible();
    await page.reload();
    await expect(eaglesTexts).not.toBeChecked();
    await eaglesTexts.tap();
    await save.tap();
    await expect(eaglesTexts).toBeChecked();

    // "Pause all SMS" greys out the rest (docs/SCREENS.md §2.11 item 8), and holds after a reload.
    await pauseAll.tap();
    await expect(eaglesTexts).toBeDisabled();
    await save.tap();
    await expect(subscriptions.getByRole("status")).toHaveText("SMS paused — you won't get any texts until you turn it back on.");
    await page.reload();
    await expect(subscriptions.getByRole("status")).toHaveText("SMS paused — you won't get any texts until you turn it back on.");
    await expect(pauseAll).toBeChecked();
    await expect(eaglesTexts).toBeDisabled();
    await expect(eaglesTexts).toBeChecked();
    await noSidewaysScroll(page);
    await expectAccessible(page);

    await pauseAll.tap();
    await save.tap();
    await expect(subscriptions.getByRole("status")).toContainText("SMS on");
    await expect(eaglesTexts).toBeEnabled();

    // Reminders: how long before a pack closes, and the zone quiet hours keep (decision 072).
    const reminders = subscriptions.getByRole("checkbox", { name: /^Remind me before a pack I follow closes/ });
    const lead = subscriptions.getByRole("combobox", { name: "How long before it closes" });
    const zone = subscriptions.getByRole("combobox", { name: "Your time zone" });
    await expect(reminders).toBeChecked();
    await expect(lead).toHaveValue("60");
    // The spec's number (555) is placed nowhere: Eastern.
    await expect(zone.getByRole("option", { name: "From my number (Eastern)" })).toHaveCount(1);
    await lead.selectOption({ label: "3 hours" });
    await zone.selectOption({ label: "Pacific" });
    await save.tap();
    await expect(page.getByText("Preferences saved").first()).toBeVisible();
    await page.reload();
    await expect(lead).toHaveValue("180");
    await expect(zone).toHaveValue("America/Los_Angeles");
    await reminders.tap();
    await expect(lead).toBeDisabled();
    // Back as they were, so a retry on the same server starts from the defaults.
    await reminders.tap();
    await lead.selectOption({ label: "1 hour" });
    await zone.selectOption({ label: "From my number (Eastern)" });
    await save.tap();
    await expect(zone).toHaveValue("");

    // Unfollowing asks first (docs/SCREENS.md §2.11 item 7); Escape backs out to the same button.
    const unfollowEagles = follows.getByRole("button", { name: "Unfollow Philadelphia Eagles" });
    await unfollowEagles.tap();
    const confirm = page.getByRole("dialog", { name: "Unfollow team?" });
    // Named in full: PHI would be the Eagles or the Phillies.
    await expect(confirm).toContainText("Are you sure you want to unfollow Philadelphia Eagles?");
    await expectWellBehavedDialog(page, confirm, unfollowEagles);
    await expect(follows.getByRole("link", { name: "Philadelphia Eagles" })).toBeVisible();
    await unfollowEagles.tap();
    await confirm.getByRole("button", { name: "Unfollow" }).tap();
    await expect(page.getByText("Unfollowed")).toBeVisible();
    await expect(follows.getByText("No teams followed.")).toBeVisible();
    await expect(follows.getByRole("heading", { name: "Followed Teams" })).toBeFocused();
    await expect(eaglesTexts).toHaveCount(0);
    await noSidewaysScroll(page);

    await page.reload();
    await expect(follows.getByText("No teams followed.")).toBeVisible();
    await page.goto("/teams/eagles");
    await expect(page.getByRole("button", { name: "Follow this team" })).toBeEnabled();
  });

  test("another player's profile shows no text settings and no unfollow buttons", async ({ page }) => {
    await signInAs(page, FAN, `/profile/${OTHER_PLAYER}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`@${OTHER_PLAYER}`);
    await expect(page.getByText("User Profile")).toBeVisible();
    await expect(page.getByRole("region", { name: "Follows" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Subscriptions" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Settings" })).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: "Pause all SMS" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save Preferences" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Unfollow/ })).toHaveCount(0);
    await expect(page.getByRole("checkbox")).toHaveCount(0);
  });
  test("a player asks for one pack's reminder on its page: the bell button says it is on, keeps it after a reload, and turns it off", async ({
    page,
  }) => {
    await signInAs(page, FAN, "/packs/phillies-mets-tonight");
    await closePackActiveIfShown(page);
    // The player's own state, loaded after the shared page (docs/decisions/072-reminders-and-quiet-hours.md).
    const remind = page.getByRole("button", { name: "Remind me" });
    await expect(remind).toHaveAttribute("aria-pressed", "false");
    await remind.tap();
    const on = page.getByRole("button", { name: "Reminder on" });
    await expect(on).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("status").filter({ hasText: "We'll text you" })).toContainText(
      "We'll text you 1 hour before it closes if you still have picks to make.",
    );
    await noSidewaysScroll(page);
    await expectAccessible(page);
    await page.reload();
    await closePackActiveIfShown(page);
    await expect(page.getByRole("button", { name: "Reminder on" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Reminder on" }).tap();
    await expect(page.getByRole("button", { name: "Remind me" })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("status").filter({ hasText: "Reminder off." })).toBeVisible();
  });
});
