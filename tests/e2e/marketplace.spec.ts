// Marketplace in the browser, on the demo seed: bullpen_betty (555-555-0102)
// can afford the Stadium Snack Voucher (50 diamonds, 8 codes);
// hail_mary_hank (555-555-0105) has 10 diamonds; gridiron_gus is 555-555-0101;
// the admin is 555-555-0100.
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./env";
import { expectAccessible, signInAs } from "./helpers";

const BETTY = "5555550102";
const HANK = "5555550105";
const GUS = "5555550101";
const SNACK = "Stadium Snack Voucher";

async function headerBalance(page: Page): Promise<number> {
  const pill = page.getByTestId("header-balance");
  await expect(pill).toBeVisible();
  return Number((await pill.innerText()).replace(/[^\d]/g, ""));
}

async function openItemInfo(page: Page, itemName: string) {
  await page
    .getByRole("button", { name: new RegExp(itemName) })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Marketplace" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Diamonds are awarded as 5% of points won.");
  return dialog;
}

test.describe("redeeming an item", () => {
  test("a player with enough diamonds redeems an item, sees its code, the header balance drops by the price and the profile lists the exchange", async ({
    page,
  }) => {
    await signInAs(page, BETTY, "/marketplace");
    await expect(page.getByRole("heading", { level: 1, name: "Marketplace" })).toBeVisible();
    const before = await headerBalance(page);
    expect(before).toBeGreaterThanOrEqual(50);

    const info = await openItemInfo(page, SNACK);
    await expect(info).toContainText("Ready: You have enough diamonds to redeem this item.");
    await expectAccessible(page, "[role=dialog]");
    await info.getByRole("button", { name: "Redeem Now" }).click();

    await expect(page).toHaveURL(/\/redeem\?itemID=/);
    await expect(page.getByRole("heading", { level: 1, name: "Redeem Prize" })).toBeVisible();
    await expect(page.getByText(SNACK).first()).toBeVisible();
    await page.getByRole("button", { name: "Submit Redemption Request" }).click();
    await expect(page.getByText("Please enter your email address.")).toBeVisible();
    // By role: while the page streams in, React may still hold a hidden copy of the form.
    await expect(page.getByRole("textbox", { name: "Email Address *" })).toBeFocused();
    await page.getByRole("textbox", { name: "Full Name" }).fill("Betty Bullpen");
    await page.getByRole("textbox", { name: "Email Address *" }).fill("betty@example.com");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Submit Redemption Request" }).click();

    const confirm = page.getByRole("dialog", { name: "Confirm Redemption" });
    await expect(confirm).toContainText(`Redeem ${SNACK} for 50 diamonds?`);
    await confirm.getByRole("button", { name: "Confirm" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Redemption Submitted" })).toBeVisible();
    await expect(page.getByText("Your redemption request has been submitted successfully!")).toBeVisible();
    const code = (await page.getByTestId("redemption-code").innerText()).trim();
    expect(code).toMatch(/^SNACK-/);
    await expect(page.getByRole("button", { name: "Copy" })).toBeVisible();
    await expect(page.getByTestId("header-balance")).toHaveText((before - 50).toLocaleString("en-US"));
    await expectAccessible(page);

    await page.goto("/profile/bullpen_betty");
    // In the Exchanges region, found by role: while the profile streams in, React may still hold a
    // hidden copy of a section, which a bare text match would count twice.
    const exchanges = page.getByRole("region", { name: "Exchanges" });
    await expect(exchanges.getByText(`Spent 50 diamonds on ${SNACK}`).first()).toBeVisible();
    await expect(exchanges.getByText(code)).toBeVisible();
  });

  test("Redeem Now is disabled below the price, the balance and the shortfall add up to it, and the server refuses the redemption too", async ({
    page,
  }) => {
    await signInAs(page, HANK, "/marketplace");
    const info = await openItemInfo(page, SNACK);
    await expect(info).toContainText(/Needed: [\d,]+(\.\d+)? more diamonds/);
    // Exact figures where a purchase is weighed: 101.5 and 398.5 make 500, not 102 and 399.
    const figure = (text: string | null) => Number((text ?? "").replace(/[^\d.]/g, ""));
    const balance = figure(await info.locator("dt", { hasText: "Your balance" }).locator("+ dd").textContent());
    const needed = figure((await info.getByText(/^Needed:/).textContent())?.replace(/^Needed:/, "") ?? null);
    expect(Math.round((balance + needed) * 100)).toBe(50 * 100);
    await expect(info.getByRole("button", { name: "Redeem Now" })).toBeDisabled();
    await info.getByRole("button", { name: "Close", exact: true }).last().click();

    // Going to the redeem page directly does not get past the server either.
    const itemID = await page.evaluate(async (name) => {
      const body = (await (await fetch("/api/marketplace/items")).json()) as { items: Array<{ itemID: string; itemName: string }> };
      return body.items.find((item) => item.itemName === name)?.itemID;
    }, SNACK);
    await page.goto(`/redeem?itemID=${itemID}`);
    // By role: while the page streams in, React may still hold a hidden copy of the form.
    await page.getByRole("textbox", { name: "Email Address *" }).fill("hank@example.com");
    await page.getByRole("button", { name: "Submit Redemption Request" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Redemption" });
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(confirm.getByRole("alert")).toContainText(/^Not enough diamonds\. Required: 50, Available: \d+(\.\d+)?$/);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Not enough diamonds. Required: 50");
  });

  test("visitors see prices, are asked to log in to see their balance, and to log in before redeeming", async ({ page }) => {
    await page.goto("/marketplace");
    await expect(page.getByRole("heading", { level: 2, name: "Available Rewards" })).toBeVisible();
    await expectAccessible(page);
    const info = await openItemInfo(page, SNACK);
    await expect(info).toContainText("Log in to see your balance");
    await expect(info.getByRole("button", { name: "Redeem Now" })).toHaveCount(0);
    await expect(info.getByRole("button", { name: "Log in" })).toBeVisible();

    await page.goto("/redeem?itemID=00000000-0000-4000-8000-000000000000");
    await expect(page.getByText("You must be logged in to redeem prizes. Please log in first.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "log in", exact: true })).toHaveAttribute(
      "href",
      `/login?redirect=${encodeURIComponent("/redeem?itemID=00000000-0000-4000-8000-000000000000")}`,
    );
  });
});

test.describe("admin inventory", () => {
  test("an admin adds pasted codes to an item and sees how many were new", async ({ page }) => {
    await signInAs(page, E2E.adminPhone, "/admin/items");
    await expect(page.getByRole("heading", { level: 1, name: "Marketplace items" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Codes left" })).toBeVisible();
    await page.getByRole("button", { name: "Add Inventory Codes" }).click();

    const dialog = page.getByRole("dialog", { name: "Add Inventory Codes" });
    await dialog.getByRole("button", { name: "Add Inventory", exact: true }).click();
    await expect(dialog).toContainText("Please select an item");
    const snackOption = dialog.getByLabel("Item").locator("option", { hasText: SNACK });
    await expect(snackOption).toHaveCount(1);
    await dialog.getByLabel("Item").selectOption((await snackOption.getAttribute("value"))!);
    await dialog.getByRole("button", { name: "Add Inventory", exact: true }).click();
    await expect(dialog).toContainText("Please provide at least one code");

    const suffix = Date.now().toString(36).toUpperCase();
    // One code over 200 characters: the server's reason shows at the codes box, naming the line, with that code selected (issue 24).
    const codesBox = dialog.getByLabel("Codes (one per line)");
    const tooLong = `LONG${"Q".repeat(201)}`;
    await codesBox.fill(`E2E-${suffix}-0\n${tooLong}`);
    await dialog.getByRole("button", { name: "Add Inventory", exact: true }).click();
    await expect(dialog).toContainText("Line 2: the code “LONGQQQQQQQQ…” is 205 characters; codes must be at most 200.");
    await expect(dialog).not.toContainText("Failed to add inventory");
    await expect(codesBox).toHaveAttribute("aria-invalid", "true");
    await expect(codesBox).toBeFocused();
    expect(await codesBox.evaluate((box: HTMLTextAreaElement) => box.value.slice(box.selectionStart, box.selectionEnd))).toBe(tooLong);
    await codesBox.fill(`  E2E-${suffix}-1 \n\nE2E-${suffix}-2\nE2E-${suffix}-1\n`);
    await expectAccessible(page, "[role=dialog]");
    await dialog.getByRole("button", { name: "Add Inventory", exact: true }).click();
    await expect(dialog).toContainText("Added 2 of 3 codes.");
    await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
    await expect(dialog).toHaveCount(0);
  });

  test("players are refused the admin items page", async ({ page }) => {
    await signInAs(page, GUS, "/");
    const response = await page.goto("/admin/items");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Not authorized" })).toBeVisible();
  });
});

test("the header, the marketplace and the redeem page show a player one balance", async ({ page, browser }) => {
  // Each demo player's balance is the ledger's exact sum; some have a fraction of a diamond. The
  // other specs grade and re-grade demo packs, so Hank's fraction is set here to three quarters
  // (an admin adjustment), a balance where "rounded" and "whole diamonds" used to part ways.
  await signInAs(page, HANK, "/marketplace");
  const hank = await page.evaluate(async () => {
    const session = (await (await fetch("/api/auth/session")).json()) as { user: { profileID: string; tokensBalance: number } };
    return { handle: session.user.profileID, balance: session.user.tokensBalance };
  });
  const topUp = Math.round(((0.75 - (hank.balance % 1) + 1) % 1) * 100) / 100;
  if (topUp > 0) {
    const admin = await (await browser.newContext()).newPage();
    await signInAs(admin, E2E.adminPhone, "/admin");
    const adjusted = await admin.request.post("/api/admin/ledger/adjustments", {
      data: {
        profile: hank.handle,
        diamonds: topUp.toFixed(2),
        reason: "Marketplace check: three quarters of a diamond",
        idempotencyKey: `marketplace-${Date.now()}`,
      },
    });
    expect(adjusted.ok()).toBe(true);
    await admin.context().close();
  }
  const exacts: number[] = [];
  for (const phone of [GUS, BETTY, HANK]) {
    await page.context().clearCookies();
    await signInAs(page, phone, "/marketplace");
    // The exact figure the header rounds: its session answer's, and the profile API's the same.
    const exact = await page.evaluate(async () => {
      const session = (await (await fetch("/api/auth/session")).json()) as { user: { profileID: string; tokensBalance: number } };
      const body = (await (await fetch(`/api/profile/${session.user.profileID}?select=tokens`)).json()) as { tokensBalance: number };
      if (body.tokensBalance !== session.user.tokensBalance)
        throw new Error(`session ${session.user.tokensBalance}, profile API ${body.tokensBalance}`);
      return session.user.tokensBalance;
    });
    exacts.push(exact);
    const shown = Math.round(exact);
    expect(await headerBalance(page)).toBe(shown);
    const card = page.getByRole("button", { name: new RegExp(SNACK) }).first();
    await expect(card).toContainText(`${shown.toLocaleString("en-US")} / 50`);
    const itemID = await page.evaluate(async (name) => {
      const body = (await (await fetch("/api/marketplace/items")).json()) as { items: Array<{ itemID: string; itemName: string }> };
      return body.items.find((item) => item.itemName === name)?.itemID;
    }, SNACK);
    await page.goto(`/redeem?itemID=${itemID}`);
    await expect(page.getByRole("region", { name: "Selected Item" }).getByTestId("redeem-balance")).toHaveText(
      new RegExp(`Your balance:\\s*${shown.toLocaleString("en-US")}\\b`),
    );
  }
  // At least one of them rounds up, where "rounded" and "whole diamonds" used to part ways.
  expect(
    exacts.some((exact) => exact % 1 >= 0.5),
    `balances ${exacts.join(", ")}`,
  ).toBe(true);
});
