// Streaks, badges and celebrations (issue 42 items 3 and 6; docs/decisions/068-streaks-badges-recaps.md):
// a fan at 375 px who asked for reduced motion submits a pack and hears "Pack submitted!" without
// anything moving, then finds their week on their profile and their first badge celebrated once on
// its badges page beside their streak, the badges still to earn (with how), and their week.
import { expect, test } from "@playwright/test";
import { expectAccessible, signInAs, submitThroughReview } from "./helpers";

const OPEN_PACK = "phillies-mets-tonight";

test.use({ viewport: { width: 375, height: 812 }, reducedMotion: "reduce" });

test("a submitted pack and a first badge are celebrated in words, once, with nothing moving under reduced motion", async ({ page }) => {
  await signInAs(page, "5555557468", `/packs/${OPEN_PACK}`);
  await page
    .getByRole("group", { name: /^Prop 1 of \d+$/ })
    .getByRole("button", { name: /points$/ })
    .first()
    .click();
  await submitThroughReview(page.getByRole("button", { name: "Submit 1 Take" }));
  const done = page.getByRole("dialog", { name: "Takes Made ✅" });
  const cheer = done.getByRole("status").filter({ hasText: "Pack submitted!" });
  await expect(cheer).toBeVisible();
  // Reduced motion: the words stand still and no confetti is drawn.
  expect(await cheer.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  await expect(cheer.locator(".celebrate-burst")).toBeHidden();

  const handle = ((await (await page.request.get("/api/auth/session")).json()) as { user: { profileID: string } }).user.profileID;
  // The profile shows the player's week and links to the streaks and badges page (decision 068).
  await page.goto(`/profile/${handle}`);
  await expect(page.getByRole("region", { name: /^(This|Last) week$/ })).toContainText("Best pick");
  await page.getByRole("link", { name: "Your streaks and badges" }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${handle}/badges$`));
  const section = page.getByRole("region", { name: "Streaks and badges" });
  await expect(section.getByRole("status")).toHaveText(/First take! Badge earned/);
  await expect(section.getByTestId("streak-current")).toContainText("0 wins");
  await expect(section.getByTestId("badge-first_take")).toHaveAttribute("data-earned", "yes");
  await expect(section.getByTestId("badge-first_take")).toContainText(/Earned .* on /);
  // Locked badges are listed after the earned one, greyed, with how to earn them.
  const perfect = section.getByTestId("badge-perfect_pack");
  await expect(perfect).toHaveAttribute("data-earned", "no");
  await expect(perfect).toContainText("Pick every prop of a pack and lose none");
  await expect(section.getByRole("listitem").first()).toHaveAttribute("data-testid", "badge-first_take");
  await expect(page.getByRole("region", { name: /^(This|Last) week$/ })).toContainText("Best pick");
  await expectAccessible(page);

  // Celebrated once: the profile remembered it was seen.
  await expect
    .poll(
      async () => {
        await page.reload();
        return section.getByRole("status").count();
      },
      { timeout: 15_000 },
    )
    .toBe(0);
  await expect(section.getByTestId("badge-first_take")).toHaveAttribute("data-earned", "yes");
});

test("with motion allowed the celebration pops and its confetti flies", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "no-preference" });
  const page = await context.newPage();
  await signInAs(page, "5555557469", `/packs/${OPEN_PACK}`);
  await page
    .getByRole("group", { name: /^Prop 1 of \d+$/ })
    .getByRole("button", { name: /points$/ })
    .first()
    .click();
  await submitThroughReview(page.getByRole("button", { name: "Submit 1 Take" }));
  const cheer = page.getByRole("dialog", { name: "Takes Made ✅" }).getByRole("status").filter({ hasText: "Pack submitted!" });
  await expect(cheer).toBeVisible();
  expect(await cheer.evaluate((el) => getComputedStyle(el).animationName)).toBe("celebrate-pop");
  await context.close();
});
