// Packs that know you played (issue 39 item 4): an open pack's page says how many fans have played
// and who, never their picks before the lock; a graded pack's page shows the player's own results
// there, not only on their profile, and opens its results dialog when they have not seen it yet.
import { expect, test } from "@playwright/test";
import { PACK_WINNER_TIE_BREAK } from "../../src/domain/house-rules";
import { E2E } from "./env";
import { buildOpenPack, expectAccessible, signInAs, submitThroughReview } from "./helpers";

const OPEN_PACK = "phillies-mets-tonight";
const GRADED_PACKS = ["eagles-cowboys-week-12", "yankees-red-sox-rivalry"];
const DAN = "5555550104"; // dinger_dan: has takes on the graded demo packs

test("an open pack's page says how many fans have played and who, without their picks", async ({ page, browser }) => {
  // A new fan plays the pack's first prop.
  const fan = await (await browser.newContext()).newPage();
  await signInAs(fan, "5555557411", `/packs/${OPEN_PACK}`);
  await fan
    .getByRole("group", { name: /^Prop 1 of \d+$/ })
    .getByRole("button", { name: /points$/ })
    .first()
    .click();
  await submitThroughReview(fan.getByRole("button", { name: "Submit 1 Take" }));
  await expect(fan.getByRole("dialog", { name: "Takes Made ✅" })).toBeVisible();
  const handle = ((await (await fan.request.get("/api/auth/session")).json()) as { user: { profileID: string } }).user.profileID;

  // The board of who has played fills in once the leaderboard has counted the take (a few seconds at most).
  const played = page.getByRole("region", { name: "Who's played" });
  await expect
    .poll(
      async () => {
        await page.goto(`/packs/${OPEN_PACK}`);
        return played.getByRole("link", { name: new RegExp(`^@${handle} `) }).count();
      },
      { timeout: 30_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toBe(1);
  await expect(played).toContainText(/\d+ fans? ha(s|ve) played this pack\. Their picks stay hidden until it locks\./);
  await expect(played.getByRole("link", { name: new RegExp(`^@${handle} `) })).toContainText("1 pick");
  // No side of anyone's pick is on the page before the lock: no crowd split, no "your pick".
  await expect(page.getByText(/% of takes|Your pick/)).toHaveCount(0);
  await expectAccessible(page);
});

test("a graded pack's page shows the player's own results, and the results dialog of a graded pack not seen yet", async ({ page }) => {
  await signInAs(page, DAN, "/");
  // The graded demo pack whose results Dan has not been shown yet (the accessibility sweep may have shown him one).
  const unseen: string[] = [];
  for (const pack of GRADED_PACKS) {
    const summary = (await (await page.request.get(`/api/packs/${pack}/graded`)).json()) as { shouldShow: boolean; takes: unknown[] };
    expect(summary.takes.length, `Dan has takes on ${pack}`).toBeGreaterThan(0);
    if (summary.shouldShow) unseen.push(pack);
  }

  for (const pack of GRADED_PACKS) {
    await page.goto(`/packs/${pack}`);
    const results = page.getByRole("region", { name: "Your results" });
    await expect(results).toBeVisible();
    await expect(results.getByRole("definition").nth(0)).toHaveText(/^#\d+$/);
    await expect(results.getByRole("definition").nth(2)).toHaveText(/^\d+-\d+-\d+$/);
    await expect(results.getByRole("definition").nth(3)).toHaveText(/^\+[\d,.]+$/);
    const dialog = page.getByRole("dialog", { name: /your takes have been graded|Your results/ });
    if (unseen.includes(pack)) {
      // Not seen yet: its results dialog opens on the pack's own page, then is remembered.
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Close" }).last().click();
      await expect(dialog).toBeHidden();
      await expect
        .poll(async () => ((await (await page.request.get(`/api/packs/${pack}/graded`)).json()) as { shouldShow: boolean }).shouldShow)
        .toBe(false);
    }
    // The pack's winner, with how the winner rule tells players level on points apart; the winner leads the pack's board.
    const winner = page.getByTestId("pack-winner");
    await expect(winner).toContainText(/Pack winner: @\w+ • [\d,]+ pts/);
    await winner.getByText("How the winner is chosen", { exact: true }).click();
    await expect(winner.getByRole("listitem")).toHaveText([...PACK_WINNER_TIE_BREAK]);
    const winnerHandle = (await winner.getByRole("link").textContent())!.trim();
    const board = page.getByRole("region", { name: /^Leaderboard for / });
    await expect(board.getByRole("row").nth(1).getByRole("cell").first()).toHaveText("1");
    await expect(board.getByRole("row").filter({ hasText: winnerHandle }).getByRole("cell").first()).toHaveText("1");
    await expect(page.getByText("How ties are broken", { exact: true })).toBeVisible();
    // The results card, and the page around it, pass axe once no dialog is open.
    if (pack === GRADED_PACKS[0]) await expectAccessible(page);
  }
});

test("a void prop's crowd split says Void, not 0% of 0 takes", async ({ page, browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, E2E.adminPhone, "/admin");
  const stamp = Date.now().toString(36);
  const {
    packId,
    propIds: [propId],
  } = await buildOpenPack(
    admin,
    {
      title: "Rained Out",
      packUrl: `void-${stamp}`,
      league: "mlb",
      openTime: new Date(Date.now() - 60_000),
      closeTime: new Date(Date.now() + 3_600_000),
    },
    [{ shortLabel: "Does the game finish?", sideAShort: "Yes", sideBShort: "No", sideATake: "It finishes.", sideBTake: "It is called." }],
  );
  // The pack closes and the prop is voided, as a rained-out game's would be.
  expect(
    (await admin.request.patch(`/api/admin/packs/${packId}`, { data: { closeTime: new Date(Date.now() - 1_000).toISOString() } })).status(),
  ).toBe(200);
  const voided = await admin.request.post("/api/admin/gradeProps", {
    data: { grades: [{ propId, outcome: "void", resultText: "Rained out" }] },
  });
  expect(voided.status(), await voided.text()).toBe(200);

  await page.goto(`/packs/void-${stamp}`);
  const card = page.getByRole("group", { name: "Prop 1 of 1" });
  await expect(card.getByText("Void", { exact: true }).first()).toBeVisible();
  await expect(card.getByRole("group", { name: /^Yes, \d+ points, void$/ })).toBeVisible();
  await expect(card.getByRole("group", { name: /^No, \d+ points, void$/ })).toBeVisible();
  await expect(card.getByText(/^0%$/)).toHaveCount(0);
});
