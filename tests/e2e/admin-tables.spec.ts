import { expect, test, type Locator } from "@playwright/test";
import { E2E } from "./env";
import { clickOpen, signInAs } from "./helpers";

// The admin kit's DataTable on the last lists that wrote out their own tables (issue 22 item 5,
// docs/decisions/047-admin-forms.md): each list is a region a keyboard can scroll and a table a
// screen reader names, and a long list in a box of bounded height keeps its headings in view.
// Reads the demo seed only; creates nothing.

/** The scroll box (a labelled region) can take the keyboard's focus, as axe's scrollable-region-focusable wants. */
async function expectKeyboardReachable(region: Locator) {
  await expect(region).toHaveAttribute("tabindex", "0");
}

test.describe("admin tables", () => {
  test("the marketplace items, an item's codes, contests, series and award cards are named tables in scroll boxes a keyboard can reach", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, E2E.adminPhone, "/admin/items");

    const items = page.getByRole("table", { name: "Marketplace items" });
    await expect(items.getByRole("columnheader", { name: "Codes left" })).toBeVisible();
    await expect(items.getByRole("rowheader", { name: "Stadium Snack Voucher" })).toBeVisible();
    await expectKeyboardReachable(page.getByRole("region", { name: "Marketplace items", exact: true }));

    await items.getByRole("link", { name: "Edit Stadium Snack Voucher" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit item" })).toBeVisible();
    const codes = page.getByRole("table", { name: "Codes" });
    await expect(codes.getByRole("columnheader", { name: "Used" })).toBeVisible();
    await expect(codes.getByRole("cell", { name: /^SNACK-/ }).first()).toBeVisible();
    await expectKeyboardReachable(page.getByRole("region", { name: "Codes", exact: true }));

    await page.goto("/admin/contests");
    const contests = page.getByRole("table", { name: "Contests" });
    await expect(
      contests.getByRole("row").filter({ hasText: "Week 12 Showdown" }).getByRole("link", { name: "Edit Week 12 Showdown" }),
    ).toBeVisible();
    await expectKeyboardReachable(page.getByRole("region", { name: "Contests", exact: true }));

    await page.goto("/admin/series");
    const series = page.getByRole("table", { name: "Series" });
    await expect(series.getByRole("cell", { name: "eagles-season", exact: true })).toBeVisible();
    await expect(series.getByRole("columnheader", { name: "Followers" })).toBeVisible();
    await expectKeyboardReachable(page.getByRole("region", { name: "Series", exact: true }));

    await page.goto("/admin/promo-links");
    const cards = page.getByRole("table", { name: "Cards" });
    await expect(cards.getByRole("row").filter({ hasText: "WELCOME10" }).getByRole("button", { name: "Edit WELCOME10" })).toBeVisible();
    // A card past its end reads Expired, though it was saved as available.
    const statusColumn = (await cards.getByRole("columnheader").allTextContents()).indexOf("Status");
    await expect(cards.getByRole("row").filter({ hasText: "OPENINGDAY" }).getByRole("cell").nth(statusColumn)).toHaveText("Expired");
    await expect(cards.getByRole("row").filter({ hasText: "WELCOME10" }).getByRole("cell").nth(statusColumn)).toHaveText("Available");
    await expectKeyboardReachable(page.getByRole("region", { name: "Cards table" }));
  });

  test("a pack's existing props scroll from the keyboard in a box of bounded height whose headings stay in view, and the add-packs dialog names its table", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, E2E.adminPhone, "/admin/packs");
    await page.getByRole("table", { name: "Packs" }).getByRole("link", { name: "Edit", exact: true }).first().click();
    await expect(page).toHaveURL(/\/admin\/packs\/(?!new$)[\w-]+$/);
    const { dialog } = await clickOpen(page, page.getByRole("button", { name: "Add Prop", exact: true }), "Add Prop");
    await dialog.getByRole("tab", { name: "Existing props" }).click();
    // Every day's props, not only today's: more than the box holds.
    await dialog.getByRole("search", { name: "Filter props" }).getByRole("button", { name: "Clear", exact: true }).first().click();
    const picker = dialog.getByRole("table", { name: "Existing props" });
    await expect(picker.getByRole("checkbox").first()).toBeVisible();
    const box = dialog.getByRole("region", { name: "Existing props" });
    await expect
      .poll(() => box.evaluate((element) => element.scrollHeight - element.clientHeight), {
        message: "the demo has more props than the box holds",
      })
      .toBeGreaterThan(0);
    // max-h-80: 20rem.
    expect(await box.evaluate((element) => element.getBoundingClientRect().height)).toBeLessThanOrEqual(320);

    await box.focus();
    await page.keyboard.press("End");
    await expect.poll(() => box.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    // The headings stuck to the top of the box as it scrolled.
    const boxTop = (await box.boundingBox())!.y;
    const headingTop = (await picker.getByRole("columnheader", { name: "Prop Short" }).boundingBox())!.y;
    expect(Math.abs(headingTop - boxTop)).toBeLessThanOrEqual(2);
    await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
    await expect(dialog).toBeHidden();

    await page.goto("/admin/contests/new");
    const { dialog: addPacks } = await clickOpen(page, page.getByRole("button", { name: "Add Packs" }), "Add Packs to Contest");
    await addPacks.getByPlaceholder("Search by title or URL...").fill("eagles-cowboys-week-12");
    const packs = addPacks.getByRole("table", { name: "Packs" });
    await expect(packs.getByRole("row").filter({ hasText: "eagles-cowboys-week-12" }).getByRole("checkbox")).toBeVisible();
    await expect(addPacks.getByLabel("League")).toHaveValue("all");
    await addPacks.getByRole("button", { name: "Close", exact: true }).last().click();
    await expect(addPacks).toBeHidden();
  });
});
