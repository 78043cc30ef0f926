import { expect, test } from "@playwright/test";
import { BOARD_TIE_BREAK } from "../../src/domain/house-rules";
import { closePackActiveIfShown, expectAccessible, signInAs } from "./helpers";

// Demo data (src/server/db/seed.ts): hail_mary_hank (555-555-0105) has the longest handle on the
// all-time board, and the leaderboard page is one copy for everyone, marked for him by his browser
// (components/leaderboard/my-board-row.tsx, docs/decisions/025-shared-page-cache.md).
const HANK = { phone: "5555550105", handle: "hail_mary_hank" };

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("a player with a long handle sees the whole You tag on their row, and the handle still opens their profile", async ({ page }) => {
    await signInAs(page, HANK.phone, "/leaderboard");
    const row = page.getByRole("row").filter({ hasText: `@${HANK.handle.slice(0, 8)}` });
    const tag = row.getByText("You", { exact: true });
    await expect(tag).toBeVisible();
    const fit = await tag.evaluate((el) => {
      const cell = el.closest("td")!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      let clipped = false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const outer = up.getBoundingClientRect();
        const style = getComputedStyle(up);
        if (style.overflowX !== "visible" && (box.left < outer.left - 0.5 || box.right > outer.right + 0.5)) clipped = true;
      }
      return { clipped, inCell: box.left >= cell.left && box.right <= cell.right, onScreen: box.right <= window.innerWidth };
    });
    expect(fit, "the You tag is drawn whole inside its cell").toEqual({ clipped: false, inCell: true, onScreen: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Room for the tag is not taken from the record: "0-3-1" stays on one line.
    const recordLines = await row.getByRole("cell", { name: /^\d+-\d+-\d+$/ }).evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    });
    expect(recordLines, "the record fits on one line").toBe(1);

    await row.getByRole("link", { name: `@${HANK.handle}` }).tap();
    await expect(page).toHaveURL(`/profile/${HANK.handle}`);
  });
});

test("the Today board ranks no one before anyone has scored today: it says so, with no table of 1st places at 0 points", async ({
  page,
}) => {
  await page.goto("/leaderboard?period=today");
  await expect(page.getByRole("heading", { level: 1, name: "Leaderboard" })).toBeVisible();
  // What the board holds right now (takes made today count on it, with 0 points until graded).
  const board = (await (await page.request.get("/api/leaderboard?period=today")).json()) as { rows: Array<{ points: number }> };
  const table = page.getByRole("table");
  if (board.rows.length === 0) {
    await expect(page.getByText("No participants yet. Be the first to make a take!")).toBeVisible();
    await expect(table).toHaveCount(0);
  } else if (board.rows[0]!.points <= 0) {
    await expect(page.getByText("No one has scored today yet. The board fills in as props are graded.")).toBeVisible();
    await expect(table).toHaveCount(0);
  } else {
    // Someone has: the table leads with a player who has points (the row's last cell).
    await expect(table.getByRole("row").nth(1).getByRole("cell").last()).toHaveText(board.rows[0]!.points.toLocaleString("en-US"));
    await expect(page.getByText(/No one has scored/)).toHaveCount(0);
  }
});

test("every board says how ties are broken, and ranks its players in that order", async ({ page }) => {
  await page.goto("/leaderboard");
  const note = page.getByRole("group").filter({ has: page.getByText("How ties are broken", { exact: true }) });
  await note.getByText("How ties are broken", { exact: true }).click();
  await expect(note.getByRole("listitem")).toHaveText([...BOARD_TIE_BREAK]);
  // The rows follow it: points, then props won (both most first), then handle A to Z.
  const board = (await (await page.request.get("/api/leaderboard")).json()) as {
    rows: Array<{ handle: string; points: number; won: number }>;
  };
  expect(board.rows.length).toBeGreaterThan(1);
  for (const [index, row] of board.rows.slice(1).entries()) {
    const before = board.rows[index]!;
    const inOrder =
      before.points > row.points ||
      (before.points === row.points &&
        (before.won > row.won || (before.won === row.won && before.handle.toLowerCase() <= row.handle.toLowerCase())));
    expect(inOrder, `@${before.handle} before @${row.handle}`).toBe(true);
  }
  await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText(`@${board.rows[0]!.handle}`);
  await expectAccessible(page);

  // The team board says the same.
  await page.goto("/teams/eagles");
  await closePackActiveIfShown(page);
  const teamNote = page.getByRole("region", { name: "All-Time Leaderboard" }).getByRole("group");
  await teamNote.getByText("How ties are broken", { exact: true }).click();
  await expect(teamNote.getByRole("listitem")).toHaveText([...BOARD_TIE_BREAK]);
});
