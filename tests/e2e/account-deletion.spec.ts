// A player deletes their account from their own profile on a phone (issue 40 item 3,
// docs/decisions/057-account-deletion-and-game-rules.md): the dialog says what happens and asks
// for their username, they land signed out, their old profile address is gone, and signing in
// again with the same number starts over as a new player.
import { expect, test, type Page } from "@playwright/test";
import { closePackActiveIfShown, expectAccessible, latestCode, signInAs } from "./helpers";

const LEAVER = "5555557502"; // a fresh player, used by no other spec

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });
test.describe.configure({ timeout: 120_000 });

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

test("a player deletes their account through the dialog, lands signed out, and the same number signs in as a new player", async ({
  page,
}) => {
  await signInAs(page, LEAVER, "/packs");
  await closePackActiveIfShown(page);
  await page.getByTestId("profile-pill").tap();
  await expect(page.getByText("Your Profile")).toBeVisible();
  const handle = (await page.getByRole("heading", { level: 1 }).textContent())!.replace(/^@/, "");
  const profilePath = new URL(page.url()).pathname;

  const section = page.getByRole("region", { name: "Delete account" });
  await section.scrollIntoViewIfNeeded();
  await noSidewaysScroll(page);
  const opener = section.getByRole("button", { name: "Delete account" });
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(async () => {
    if ((await dialog.count()) === 0) await opener.tap();
    await expect(dialog).toBeVisible({ timeout: 3_000 });
  }).toPass();
  // It says what happens before anything does.
  await expect(dialog).toContainText("Your phone number, username, picture");
  await expect(dialog).toContainText("Any diamonds you have left are forfeited.");
  await expect(dialog).toContainText("Your past takes stay on the boards");
  await expect(dialog).toContainText("Signing in again with this number starts a new account from zero.");
  await expectAccessible(page, "[role=dialog]");
  await noSidewaysScroll(page);

  // The wrong name is refused in place, and nothing happens.
  const field = dialog.getByLabel(`Type your username, ${handle}, to confirm`);
  await field.fill("not_my_name");
  await dialog.getByRole("button", { name: "Delete my account" }).tap();
  await expect(dialog.getByRole("alert")).toHaveText(`Type ${handle} to confirm.`);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, "[role=dialog]");

  await field.fill(handle);
  await dialog.getByRole("button", { name: "Delete my account" }).tap();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(page.getByTestId("profile-pill")).toHaveCount(0);

  // The old profile address is gone.
  const gone = await page.goto(profilePath);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

  // The same number again: a new player, asked for a username as every new player is.
  await page.context().clearCookies();
  const startedAt = Date.now() - 1_000;
  await page.goto("/login?redirect=%2Fpacks");
  await page.getByLabel(/enter your phone/i).fill(LEAVER);
  await page.getByRole("button", { name: "Send Code" }).tap();
  await page.getByLabel(/6-digit code/i).fill(await latestCode(LEAVER, startedAt));
  await page.getByRole("button", { name: /verify/i }).tap();
  await expect(page.getByRole("dialog", { name: "Choose a Username" })).toBeVisible();
  await expect(page.getByTestId("profile-pill")).toContainText(/taker\d{6}/);
  await expect(page.getByTestId("header-balance")).toHaveText("0");
});
