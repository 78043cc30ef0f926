// Issue 23 item 4: head-to-head is reachable. On a phone (375 px, touch) a
// player goes from an open pack to a challenge against a demo player, who is
// texted and sees it on their next visit to the feed; /h2h/new without a pack
// offers the open packs instead of a 404.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectAccessible, signInAs, textsTo } from "./helpers";

const PHONE = { width: 375, height: 740 };
const BELLA = { phone: "5555550103", handle: "blitz_bella" };
// Once per pair per pack: a retry on the same database challenges someone else.
const OPPONENTS = [
  { phone: "5555550105", handle: "hail_mary_hank" },
  { phone: "5555550101", handle: "gridiron_gus" },
];

test.describe.configure({ mode: "serial" });
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

async function phoneTab(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  return context.newPage();
}

async function firstOpenPack(page: Page): Promise<{ packURL: string; title: string }> {
  const answer = (await (await page.request.get("/api/packs?view=Open")).json()) as { packs: Array<{ packURL: string; title: string }> };
  expect(answer.packs[0], "the demo data has an open pack").toBeDefined();
  return answer.packs[0]!;
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${page.url()} does not scroll sideways`).toBeLessThanOrEqual(
    PHONE.width,
  );

let challengePath = "";

test("from an open pack a player taps Challenge a friend, names a demo player, confirms the text and lands on the matchup", async ({
  page,
}) => {
  const opponent = OPPONENTS[test.info().retry % OPPONENTS.length]!;
  const pack = await firstOpenPack(page);
  await signInAs(page, BELLA.phone, `/packs/${pack.packURL}`);

  const challengeLink = page.getByRole("link", { name: "Challenge a friend" });
  await expect(challengeLink).toBeVisible();
  await noSidewaysScroll(page);
  await challengeLink.tap();
  await expect(page).toHaveURL(new RegExp(`/h2h/new\\?pack=${pack.packURL}$`));
  await expect(page.getByRole("heading", { name: "Challenge a friend", level: 1 })).toBeVisible();
  await noSidewaysScroll(page);

  const sentAt = Date.now() - 1_000;
  await page.getByLabel("Opponent's username").fill(opponent.handle);
  await page.getByRole("button", { name: "Send Challenge by Text" }).tap();
  // Nothing is sent before the player agrees to text the opponent.
  const confirm = page.getByRole("dialog", { name: `Challenge @${opponent.handle}?` });
  await expect(confirm).toContainText(`We'll text @${opponent.handle}`);
  await expectAccessible(page, "[role=dialog]");
  await confirm.getByRole("button", { name: "Send & Text" }).tap();

  await page.waitForURL(/\/h2h\/[0-9a-f-]{36}$/);
  challengePath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`@${BELLA.handle} vs @${opponent.handle}`);
  await expect(page.getByText("Waiting for an answer")).toBeVisible();
  await noSidewaysScroll(page);

  // The outbox delivers it within seconds: a text to the opponent with the link to answer.
  await expect
    .poll(
      () =>
        textsTo(opponent.phone)
          .filter((text) => Date.parse(text.at) >= sentAt)
          .map((text) => text.body),
      { timeout: 30_000 },
    )
    .toEqual([expect.stringMatching(new RegExp(`@${BELLA.handle} challenged you to a head-to-head on .+${challengePath}$`))]);
});

