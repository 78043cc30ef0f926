import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./env";
import { buildOpenPack, expectAccessible, signInAs, textsTo } from "./helpers";

// "Fix a pick, with a trail" (issue 41 item 3, docs/decisions/061-pick-fixes.md): from the admin
// player page the commissioner adds a late pick and switches a disputed one after grading; the
// player is texted, reads the change and its reason on their receipt, and their balance follows.
const DESKTOP = { width: 1280, height: 900 };

/** The balance the header pill shows the player, in diamonds. */
async function balanceOf(player: Page, handle: string): Promise<number> {
  const answer = await player.request.get(`/api/profile/${handle}?select=tokens`);
  return ((await answer.json()) as { tokensBalance: number }).tokensBalance;
}

/** Chooses the pack, the prop and the new pick in "Fix a pick", with a reason, and presses "Fix the pick". */
async function fixPick(admin: Page, options: { pack: string; prop: string; pick: RegExp; reason: string }) {
  const section = admin.getByRole("region", { name: "Fix a pick" });
  await section.getByRole("combobox", { name: "Pack" }).selectOption({ label: options.pack });
  await section.getByRole("combobox", { name: "Prop" }).selectOption({ label: `${options.prop} (graded)` });
  await section.getByRole("radio", { name: options.pick }).check();
  await section.getByRole("textbox", { name: "Reason" }).fill(options.reason);
  await section.getByRole("button", { name: "Fix the pick" }).click();
  return admin.getByRole("dialog", { name: /^Fix @\w+'s pick\?$/ });
}

test("the commissioner adds a late pick and switches a disputed one after grading; the player is texted, reads why on the receipt and is paid", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const phone = test.info().retry ? "5555550462" : "5555550461";
  const player = await (await browser.newContext()).newPage();
  await signInAs(player, phone, "/leaderboard");
  const handle = (await player.getByTestId("profile-pill").getAttribute("href"))!.split("/").pop()!;

  const admin = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInAs(admin, E2E.adminPhone, "/admin");
  const stamp = Date.now().toString(36);
  const title = `Fix Night ${stamp}`;
  const { packId, propIds } = await buildOpenPack(
    admin,
    { title, packUrl: `fix-${stamp}`, league: "nfl", openTime: new Date(Date.now() - 60_000), closeTime: new Date(Date.now() + 3_600_000) },
    [
      { shortLabel: "Who wins?", sideAShort: "Eagles", sideBShort: "Giants", sideATake: "Eagles win.", sideBTake: "Giants win." },
      { shortLabel: "Over 44.5?", sideAShort: "Over", sideBShort: "Under", sideATake: "Over 44.5.", sideBTake: "Under 44.5." },
    ],
  );
  // The player picks the Giants only: the total's pick was texted in late and never saved.
  const submitted = await player.request.post(`/api/packs/fix-${stamp}/takes`, {
    data: { takes: [{ propId: propIds[0], side: "B" }], idempotencyKey: randomUUID() },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  // The pack closes and both props are graded: the Eagles won, the game went over.
  expect(
    (await admin.request.patch(`/api/admin/packs/${packId}`, { data: { closeTime: new Date(Date.now() - 1_000).toISOString() } })).status(),
  ).toBe(200);
  const graded = await admin.request.post("/api/admin/gradeProps", {
    data: {
      grades: [
        { propId: propIds[0], outcome: "A" },
        { propId: propIds[1], outcome: "A" },
      ],
    },
  });
  expect(graded.status(), await graded.text()).toBe(200);
  expect(await balanceOf(player, handle)).toBe(0);

  const found = await admin.request.get(`/api/admin/profiles?q=${handle}`);
  const profileId = ((await found.json()) as { players: Array<{ id: string; handle: string }> }).players.find(
    (p) => p.handle === handle,
  )!.id;
  await admin.goto(`/admin/players/${profileId}`);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(`@${handle}`);
  await expect(admin.getByRole("region", { name: "Fix a pick" }).getByRole("combobox", { name: "Pack" })).toBeEnabled();

  // A late pick: the confirmation says what it pays before anything is saved.
  const late = await fixPick(admin, { pack: title, prop: "Over 44.5?", pick: /^Over/, reason: "Texted his pick before kickoff" });
  await expect(late).toContainText("No pick → Over on “Over 44.5?”");
  await expect(late).toContainText("Points from it: 0 → 250; diamonds: 0 → 12.5.");
  await expectAccessible(admin, "[role=dialog]");
  await late.getByRole("button", { name: "Fix the pick" }).click();
  await expect(admin.getByText("Pick fixed: No pick → Over. The player was texted.")).toBeVisible();
  await expect(admin.getByText("12.5 diamonds", { exact: true })).toBeVisible();
  await expectAccessible(admin);

  // A dispute: the app showed the wrong team, so the Giants pick becomes the Eagles.
  const dispute = await fixPick(admin, { pack: title, prop: "Who wins?", pick: /^Eagles/, reason: "The app showed the wrong team" });
  await expect(dispute).toContainText("Giants → Eagles on “Who wins?”");
  await dispute.getByRole("button", { name: "Fix the pick" }).click();
  await expect(admin.getByText("Pick fixed: Giants → Eagles. The player was texted.")).toBeVisible();
  await expect(admin.getByText("25 diamonds", { exact: true })).toBeVisible();
  await expect(admin.getByRole("table", { name: "Ledger" }).getByRole("row").nth(1)).toContainText("Pick fixed by the commissioner");

  // The player's texts link to the receipt that shows the picks after the fix, and why.
  await expect.poll(() => textsTo(phone).filter((t) => t.body.includes("The commissioner changed your pick")).length).toBe(2);
  const text = textsTo(phone).findLast((t) => t.body.includes("The commissioner changed your pick"))!;
  expect(text.body).toContain(
    `"Who wins?" in ${title}: Giants → Eagles. Reason: The app showed the wrong team. Your points from it: 0 → 250.`,
  );
  const receiptPath = new URL(text.body.match(/https?:\/\/\S+/)![0]).pathname;
  await player.goto(receiptPath);
  const changes = player.getByRole("region", { name: "Changes by the commissioner" });
  await expect(changes.getByTestId("receipt-fix").first()).toContainText(
    /^Changed by the commissioner on .+: The app showed the wrong team\. Who wins\?: Giants → Eagles\.$/,
  );
  await expect(changes.getByTestId("receipt-fix").nth(1)).toContainText("Texted his pick before kickoff. Over 44.5?: No pick → Over.");
  const takes = player.getByTestId("receipt-take");
  await expect(takes.filter({ hasText: "Who wins?" })).toContainText("Your answer: Eagles");
  await expect(takes.filter({ hasText: "Who wins?" })).toContainText("+250 pts");
  await expect(takes.filter({ hasText: "Over 44.5?" })).toContainText("Your answer: Over");
  await expectAccessible(player);
  expect(await balanceOf(player, handle)).toBe(25);
});
