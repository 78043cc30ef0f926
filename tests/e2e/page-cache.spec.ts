// The shared page cache as players and the commissioner meet it on `next start`
// (src/front-door/page-cache.ts, docs/decisions/025-shared-page-cache.md): public
// pages are one copy for everyone, a player's own picks and progress still show
// at once, and an admin's change is on the public pages the moment it is saved.
import { expect, test, type Page } from "@playwright/test";
import { signInAs, submitThroughReview } from "./helpers";

// The demo seed's open MLB pack (three props) and its super admin.
const PACK = "phillies-mets-tonight";
const PACK_TITLE = "Mets at Phillies";
const ADMIN_PHONE = "5555550100";

const frontCard = (page: Page, n: number) => page.getByRole("group", { name: `Prop ${n} of 3` });

test("a player gets the same cached pack page as a visitor, and sees their own picks, receipt and feed progress on it", async ({
  page,
  request,
}) => {
  const phone = `555${String(Date.now()).slice(-7)}`;
  await signInAs(page, phone, `/packs/${PACK}`);

  // Two picks, submitted.
  await frontCard(page, 1).getByRole("button").nth(1).click();
  await frontCard(page, 2).getByRole("button").nth(0).click();
  await submitThroughReview(page.getByRole("button", { name: "Submit 2 Takes" }));
  const completed = page.getByRole("dialog", { name: "Takes Made ✅" });
  await expect(completed).toBeVisible();
  await completed.getByRole("button", { name: /close/i }).first().click();
  // The hero's own buttons appear as soon as the takes are saved, without a reload.
  await expect(page.getByRole("button", { name: "View receipt" })).toBeVisible();

  // The page itself is the shared copy: served from the cache, with nothing of this player in it.
  const answer = await page.goto(`/packs/${PACK}`);
  expect(answer!.headers()["x-takes-cache"]).toMatch(/^(hit|miss|stale)$/);
  const html = await answer!.text();
  expect(html).not.toContain('aria-pressed="true"');
  expect(html).not.toContain("View receipt");
  const visitor = await request.get(`/packs/${PACK}`);
  expect(visitor.headers()["x-takes-cache"]).toMatch(/^(hit|miss|stale)$/);

  // The browser draws the player's picks and buttons in.
  await expect(frontCard(page, 1).getByRole("button").nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(frontCard(page, 2).getByRole("button").nth(0)).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("button[aria-pressed=true]")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Share my Takes" })).toBeVisible();
  await expect(page.getByRole("button", { name: "View receipt" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Takes" })).toBeDisabled();

  // The feed's card of that pack shows the player's progress; a visitor's copy of the feed does not.
  // Every day's packs: the pack's game starts hours from now, which late in a New York evening is tomorrow.
  // The dashboard is a cached copy for the player too: the one for browsers that have played, which
  // their submission marked (docs/decisions/058-the-game-explains-itself.md).
  const feed = await page.goto("/?day=all");
  expect(feed!.headers()["x-takes-cache"]).toMatch(/^(hit|miss|stale)$/);
  const card = page.getByTestId("pack-card").filter({ has: page.getByRole("link", { name: PACK_TITLE }) });
  await expect(card).toContainText("2 of 3 props completed");
  const visitorFeed = await request.get("/?day=all");
  expect(visitorFeed.headers()["x-takes-cache"]).toMatch(/^(hit|miss|stale)$/);
  expect(await visitorFeed.text()).not.toContain("props completed");
});

test("a closed pack's page is rendered for the signed-in player, and shared only between visitors", async ({ page, request }) => {
  const packs = (await (await request.get("/api/packs?view=all")).json()) as { packs: Array<{ packURL: string; packStatus: string }> };
  const graded = packs.packs.find((p) => p.packStatus === "graded");
  expect(graded, "the demo world has a graded pack").toBeDefined();
  const path = `/packs/${graded!.packURL}`;
  await request.get(path);
  expect((await request.get(path)).headers()["x-takes-cache"]).toBe("hit");

  await signInAs(page, `555${String(Date.now() + 7).slice(-7)}`, "/");
  const answer = await page.goto(path);
  expect(answer!.status()).toBe(200);
  expect(answer!.headers()["x-takes-cache"]).toBeUndefined();
});

test("an admin's change to a pack is on the public pages at once, not when the cached copy ages out", async ({ page, request }) => {
  // Copies of the pack page and the feed exist before the change.
  // (An older copy may be served stale once while it is refilled.)
  for (const path of [`/packs/${PACK}`, "/"]) {
    await expect.poll(async () => (await request.get(path)).headers()["x-takes-cache"]).toBe("hit");
  }
  await signInAs(page, ADMIN_PHONE, "/admin/packs");
  const list = (await (await page.request.get(`/api/admin/packs?q=${encodeURIComponent(PACK_TITLE)}`)).json()) as {
    packs?: Array<{ id: string; packUrl: string; title: string }>;
  };
  const pack = list.packs?.find((p) => p.packUrl === PACK);
  expect(pack, "the admin list finds the demo pack").toBeDefined();
  const renamed = `${PACK_TITLE} (moved up)`;
  try {
    const saved = await page.request.patch(`/api/admin/packs/${pack!.id}`, { data: { title: renamed } });
    expect(saved.status(), await saved.text()).toBe(200);
    // No waiting: the very next visitor request renders the change.
    expect(await (await request.get(`/packs/${PACK}`)).text()).toContain(renamed);
    expect(await (await request.get("/")).text()).toContain(renamed);
  } finally {
    const restored = await page.request.patch(`/api/admin/packs/${pack!.id}`, { data: { title: PACK_TITLE } });
    expect(restored.status(), await restored.text()).toBe(200);
  }
  expect(await (await request.get(`/packs/${PACK}`)).text()).not.toContain(renamed);
});

test("a signed-in player's tap from the feed to a pack gets React's payload from Next itself, never a cached copy", async ({ page }) => {
  // Every day's packs: late in a New York evening the pack's game is tomorrow's.
  await signInAs(page, `555${String(Date.now() + 13).slice(-7)}`, "/?day=all");
  // signInAs answered the new player's username prompt, this page view's one unasked dialog, so the
  // feed's "Pack active now!" is held back (components/dialogs/unasked-gate.ts): nothing is in the way.
  await expect(page.locator("html[data-pack-active]")).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const card = page.getByTestId("pack-card").filter({ has: page.getByRole("link", { name: PACK_TITLE }) });
  // Navigation payloads depend on where the browser comes from and are no longer kept
  // (docs/decisions/052-one-owned-server.md): each tap is Next's own answer.
  for (let round = 0; round < 2; round++) {
    // The navigation's own payload, not the prefetch a hover or touch may have asked for first.
    const payload = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === `/packs/${PACK}` &&
        r.request().headers()["rsc"] === "1" &&
        !r.request().headers()["next-router-prefetch"],
    );
    await card.getByRole("link", { name: PACK_TITLE }).click();
    const answer = await payload;
    expect(answer.headers()["x-takes-cache"]).toBeUndefined();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(PACK_TITLE);
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Pack Feed" })).toBeVisible();
    if (round === 0) {
      // Back on the feed is a new page view: the pop-up held back at sign-in comes now, once.
      const popup = page.getByRole("dialog", { name: "Pack active now!" });
      await expect(popup).toBeVisible({ timeout: 20_000 });
      await page.keyboard.press("Escape");
      await expect(popup).toHaveCount(0);
    }
  }
});

test("a signed-in player on the shared leaderboard sees their own row marked You, drawn in by the browser", async ({ page, request }) => {
  // dinger_dan (555-555-0104) has points in the demo world, so a row on the first page.
  await signInAs(page, "5555550104", "/");
  const answer = await page.goto("/leaderboard");
  expect(answer!.headers()["x-takes-cache"]).toMatch(/^(hit|miss|stale)$/);
  expect(await answer!.text()).not.toContain(">You<");
  const mine = page.locator("tr", { has: page.getByRole("link", { name: "@dinger_dan" }) });
  await expect(mine.getByText("You", { exact: true })).toBeVisible();
  await expect(mine).toHaveClass(/font-bold/);
  await expect(page.getByText("You", { exact: true })).toHaveCount(1);
  // A visitor's copy marks nobody.
  expect(await (await request.get("/leaderboard")).text()).not.toContain(">You<");
});
