import { expect, test } from "@playwright/test";
import { E2E } from "./env";
import { buildOpenPack, signInAs } from "./helpers";

// Bulk tools (issue 41 item 5, docs/decisions/063-bulk-tools.md): the commissioner selects two
// props on the props list and moves their closes two hours later through the "Move close/lock…"
// dialog (a preview with counts, then one confirmation), and downloads the pack's picks as CSV from
// the pack's screen. Builds its own pack and deletes it afterwards.

const HOUR = 3_600_000;

test.describe("bulk tools", () => {
  test("moves the close of the selected props after a preview with counts, and downloads the pack's picks as CSV", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, E2E.adminPhone, "/admin/props");
    const stamp = Date.now().toString(36);
    const tag = `Bulk ${stamp}`;
    const close = new Date(Date.now() + 48 * HOUR);
    const { packId, propIds } = await buildOpenPack(
      page,
      {
        title: `${tag} pack`,
        packUrl: `bulk-${stamp}`,
        league: "nfl",
        openTime: new Date(Date.now() - HOUR),
        closeTime: new Date(Date.now() + 72 * HOUR),
      },
      [1, 2].map((n) => ({
        shortLabel: `${tag} question ${n}`,
        sideAShort: "Yes",
        sideBShort: "No",
        sideATake: "Yes",
        sideBTake: "No",
        closeTime: close.toISOString(),
      })),
    );
    try {
      await page.getByLabel("Search").fill(tag);
      const table = page.getByRole("table", { name: "Props" });
      await expect(table.getByRole("row")).toHaveCount(3);
      await table.getByRole("checkbox", { name: `Select ${tag} question 1` }).check();
      await table.getByRole("checkbox", { name: `Select ${tag} question 2` }).check();
      await page.getByRole("button", { name: "Move close/lock… (2)" }).click();

      const dialog = page.getByRole("dialog", { name: "Move close of 2 props" });
      // Locking at the game's start leaves these two alone: they are on no game.
      await expect(dialog.getByTestId("bulk-move-summary")).toHaveText("0 closes move; 0 already there; 2 left as they are.");
      await expect(dialog.getByRole("list", { name: "Left as they are" })).toContainText("Not on a game");
      await expect(dialog.getByRole("button", { name: "Nothing to move" })).toBeDisabled();

      await dialog.getByLabel("Shift by minutes or hours").check();
      await dialog.getByLabel("By", { exact: true }).fill("2");
      await dialog.getByLabel("Unit").selectOption("hours");
      await expect(dialog.getByTestId("bulk-move-summary")).toHaveText("2 closes move; 0 already there; 0 left as they are.");
      await dialog.getByRole("button", { name: "Move 2 closes" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText("Moved 2 closes.")).toBeVisible();
      for (const propId of propIds) {
        const answer = (await (await page.request.get(`/api/admin/props/${propId}`)).json()) as { prop: { closeTime: string } };
        expect(Date.parse(answer.prop.closeTime)).toBe(close.getTime() + 2 * HOUR);
      }

      await page.goto(`/admin/packs/${packId}`);
      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download picks (CSV)" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`picks-pack-bulk-${stamp}.csv`);
      const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
      expect(text.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
        "Pack,Prop,Player,Pick,Side,Locked value,Result,Points,Diamonds,Submitted at,Take id",
      );
    } finally {
      await page.request.delete(`/api/admin/packs/${packId}`);
    }
  });
});
