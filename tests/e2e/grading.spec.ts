import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./env";
import { expectAccessible, signInAs, textsTo } from "./helpers";

// Demo data (src/server/db/seed.ts): "Packers at 49ers" is live with three
// props; gridiron_gus picked side A on all three, locking SF -180 (139),
// Over -110 (227) and "49ers 28+" yes +140 (350).
const PACK = { url: "packers-49ers-week-12", title: "Packers at 49ers" };
const GUS = { phone: "5555550101", handle: "gridiron_gus" };

async function allTimePointsOf(page: Page, handle: string): Promise<number> {
  const body = (await page.evaluate(() => fetch("/api/leaderboard?scope=all").then((r) => r.json()))) as {
    rows: Array<{ handle: string; points: number }>;
  };
  return body.rows.find((row) => row.handle === handle)?.points ?? 0;
}

test.describe("admin pages are for super admins", () => {
  test("a visitor is sent to log in and a player gets Not authorized (403)", async ({ page }) => {
    await page.goto(`/admin/grade/${PACK.url}`);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/admin/grade/${PACK.url}`)}`);

    await signInAs(page, GUS.phone, "/");
    const response = await page.goto(`/admin/grade/${PACK.url}`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not authorized");
    await expect(page.getByText("This area is for admins.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
  });
});

test("an admin grades a demo pack; the player sees the results once, the leaderboard and profile follow, and a correction shows before → after and texts once", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const player = await (await browser.newContext()).newPage();
  await signInAs(player, GUS.phone, "/leaderboard");
  const pointsBefore = await allTimePointsOf(player, GUS.handle);

  // The admin grades: SF win (A), under (B), and a push on "49ers 28+?".
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAs(admin, E2E.adminPhone, `/admin/grade/${PACK.url}`);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(`Grade Pack: ${PACK.title}`);
  const rows = admin.getByTestId("grade-prop-row");
  await expect(rows).toHaveCount(3);
  await rows.nth(0).getByText("SF", { exact: true }).click();
  await rows.nth(0).getByLabel("Result").fill("SF 27 - 20 GB");
  await rows.nth(1).getByText("Under 44.5", { exact: true }).click();
  await rows.nth(2).getByText("Push", { exact: true }).click();
  await expectAccessible(admin);
  await admin.getByRole("button", { name: "Save" }).click();
  // Nothing pays out or texts before the admin has read what will happen.
  const confirm = admin.getByRole("dialog", { name: "Save grades?" });
  await expect(confirm).toContainText(/3 props graded: \d+ takes? settled, winners paid and players texted their results\./);
  await confirm.getByRole("button", { name: "Save grades" }).click();
  await expect(admin.getByText(/^Grades saved successfully! SMS notifications sent to \d+ users?\.$/)).toBeVisible();
  await expect(admin.getByText(`${PACK.title}: Pack marked graded`)).toBeVisible();
  await expect(admin.getByTestId("updated-props")).toHaveText("3");

  // Setting the winners names who won, in words, not a count of "packs updated".
  await admin.goto("/admin");
  await admin.getByRole("button", { name: "Get Pack Winners" }).first().click();
  const winners = admin.getByRole("dialog", { name: "Graded Packs Without Winners" });
  // "Select all packs shown" ticks every row, and clears them again.
  const selectAll = winners.getByRole("checkbox", { name: "Select all packs shown" });
  const rowBoxes = winners.getByRole("checkbox", { name: /^Select (?!all)/ });
  await expect(rowBoxes.first()).toBeVisible();
  await selectAll.check();
  for (const box of await rowBoxes.all()) await expect(box).toBeChecked();
  await selectAll.uncheck();
  for (const box of await rowBoxes.all()) await expect(box).not.toBeChecked();
  await winners.getByRole("checkbox", { name: `Select ${PACK.title}` }).check();
  await winners.getByRole("button", { name: "Get Winners" }).click();
  await expect(winners.getByText("Set winners for 1 pack.")).toBeVisible();
  await expect(winners.getByText(new RegExp(`^${PACK.title}: @\\w+ wins with [\\d,]+ points$`))).toBeVisible();
  // The footer's Close (the corner x is also named Close).
  await winners.getByRole("button", { name: "Close" }).last().click();

  // The player's next visit shows the pack graded dialog with the right totals…
  await player.goto(`/profile/${GUS.handle}`);
  const dialog = player.getByRole("dialog", { name: `${GUS.handle}, your takes have been graded` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Results are in for ${PACK.title}.`)).toBeVisible();
  await expect(dialog.getByTestId("graded-total-points")).toHaveText("239");
  await expect(dialog.getByTestId("graded-diamonds")).toHaveText("11.95");
  await expect(dialog.getByTestId("graded-record")).toHaveText("1-1-1");
  const results = dialog.getByRole("row");
  await expect(results.nth(1)).toContainText("Who wins?");
  await expect(results.nth(1)).toContainText("Won");
  await expect(results.nth(1)).toContainText("139");
  await expect(results.nth(2)).toContainText("Lost");
  await expect(results.nth(3)).toContainText("Push");
  await expect(results.nth(3)).toContainText("100");
  await expectAccessible(player);
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toBeHidden();

  // …once: not again on the next visit (remembered for the profile, not the device).
  const otherDevice = await (await browser.newContext()).newPage();
  await signInAs(otherDevice, GUS.phone, "/leaderboard");
  // The server remembers it for the profile: asked from the other device, it says not to show them…
  const graded = (await otherDevice.evaluate((url) => fetch(`/api/packs/${url}/graded`).then((r) => r.json()), PACK.url)) as {
    shouldShow: boolean;
  };
  expect(graded.shouldShow).toBe(false);
  // …and the profile page, which renders its prompt only for results not yet seen, has none.
  const hydrated = otherDevice.waitForResponse((response) => new URL(response.url()).pathname === "/api/auth/session");
  await otherDevice.goto(`/profile/${GUS.handle}`);
  await hydrated;
  await expect(otherDevice.getByRole("heading", { level: 1 })).toHaveText(`@${GUS.handle}`);
  await expect(otherDevice.getByText(`Results are in for ${PACK.title}.`)).toHaveCount(0);

  // The leaderboard and the profile reflect the grade.
  await player.goto("/leaderboard");
  const myRow = player.getByRole("row").filter({ hasText: "You" });
  await expect(myRow).toContainText(`@${GUS.handle}`);
  await expect(myRow).toContainText((pointsBefore + 239).toLocaleString("en-US"));
  await expectAccessible(player);
  const packBoard = (await player.evaluate((url) => fetch(`/api/leaderboard?scope=pack&key=${url}`).then((r) => r.json()), PACK.url)) as {
    me: { points: number; won: number; lost: number; pushed: number };
  };
  expect(packBoard.me).toMatchObject({ points: 239, won: 1, lost: 1, pushed: 1 });

  await player.goto(`/profile/${GUS.handle}`);
  // Another graded demo pack whose results Gus has not been shown yet opens its own dialog now (once per pack).
  await player.waitForLoadState("networkidle");
  const nextResults = player.getByRole("dialog", { name: `${GUS.handle}, your takes have been graded` });
  if (await nextResults.isVisible()) {
    await expect(nextResults.getByText(`Results are in for ${PACK.title}.`)).toHaveCount(0);
    await nextResults.getByRole("button", { name: "OK" }).click();
    await expect(nextResults).toBeHidden();
  }
  await expect(player.getByRole("button", { name: /Points/ })).toContainText((pointsBefore + 239).toLocaleString("en-US"));
  const packTakes = player.getByRole("article").filter({ has: player.getByRole("link", { name: PACK.title }) });
  await expect(packTakes.getByText("Won", { exact: true })).toHaveCount(1);
  await expect(packTakes.getByText("Lost", { exact: true })).toHaveCount(1);
  await expect(packTakes.getByText("Push", { exact: true })).toHaveCount(1);
  await expectAccessible(player);

  // And the participant got a text (the outbox delivers within seconds).
  await expect
    .poll(() => textsTo(GUS.phone).some((text) => text.body.includes(`results are in for ${PACK.title}`)), { timeout: 20_000 })
    .toBe(true);

  // A correction: "49ers 28+?" was a push by mistake, it is Yes. Before saving, the confirmation shows each
  // affected player's points and diamonds from it before → after, who is texted, and the winners worked out again.
  await admin.goto(`/admin/grade/${PACK.url}`);
  await admin.getByTestId("grade-prop-row").nth(2).getByText("Yes", { exact: true }).click();
  await admin.getByRole("button", { name: "Save" }).click();
  const correction = admin.getByRole("dialog", { name: "Save grades?" });
  await expect(correction).toContainText("1 prop re-graded. 3 players have a different result: each gets one correction text.");
  await expect(correction).toContainText(`Winners of ${PACK.title} are worked out again: @hail_mary_hank`);
  await expect(correction).toContainText("→ @gridiron_gus (489 pts).");
  const details = correction.getByTestId("confirm-details");
  await expect(details).toContainText("49ers 28+?: Push → Yes won · 3 players affected");
  await expect(details.getByText(`@${GUS.handle}: 100 pts (5 diamonds) → 350 pts (17.5 diamonds)`)).toBeVisible();
  await expect(details.getByText("@blitz_bella: 100 pts (5 diamonds) → 0 pts (0 diamonds)")).toBeVisible();
  await expectAccessible(admin);
  await correction.getByRole("button", { name: "Save grades" }).click();
  await expect(admin.getByTestId("correction-texts")).toHaveText("Correction texts: 3");
  await expect(admin.getByText(/Winners worked out again: @hail_mary_hank \(\d+ pts\) → @gridiron_gus \(489 pts\)/)).toBeVisible();
  await expect
    .poll(
      () =>
        textsTo(GUS.phone)
          .filter((text) => text.body.includes(`Correction for ${PACK.title}`))
          .map((text) => text.body),
      { timeout: 20_000 },
    )
    .toEqual([expect.stringContaining('"49ers 28+?" was re-graded: Yes won. Your points from it: 100 → 350.')]);
});

test("grading a prop players can still pick says so first, and Cancel grades nothing", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, E2E.adminPhone, "/admin/grade/phillies-mets-tonight");
  const rows = page.getByTestId("grade-prop-row");
  await rows.nth(0).getByText("PHI", { exact: true }).click();
  await page.getByRole("button", { name: "Save" }).click();
  const confirm = page.getByRole("dialog", { name: "Save grades?" });
  await expect(confirm).toContainText(
    /^.*1 prop graded: \d+ takes? settled, winners paid and players texted their results\. 1 of them is still open to picks: grading closes it now\./,
  );
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await page.reload();
  await expect(page.getByTestId("grade-prop-row").nth(0).getByRole("radio", { name: "PHI" })).not.toBeChecked();
});
