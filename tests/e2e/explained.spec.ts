// The game explains itself (issue 40 items 1–3, docs/SCREENS.md §2.1, §2.14, §4): a visitor on a
// phone sees what Takes is and how to win on `/`, reaches How it works and the Official rules from
// the footer, signs in, plays a pack through the review of the picks, and then `/` leads with the
// packs alone.
import { expect, test, type Page } from "@playwright/test";
import { GAME_SITUATION_RULES } from "../../src/domain/house-rules";
import { POINTS_EXAMPLES, PUSH_EXAMPLE } from "../../src/domain/how-it-works";
import { closePackActiveIfShown, expectAccessible, latestCode, signInAs, submitThroughReview } from "./helpers";

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

const pitch = (page: Page) => page.getByRole("region", { name: /call the games, win points/ });
const footerLink = (page: Page, name: string) =>
  page.getByRole("contentinfo").getByRole("navigation", { name: "About the game" }).getByRole("link", { name, exact: true });

test("a visitor on a phone learns the game from the pitch and the footer's pages, plays a pack through the review, and the pitch is gone after", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `198.19.40.${(Date.now() % 200) + 1}` });

  // The pitch: what the game is, how to win, one tap to the next open pack.
  await page.goto("/");
  await closePackActiveIfShown(page);
  await expect(pitch(page)).toBeVisible();
  await expect(pitch(page)).toContainText("Pick a side on each prop");
  await expect(pitch(page)).toContainText("the underdog pays more than the favourite");
  await expect(pitch(page)).toContainText("Diamonds are 5% of the points you win");
  const play = pitch(page).getByRole("link", { name: /^Play / });
  await expect(play).toBeVisible();
  await expectAccessible(page);

  // How it works, from the footer: the table is exactly the examples the rule computes.
  await footerLink(page, "How it works").tap();
  await expect(page).toHaveURL("/how-it-works");
  await expect(page.getByRole("heading", { level: 1, name: "How it works" })).toBeVisible();
  const rows = page.getByTestId("points-example");
  await expect(rows).toHaveCount(POINTS_EXAMPLES.length + 1);
  for (const [index, example] of [...POINTS_EXAMPLES, PUSH_EXAMPLE].entries()) {
    await expect(rows.nth(index).getByRole("cell")).toHaveText([example.who, String(example.points), example.diamonds]);
    await expect(rows.nth(index).getByRole("rowheader")).toHaveText(example.price);
  }

  // The Official rules, from the footer: eligibility and every written rule for unusual games.
  await footerLink(page, "Official rules").tap();
  await expect(page).toHaveURL("/rules");
  await expect(page.getByRole("heading", { level: 1, name: "Official rules" })).toBeVisible();
  await expect(page.getByText("You must be 18 or older")).toBeVisible();
  await expect(page.getByText("No purchase or payment is necessary")).toBeVisible();
  for (const rule of Object.values(GAME_SITUATION_RULES)) await expect(page.getByText(rule.text)).toBeVisible();

  // Signing in, the player has no take yet: the pitch stays, and leads to the pack.
  const phone = `555${String(Date.now()).slice(-7)}`;
  await signInAs(page, phone, "/");
  await closePackActiveIfShown(page);
  await expect(pitch(page)).toBeVisible();
  const packTitle = ((await play.textContent()) ?? "").replace(/^Play /, "");
  await play.tap();
  await expect(page).toHaveURL(/\/packs\//);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(packTitle);

  // Every side says what it pays before it is picked; the pick keeps saying it after.
  const label = await page.locator("[role=group][aria-label^='Prop 1 of']").getAttribute("aria-label");
  const total = Number(label!.split(" of ")[1]);
  const expected: string[] = [];
  for (let n = 1; n <= total; n++) {
    // Each pick brings the next card to the front.
    const side = page
      .getByRole("group", { name: `Prop ${n} of ${total}` })
      .getByRole("button", { name: /, to win \d+ points$/ })
      .first();
    const points = (await side.getAttribute("aria-label"))!.match(/to win (\d+) points$/)![1]!;
    await expect(side).toContainText(`to win ${points} points`);
    await side.tap();
    await expect(side).toHaveAttribute("aria-pressed", "true");
    await expect(side).toContainText(`to win ${points} points`);
    expected.push(`to win ${Number(points).toLocaleString("en-US")} points`);
  }
  expect(expected.length, "the pack has open props to pick").toBeGreaterThan(0);
  await expect(page.getByText(/^Your picks: to win up to [\d,]+ points$/)).toBeVisible();

  // Submit opens the review: each pick with what it pays and when it locks; "Submit picks" sends them.
  const reviewed = await submitThroughReview(page.getByRole("button", { name: /^Submit \d+ Takes?$/ }), { tap: true });
  expect(reviewed).toHaveLength(expected.length);
  for (const [index, line] of reviewed.entries()) {
    expect(line).toContain(expected[index]);
    expect(line).toMatch(/Locks /);
  }
  const made = page.getByRole("dialog", { name: "Takes Made ✅" });
  await expect(made).toBeVisible();
  await made.getByRole("button", { name: "Close" }).last().tap();

  // Played: the dashboard leads with the packs, and the pitch is gone. The submission marked this
  // browser as one that has played, and the cache serves it that copy; a newcomer's copy keeps the
  // pitch (docs/decisions/058-the-game-explains-itself.md).
  const mine = await page.goto("/");
  expect(mine!.headers()["x-takes-cache"]).toMatch(/^(hit|miss|stale)$/);
  await expect(page.getByRole("heading", { level: 2, name: /Packs/ }).first()).toBeVisible();
  await expect(pitch(page)).toHaveCount(0);
  const visitors = await request.get("/");
  expect(visitors.headers()["x-takes-cache"]).toMatch(/^(hit|miss|stale)$/);
  expect(await visitors.text()).toContain("call the games, win points");

  // On another phone, signing in as this player: they have played, so that browser's dashboard has no pitch either.
  const other = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, baseURL: new URL(page.url()).origin });
  await other.setExtraHTTPHeaders({ "x-forwarded-for": `198.19.41.${(Date.now() % 200) + 1}` });
  const phone2 = await other.newPage();
  await phone2.goto("/");
  await expect(pitch(phone2)).toBeVisible();
  // Through the sign-in form itself (signInAs would reuse the first phone's session cookies).
  const startedAt = Date.now() - 1_000;
  await phone2.goto("/login?redirect=%2F");
  await phone2.getByLabel(/enter your phone/i).fill(phone);
  await phone2.getByRole("button", { name: "Send Code" }).tap();
  await phone2.getByLabel(/6-digit code/i).fill(await latestCode(phone, startedAt));
  await phone2.getByRole("button", { name: /verify/i }).tap();
  await expect(phone2).toHaveURL("/");
  await expect(phone2.getByTestId("profile-pill")).toBeVisible();
  await closePackActiveIfShown(phone2);
  await expect(phone2.getByRole("heading", { level: 2, name: /Packs/ }).first()).toBeVisible();
  await expect(pitch(phone2)).toHaveCount(0);
  await other.close();
});

test("the sign-in page says that signing in accepts the Terms and the Privacy Policy, with links to both", async ({ page }) => {
  await page.goto("/login");
  const agreement = page.getByText("By signing in you agree to the");
  await expect(agreement).toBeVisible();
  await agreement.getByRole("link", { name: "Terms" }).tap();
  await expect(page).toHaveURL("/terms");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await page.goBack();
  await page.getByText("By signing in you agree to the").getByRole("link", { name: "Privacy Policy" }).tap();
  await expect(page).toHaveURL("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  // The retention figures are the code's own: a sign-in code works 10 minutes, its record goes a day after.
  await expect(page.getByText(/Sign-in codes work for 10 minutes .* deleted 24 hours after it expires/)).toBeVisible();
});
