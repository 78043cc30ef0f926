import { expect, test } from "@playwright/test";
import { E2E } from "./env";
import { expectAccessible, signInAs } from "./helpers";

// The grading queue (docs/SCREENS.md §3.14). It only opens and cancels the confirmation: the
// demo database is shared with the other specs, which grade demo packs themselves.
for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width} px the queue shows finished games with suggested results, and accepting them all first says how many props, players and texts`, async ({
    browser,
  }) => {
    const admin = await (await browser.newContext({ viewport })).newPage();
    await signInAs(admin, E2E.adminPhone, "/admin");
    await admin.goto("/admin/grading");
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Grading Queue");
    const table = admin.getByRole("table", { name: "Props to grade" });
    await expect(table.getByText(/^Final · \d+-\d+/).first()).toBeVisible();
    await expect(table.getByText(/\(\w+ \d+ @ \w+ \d+\)$/).first()).toBeVisible();
    await expectAccessible(admin);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    await admin.getByLabel("Select all shown props with a suggested result").check();
    const accept = admin.getByRole("button", { name: /^Accept suggested results \([1-9]\d*\)$/ });
    await accept.click();
    const confirm = admin.getByRole("dialog", { name: "Accept suggested results?" });
    await expect(confirm).toContainText(/Grade \d+ props?, pay \d+ players?, text \d+\./);
    await expectAccessible(admin, "[role=dialog]");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(accept).toBeEnabled();
  });
}