test("the opponent signs in, sees the challenge on the feed, opens it and accepts; the notice is gone after", async ({ browser }) => {
  expect(challengePath, "the challenge of the test before").not.toBe("");
  const opponent = OPPONENTS[test.info().retry % OPPONENTS.length]!;
  const page = await phoneTab(browser);
  await signInAs(page, opponent.phone, "/");

  const notice = page.getByRole("complementary", { name: "Head-to-head challenge" });
  await expect(notice).toContainText(`@${BELLA.handle} challenged you on`, { timeout: 20_000 });
  // The feed's once-per-tab pack-active popup opens over it once the player's progress is known: close it first.
  const popup = page.getByRole("dialog", { name: "Pack active now!" });
  const popped = await popup.waitFor({ state: "visible", timeout: 20_000 }).then(
    () => true,
    () => false,
  );
  if (popped) {
    await page.keyboard.press("Escape");
    await expect(popup).toHaveCount(0);
  }
  await expect(notice).toBeVisible();
  await noSidewaysScroll(page);
  await expectAccessible(page, "[data-testid=pending-challenge-notice]");
  await notice.getByRole("link", { name: "See the challenge" }).tap();
  await expect(page).toHaveURL(new RegExp(`${challengePath}$`));
  await page.getByRole("button", { name: "Accept Challenge" }).tap();
  await expect(page.getByText("Accepted: decided when the pack is graded")).toBeVisible();

  // Their menu leads to the list of their head-to-heads, where it now shows as accepted.
  await page.getByRole("button", { name: "Menu" }).tap();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Head-to-head" }).tap();
  await expect(page).toHaveURL(/\/h2h$/);
  await expect(page.getByRole("link", { name: `@${BELLA.handle} challenged you` }).first()).toBeVisible();

  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await expect(notice).toHaveCount(0);
  await page.context().close();
});

test("/h2h/new without a pack offers the open packs (not a 404), and a visitor is asked to sign in before challenging", async ({
  browser,
}) => {
  const page = await phoneTab(browser);
  const pack = await firstOpenPack(page);
  const response = await page.goto("/h2h/new");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Challenge a friend", level: 1 })).toBeVisible();
  await noSidewaysScroll(page);
  const choice = page.getByRole("list", { name: "Open packs" }).getByRole("link", { name: pack.title }).first();
  await choice.tap();
  await expect(page).toHaveURL(new RegExp(`/h2h/new\\?pack=`));
  await expect(page.getByRole("link", { name: "Log in to challenge" })).toHaveAttribute(
    "href",
    /^\/login\?redirect=%2Fh2h%2Fnew%3Fpack%3D/,
  );
  await page.context().close();
});

test("a challenge on a pack that has closed says when it closed, not that it closes", async ({ browser }) => {
  // The demo's rivalry: gridiron_gus against bullpen_betty on Cowboys at Eagles, closed and graded.
  const page = await phoneTab(browser);
  await signInAs(page, "5555550102", "/h2h");
  const hrefs = await page.locator("a[href^='/h2h/']").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const challenge = hrefs.find((href) => /^\/h2h\/(?!new$)[\w-]+$/.test(href));
  expect(challenge, "betty's demo challenge is listed").toBeDefined();
  await page.goto(challenge!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("@gridiron_gus vs @bullpen_betty");
  await expect(page.getByText(/· closed \w{3}, \w{3} \d+/)).toBeVisible();
  await expect(page.getByText(/· closes /)).toHaveCount(0);
  await page.context().close();
});

test("the opponent's name is checked before the confirmation, with names suggested as it is typed, players met before first", async ({
  page,
}) => {
  const pack = await firstOpenPack(page);
  // gridiron_gus has played a head-to-head with bullpen_betty (the demo's graded rivalry).
  await signInAs(page, "5555550101", `/h2h/new?pack=${pack.packURL}`);
  const name = page.getByLabel("Opponent's username");
  await name.fill("bul");
  const options = page.locator(`[id="${await name.getAttribute("list")}"] option`);
  await expect(options.first()).toHaveAttribute("value", "bullpen_betty");
  await expect(options.first()).toHaveAttribute("label", "Played before");

  // A typo is caught on the form, with the name it may have meant, and nothing is confirmed or sent.
  await name.fill("bullpen_bety");
  await page.getByRole("button", { name: "Send Challenge by Text" }).tap();
  await expect(page.getByRole("alert").filter({ hasText: "No player called" })).toHaveText(
    "No player called @bullpen_bety. Did you mean @bullpen_betty?",
  );
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(name).toHaveAttribute("aria-invalid", "true");

  // The right name, in any case, is confirmed as the player spells it.
  await name.fill("BULLPEN_BETTY");
  await page.getByRole("button", { name: "Send Challenge by Text" }).tap();
  const confirm = page.getByRole("dialog", { name: "Challenge @bullpen_betty?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).tap();
  await expect(confirm).toBeHidden();
});
