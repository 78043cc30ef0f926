// Issue 42 acceptance (docs/decisions/066-groups.md): two players on their phones. A creates a
// group and copies its invite link; B opens it in a fresh browser, signs in and joins; both play
// an open pack; B sees A's picks only once the props lock; after grading the group board ranks
// them; the invite page's og:image is a 1200×630 PNG (the card route is built on another branch:
// this last test passes once both are merged).
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E } from "./env";
import { buildOpenPack, expectAccessible, signInAs, submitThroughReview } from "./helpers";

const PHONE = { width: 375, height: 740 };
test.describe.configure({ mode: "serial" });
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

// Fresh players each run (a retry makes new ones): 555-555-14xx / 15xx.
const run = Math.floor(Math.random() * 100)
  .toString()
  .padStart(2, "0");
const A_PHONE = `55555514${run}`;
const B_PHONE = `55555515${run}`;
const stamp = Date.now().toString(36);
const packUrl = `group-${stamp}`;

let groupPath = "";
let inviteUrl = "";
let packId = "";
let propIds: string[] = [];
let aPage: Page;
let bPage: Page;

async function phoneTab(browser: Browser, options: { clipboard?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    permissions: options.clipboard ? ["clipboard-read", "clipboard-write"] : [],
  });
  return context.newPage();
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${page.url()} does not scroll sideways`).toBeLessThanOrEqual(
    PHONE.width,
  );

async function admin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, E2E.adminPhone, "/admin");
  return page;
}

async function playPack(page: Page, side: 0 | 1) {
  await page.goto(`/packs/${packUrl}`);
  for (let n = 1; n <= 2; n++) {
    const button = page
      .getByRole("group", { name: `Prop ${n} of 2` })
      .getByRole("button")
      .nth(side);
    await button.tap();
    await expect(button).toHaveAttribute("aria-pressed", "true");
  }
  await submitThroughReview(page.getByRole("button", { name: "Submit 2 Takes" }), { tap: true });
  await expect(page.getByRole("dialog", { name: "Takes Made ✅" })).toBeVisible();
}

test("A creates a group on a phone and copies its invite link", async ({ browser }) => {
  const built = await buildOpenPack(
    await admin(browser),
    { title: "Group Night", packUrl, league: "nfl", openTime: new Date(Date.now() - 60_000), closeTime: new Date(Date.now() + 3_600_000) },
    [
      { shortLabel: "Who wins?", sideAShort: "Eagles", sideBShort: "Giants", sideATake: "The Eagles win.", sideBTake: "The Giants win." },
      {
        shortLabel: "Over 44.5?",
        sideAShort: "Over",
        sideBShort: "Under",
        sideATake: "Over 44.5 points.",
        sideBTake: "Under 44.5 points.",
      },
    ],
  );
  packId = built.packId;
  propIds = built.propIds;

  aPage = await phoneTab(browser, { clipboard: true });
  await signInAs(aPage, A_PHONE, "/groups");
  await expect(aPage.getByRole("heading", { name: "Groups", level: 1 })).toBeVisible();
  await expect(aPage.getByText("You are not in a group yet")).toBeVisible();
  await noSidewaysScroll(aPage);
  await aPage.getByLabel("Group name").fill(`Sunday Crew ${stamp}`);
  await aPage.getByRole("button", { name: "Create group" }).tap();
  await aPage.waitForURL(/\/groups\/[0-9a-f-]{36}$/);
  groupPath = new URL(aPage.url()).pathname;
  await expect(aPage.getByRole("heading", { name: `Sunday Crew ${stamp}`, level: 1 })).toBeVisible();
  await expect(aPage.getByText("1 member · Owner @")).toBeVisible();
  await noSidewaysScroll(aPage);

  await aPage.getByRole("button", { name: "Copy" }).tap();
  await expect(aPage.getByText("Invite link copied")).toBeVisible();
  inviteUrl = await aPage.evaluate(() => navigator.clipboard.readText());
  expect(inviteUrl).toMatch(/\/groups\/join\/[A-Za-z0-9_-]{32}$/);
  await aPage.getByText("Show QR code").tap();
  await expect(aPage.getByRole("img", { name: /QR code for the invite link/ })).toBeVisible();
  await expectAccessible(aPage);
});

test("B opens the link in a fresh browser, signs in, comes back to the invite and joins", async ({ browser }) => {
  expect(inviteUrl, "the link of the test before").not.toBe("");
  bPage = await phoneTab(browser);
  const invitePath = new URL(inviteUrl).pathname;
  await bPage.goto(invitePath);
  await expect(bPage.getByRole("heading", { name: `Sunday Crew ${stamp}`, level: 1 })).toBeVisible();
  await expect(bPage.getByText("1 member · Owner @")).toBeVisible();
  await noSidewaysScroll(bPage);
  await expectAccessible(bPage);
  await bPage.getByRole("link", { name: "Log in to join" }).tap();
  await signInAs(bPage, B_PHONE, invitePath);
  await expect(bPage).toHaveURL(new RegExp(`${invitePath}$`));
  await bPage.getByRole("button", { name: "Join group" }).tap();
  await bPage.waitForURL(new RegExp(`${groupPath}$`));
  await expect(bPage.getByText("2 members · Owner @")).toBeVisible();
});

test("both play the open pack; the group page counts who still has to pick; B sees A's picks only after lock", async ({ browser }) => {
  await aPage.goto(groupPath);
  const row = aPage.getByRole("listitem").filter({ hasText: "Group Night" });
  await expect(row.getByTestId("still-to-pick")).toHaveText("2 of 2 still to pick");

  await playPack(aPage, 0);
  await aPage.goto(groupPath);
  await expect(row.getByTestId("still-to-pick")).toHaveText("1 of 2 still to pick");
  await playPack(bPage, 1);
  await aPage.goto(groupPath);
  await expect(row.getByTestId("still-to-pick")).toHaveText("Everyone has picked");

  // Before the lock: no pick of A's anywhere on B's screen.
  await bPage.goto(`${groupPath}/packs/${packUrl}`);
  await expect(bPage.getByRole("status").filter({ hasText: "Picks show at lock" })).toBeVisible();
  await expect(bPage.locator("li[data-handle]")).toHaveCount(2);
  await expect(bPage.locator("main")).not.toContainText("Eagles");
  await expect(bPage.locator("main")).not.toContainText("Giants");
  await expectAccessible(bPage);

  // The pack locks (its close moves into the past, as other specs move the clock).
  const adminPage = await admin(browser);
  expect(
    (
      await adminPage.request.patch(`/api/admin/packs/${packId}`, { data: { closeTime: new Date(Date.now() - 1_000).toISOString() } })
    ).status(),
  ).toBe(200);
  await bPage.reload();
  await expect(bPage.getByText("Picks show at lock")).toHaveCount(0);
  const cards = bPage.locator("li[data-handle]");
  await expect(cards.filter({ hasText: "Eagles" })).toHaveCount(1);
  await expect(cards.filter({ hasText: "Giants" })).toHaveCount(1);

  // Graded: A picked both winners, B neither.
  const graded = await adminPage.request.post("/api/admin/gradeProps", {
    data: { grades: propIds.map((propId) => ({ propId, outcome: "A" })) },
  });
  expect(graded.status(), await graded.text()).toBe(200);
});

test("the group board ranks A first and B second on the pack tab", async () => {
  const session = (await aPage.evaluate(() => fetch("/api/auth/session").then((r) => r.json()))) as { user?: { profileID?: string } };
  const aHandle = session.user?.profileID ?? "";
  expect(aHandle).not.toBe("");
  await expect
    .poll(
      async () => {
        await bPage.goto(`${groupPath}?tab=pack&pack=${packUrl}`);
        return bPage.locator("#board tbody tr").evaluateAll((rows) => rows.map((r) => r.querySelector("td")?.textContent ?? ""));
      },
      { timeout: 30_000 },
    )
    .toEqual(["1", "2"]);
  await expect(bPage.locator("#board tbody tr").first()).toHaveAttribute("data-handle", aHandle);
  await expect(bPage.locator("#board tbody tr").nth(1)).toContainText("You");
  await noSidewaysScroll(bPage);
  await expectAccessible(bPage);
});

test("the invite link's page carries an og:image that is a 1200×630 PNG", async ({ request }) => {
  // Depends on the group card route (/api/cards/group/{token}) from the share-cards branch.
  const html = await (await request.get(new URL(inviteUrl).pathname)).text();
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  expect(image, "the invite page names an og:image").toBeTruthy();
  expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
  const png = await request.get(new URL(image!.replace(/&amp;/g, "&")).pathname);
  expect(png.status()).toBe(200);
  expect(png.headers()["content-type"]).toContain("image/png");
  const bytes = await png.body();
  // PNG signature, then the IHDR chunk: width and height as big-endian 32-bit integers at 16 and 20.
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
});
