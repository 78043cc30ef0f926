import { expect, test, type Page } from "@playwright/test";
import { startEspnServer, type EspnReplayServer } from "../helpers/espn-server";
import { E2E } from "./env";
import { expectAccessible, signInAs, textsTo } from "./helpers";

// The app's ESPN_BASE_URL points at this port (tests/e2e/env.ts): recorded ESPN answers stand in for ESPN.
let espn: EspnReplayServer;
test.beforeAll(async () => {
  espn = await startEspnServer({ port: Number(E2E.espnPort) });
});
test.afterAll(async () => {
  await espn?.close();
});

// A fresh title per attempt: the browser tests share one database, so a retry
// after a timeout must not trip over the pack its first attempt created.
const RUN_TAG = Math.random().toString(36).slice(2, 6).replace(/[0-9]/g, "x");
const PACK_TITLE = `Week 1 Showdown ${RUN_TAG}`;
const PLAYER_PHONE = "5555550177";

async function addPropFor(page: Page, matchup: string, shortLabel: string, moneylines: [string, string]) {
  await page.getByRole("button", { name: "Add Prop" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Prop" });
  await dialog.getByLabel("Event", { exact: true }).selectOption({ label: matchup });
  await dialog.getByLabel("Short Label").fill(shortLabel);
  const sideA = dialog.getByRole("group", { name: "Side A" });
  const sideB = dialog.getByRole("group", { name: "Side B" });
  await sideA.getByLabel("Moneyline").fill(moneylines[0]);
  await sideB.getByLabel("Moneyline").fill(moneylines[1]);
  // Each side shows what a winning take is worth as the moneyline is typed.
  await expect(sideA.getByText(/^= \d+ pts$/)).toBeVisible();
  await expectAccessible(page, "[role=dialog]");
  await dialog.getByLabel("Close Time (ET)").fill("2099-01-01T12:00");
  await dialog.getByRole("button", { name: "Create Prop" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("link", { name: shortLabel })).toBeVisible();
}

test.describe("admin authoring", () => {
  test("sends visitors to log in and tells players the area is for admins", async ({ page }) => {
    await page.goto("/admin/events");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fevents$/);
    await signInAs(page, "5555550166", "/");
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not authorized");
    await expect(page.getByText("This area is for admins.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
  });

  test("admin imports a week, builds a pack with two props from it, opens it; a player sees it", async ({ page, browser }) => {
    // Two sign-ins and a dozen admin screens: longer than one page's test.
    test.setTimeout(300_000);
    await signInAs(page, E2E.adminPhone, "/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Tools" })).toBeVisible();
    // Every admin area is one click from the hub, none only by typing its address (issue 24).
    const hub = page.getByRole("main");
    for (const [name, href] of [
      ["Series", "/admin/series"],
      ["Manage Items", "/admin/items"],
      ["Players", "/admin/players"],
      ["Athletes", "/admin/athletes"],
    ] as const) {
      await expect(hub.getByRole("link", { name, exact: true }).first()).toHaveAttribute("href", href);
    }
    await expectAccessible(page);

    // Import NFL 2025 week 1 from (recorded) ESPN.
    await page.goto("/admin/events");
    await page.getByRole("button", { name: "Fetch Events" }).click();
    const fetchDialog = page.getByRole("dialog", { name: "Fetch Events" });
    await fetchDialog.getByLabel("League").selectOption("nfl");
    await fetchDialog.getByLabel("Year").fill("2025");
    await fetchDialog.getByLabel("Week").fill("1");
    await fetchDialog.getByLabel("Generate event covers").uncheck();
    await expectAccessible(page, "[role=dialog]");
    await fetchDialog.getByRole("button", { name: "Fetch", exact: true }).click();
    await expect(fetchDialog.getByText("Processed 16 events")).toBeVisible();
    await fetchDialog.getByRole("button", { name: "Close" }).last().click();
    expect(espn.requests).toContain("/apis/site/v2/sports/football/nfl/scoreboard?dates=2025&seasontype=2&week=1");

    // A new pack with two of the week's games.
    await page.goto("/admin/packs/new");
    await page.getByLabel("Pack Title").fill(PACK_TITLE);
    await page.getByRole("button", { name: "Generate from Title" }).click();
    await expect(page.getByLabel("Pack URL")).toHaveValue(`week-1-showdown-${RUN_TAG}`);
    await page.getByRole("button", { name: "Select Events" }).click();
    const eventsDialog = page.getByRole("dialog", { name: "Add Event" });
    await eventsDialog.getByLabel("League").selectOption("nfl");
    await eventsDialog.getByLabel("Season Year").fill("2025");
    await eventsDialog.getByLabel("Week").selectOption("1");
    await expect(eventsDialog.getByText("Range 2025-09-04 → 2025-09-10")).toBeVisible();
    await expect(eventsDialog.getByRole("checkbox")).toHaveCount(16);
    await expectAccessible(page, "[role=dialog]");
    await eventsDialog.getByRole("checkbox", { name: "Dallas Cowboys at Philadelphia Eagles" }).check();
    await eventsDialog.getByRole("checkbox", { name: "Kansas City Chiefs at Los Angeles Chargers" }).check();
    await eventsDialog.getByRole("button", { name: "Add Selected" }).click();
    await expect(eventsDialog).toBeHidden();
    await page.getByLabel("Close Time (optional, ET)").fill("2099-01-01T12:00");
    await page.getByRole("button", { name: "Create Pack" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Pack" })).toBeVisible();
    await expectAccessible(page);

    await addPropFor(page, "DAL @ PHI", "Who wins the opener?", ["+150", "-150"]);
    await addPropFor(page, "KC VS LAC", "Chiefs or Chargers in Brazil?", ["-120", "+100"]);

    // Open it: first the text its subscribers will get and how many (issue 24 item 7); edited, then sent.
    await page.getByLabel("Status").selectOption("open");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const openDialog = page.getByRole("dialog", { name: `Open “${PACK_TITLE}”?` });
    const goesTo = openDialog.getByText(/^This text goes to \d+ players? subscribed/);
    await expect(goesTo).toBeVisible();
    const recipients = Number((await goesTo.textContent())?.match(/goes to (\d+)/)?.[1]);
    const message = openDialog.getByLabel("Text message");
    await expect(message).toHaveValue(new RegExp(`^${PACK_TITLE} is open; .+ left to make your takes$`));
    const willRead = openDialog.getByTestId("pack-open-text");
    await expect(willRead).toHaveText(new RegExp(`left to make your takes https?://.+/packs/week-1-showdown-${RUN_TAG}$`));
    await message.fill(`${PACK_TITLE}: pick both games now!`);
    await expect(willRead).toHaveText(new RegExp(`^${PACK_TITLE}: pick both games now! https?://.+/packs/week-1-showdown-${RUN_TAG}$`));
    await expect(openDialog.getByText(/^\d+ \/ 300 characters$/)).toBeVisible();
    await expectAccessible(page, "[role=dialog]");
    await openDialog.getByRole("button", { name: "Send text" }).click();
    await expect(openDialog).toBeHidden();
    await expect(page.getByText("Pack saved")).toBeVisible();
    // Exactly the edited words reach the SMS transport, once per subscriber the dialog counted.
    const sentEdited = () => textsTo("").filter((text) => text.body.startsWith(`${PACK_TITLE}: pick both games now! http`)).length;
    await expect.poll(sentEdited, { timeout: 30_000 }).toBe(recipients);
    await page.goto("/admin/packs");
    await expect(page.getByRole("combobox", { name: `Status of ${PACK_TITLE}` })).toHaveValue("open");

    // A player sees it on the dashboard.
    const playerContext = await browser.newContext();
    const player = await playerContext.newPage();
    await signInAs(player, PLAYER_PHONE, "/?day=all");
    await expect(player.getByRole("link", { name: PACK_TITLE })).toBeVisible();
    await playerContext.close();
  });

  test("the item form says what is wrong at each field, keeps what was typed, and creates the item once it is right", async ({ page }) => {
    const name = `Signed Ball ${RUN_TAG}`;
    await signInAs(page, E2E.adminPhone, "/admin/items/new");
    await page.getByLabel("Name").fill(name);
    await page.getByRole("spinbutton", { name: "Diamonds" }).fill("0");
    await page.getByLabel("Per-team images").fill("eagles not-a-url");
    await page.getByRole("button", { name: "Create item" }).click();
    // The per-team lines are read first; the field says why and takes the focus.
    await expect(page.getByLabel("Per-team images")).toBeFocused();
    await expect(page.getByLabel("Per-team images")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Per-team images").fill("");
    await page.getByRole("button", { name: "Create item" }).click();
    // Then the API's own schema: the diamonds, at their field.
    await expect(page.getByRole("spinbutton", { name: "Diamonds" })).toHaveAccessibleDescription(
      "Diamonds must be a whole number above 0.",
    );
    await expect(page.getByRole("spinbutton", { name: "Diamonds" })).toBeFocused();
    await expect(page.getByLabel("Name")).toHaveValue(name);
    await expectAccessible(page);
    await page.getByRole("spinbutton", { name: "Diamonds" }).fill("250");
    await page.getByRole("button", { name: "Create item" }).click();
    await expect(page).toHaveURL(/\/admin\/items$/);
    await expect(page.getByText(name)).toBeVisible();
  });

  test("the pack form says what is wrong at each field, focuses the first, keeps what was typed, and shows the server's refusal under the form", async ({
    page,
  }) => {
    await signInAs(page, E2E.adminPhone, "/admin/packs/new");
    await expect(page.getByRole("heading", { level: 1, name: "Create Pack" })).toBeVisible();
    const title = page.getByLabel("Pack Title");
    const url = page.getByLabel("Pack URL");
    const points = page.getByLabel("Points required");
    const close = page.getByLabel("Close Time (optional, ET)");
    // The URL is kept lower-case as it is typed.
    await url.fill("Week-ONE");
    await expect(url).toHaveValue("week-one");
    await url.fill("week 1!");
    await points.fill("lots");
    await page.getByLabel("Open Time (ET)").fill("2099-01-02T12:00");
    await close.fill("2099-01-01T12:00");
    await page.getByRole("button", { name: "Create Pack" }).click();
    // Checked with the API's own schema before sending, each problem said at its field, the first focused (decision 047).
    await expect(title).toBeFocused();
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(title).toHaveAccessibleDescription("Pack title is required.");
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(url).toHaveAccessibleDescription(/^Pack URL must be 1–80 lower-case letters, numbers or dashes/);
    await expect(points).toHaveAttribute("aria-invalid", "true");
    await expect(points).toHaveAccessibleDescription("Points required must be a whole number.");
    await expect(url).toHaveValue("week 1!");
    await expect(page).toHaveURL(/\/admin\/packs\/new$/);
    await expectAccessible(page);

    // The fields put right, the times are compared: a close before the open is said at the close time.
    await title.fill(`URL clash ${RUN_TAG}`);
    await expect(title).not.toHaveAttribute("aria-invalid", "true");
    await url.fill("chiefs-bills-week-12");
    await points.fill("");
    await page.getByRole("button", { name: "Create Pack" }).click();
    await expect(close).toBeFocused();
    await expect(close).toHaveAttribute("aria-invalid", "true");
    await expect(close).toHaveAccessibleDescription("Close time must be after open time.");
    await expect(page.getByText("Close time must be after open time.")).toBeVisible();

    // Put right, except a URL another pack has: the server refuses it, said under the form, and nothing is created.
    await close.fill("2099-01-03T12:00");
    await page.getByRole("button", { name: "Create Pack" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "That pack URL is already taken." })).toBeVisible();
    await expect(url).not.toHaveAttribute("aria-invalid", "true");
    await expect(close).not.toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/admin\/packs\/new$/);
  });

  test("the prop forms say what is wrong at each field, focus the first, and send nothing until it is right", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (/\/api\/admin\/props(\/|$)/.test(new URL(request.url()).pathname) && request.method() !== "GET")
        sent.push(`${request.method()} ${request.url()}`);
    });
    await signInAs(page, E2E.adminPhone, "/admin/props");
    await page.getByRole("region", { name: "Props" }).getByRole("link", { name: "Edit", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Prop" })).toBeVisible();
    const shortLabel = page.getByLabel("Short Label");
    // The form holds the stored prop once it has loaded.
    await expect(shortLabel).not.toHaveValue("");
    const stored = await shortLabel.inputValue();

    // Checked with the API's own schema before sending (decision 047): each problem at its field.
    await shortLabel.fill("");
    const sideAMoneyline = page.getByRole("group", { name: "Side A" }).getByLabel("Moneyline");
    await sideAMoneyline.fill("50");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(shortLabel).toBeFocused();
    await expect(shortLabel).toHaveAttribute("aria-invalid", "true");
    await expect(shortLabel).toHaveAccessibleDescription("Short label is required.");
    await expect(page.getByText("Short label is required.")).toBeVisible();
    await expect(sideAMoneyline).toHaveAttribute("aria-invalid", "true");
    // The schema's problem describes the field, beside the live value it always shows.
    await expect(sideAMoneyline).toHaveAccessibleDescription(/^Moneylines are whole numbers of at least \+100 or at most −100\./);
    await expect(page.getByRole("group", { name: "Side A" }).getByText("Invalid moneyline")).toBeVisible();
    await expectAccessible(page);
    // Typing again takes the problem away; nothing went to the server.
    await shortLabel.fill(stored);
    await expect(shortLabel).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Short label is required.")).toHaveCount(0);
    expect(sent).toEqual([]);

    // The super prop dialog: its own pack's fields, then the prop's, each said where it is.
    await page.goto("/admin/props");
    await page.getByRole("button", { name: "Create Super Prop" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Prop" });
    await dialog.getByRole("button", { name: "Publish Super Prop" }).click();
    await expect(dialog.getByLabel("Pack Title")).toBeFocused();
    await expect(dialog.getByLabel("Pack Title")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel("Pack Title")).toHaveAccessibleDescription("Pack title is required.");
    await expect(dialog.getByLabel("Pack URL")).toHaveAccessibleDescription(/^Pack URL must be 1–80 lower-case letters/);
    await expect(dialog.getByLabel("Event", { exact: true })).toHaveAccessibleDescription("Link an event to publish a super prop.");
    await expect(dialog.getByLabel("Short Label")).toHaveAccessibleDescription("Short label is required.");
    await expect(dialog.getByRole("group", { name: "Side B" }).getByLabel("Take")).toHaveAccessibleDescription(
      "Side B needs a take sentence.",
    );
    await expectAccessible(page, "[role=dialog]");
    // A title fills the URL, which takes its problem away with it.
    await dialog.getByLabel("Pack Title").fill("Coin Toss Special");
    await expect(dialog.getByLabel("Pack URL")).toHaveValue("coin-toss-special");
    await expect(dialog.getByLabel("Pack URL")).not.toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Pack URL").fill("Coin-Toss-FINAL");
    await expect(dialog.getByLabel("Pack URL")).toHaveValue("coin-toss-final");
    await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
    await expect(dialog).toBeHidden();
    expect(sent).toEqual([]);
  });

  test("admin list pages fit 1280 px without sideways scrolling, event rows are compact, the date filter's Clear is clickable, and a pack's grading page says its state and auto-grade log", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, E2E.adminPhone, "/admin");
    for (const path of ADMIN_LIST_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
      // Not even inside a table's own scroll box: every column shows at 1280 px.
      expect(await sidewaysOverflow(page, { insideScrollBoxes: false }), `${path} at 1280 px`).toEqual({ overflows: false, offenders: [] });
    }

    // Events: every game of the demo world, then a day picked and cleared again (issue 24).
    await page.goto("/admin/events");
    await page.getByLabel("Quick Range").selectOption("all");
    const rows = page.getByTestId("event-row");
    await expect(rows.first()).toBeVisible();
    const heights = await rows.evaluateAll((all) => all.slice(0, 12).map((row) => Math.round(row.getBoundingClientRect().height)));
    expect(heights.length).toBeGreaterThan(0);
    expect(Math.max(...heights), `event row heights ${heights.join(", ")}`).toBeLessThanOrEqual(72);
    expect(await sidewaysOverflow(page, { insideScrollBoxes: false }), "/admin/events with every game at 1280 px").toEqual({
      overflows: false,
      offenders: [],
    });
    await page.getByLabel("Filter Date").fill("2025-09-07");
    await expect(page.getByLabel("Quick Range")).toBeDisabled();
    // A plain click: Playwright refuses it if anything (the disabled select) covers the button.
    await page.getByRole("button", { name: "Clear", exact: true }).click({ timeout: 5_000 });
    await expect(page.getByLabel("Filter Date")).toHaveValue("");
    await expect(page.getByLabel("Quick Range")).toBeEnabled();

    // A pack's grading page says the pack's state now, not a stale stored status, and each rule-graded
    // prop's auto-grade run log (decision 041); the demo's games have no ESPN ids, so none was tried.
    await page.goto("/admin/grade/chiefs-bills-week-12");
    await expect(page.getByTestId("pack-state")).toHaveText(/^(Pending Grade|Graded)$/);
    await expect(page.getByTestId("auto-grade-log").first()).toHaveText(/^Last auto-grade: not tried yet/);
    await expect(page.getByText("27 - 24").first()).toBeVisible();

    // At 375 px the pages still fit; a wide table scrolls only inside its own container.
    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of ADMIN_LIST_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
      expect(await sidewaysOverflow(page, { insideScrollBoxes: true }), `${path} at 375 px`).toEqual({ overflows: false, offenders: [] });
    }
  });
});

/** The admin's list pages (issue 24: "admin tables overflow 1280 px"). */
const ADMIN_LIST_PAGES = [
  "/admin/events",
  "/admin/packs",
  "/admin/props",
  "/admin/grading",
  "/admin/players",
  "/admin/items",
  "/admin/series",
  "/admin/contests",
  "/admin/teams",
  "/admin/promo-links",
];

/**
 * Whether the page scrolls sideways, and the first elements of the main column that stick out
 * past the viewport; with `insideScrollBoxes`, not counting those inside a box that scrolls
 * sideways itself (a table's own scroll container).
 */
async function sidewaysOverflow(page: Page, { insideScrollBoxes }: { insideScrollBoxes: boolean }) {
  return page.evaluate((allowed) => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const scrollsItself = (element: Element | null): boolean => {
      for (let node = element?.parentElement ?? null; node && node !== document.body; node = node.parentElement) {
        const overflowX = getComputedStyle(node).overflowX;
        if ((overflowX === "auto" || overflowX === "scroll") && node.getBoundingClientRect().right <= width + 1) return true;
      }
      return false;
    };
    const offenders = [...document.querySelectorAll("main *")]
      .filter((element) => element.getBoundingClientRect().right > width + 1 && !(allowed && scrollsItself(element)))
      .slice(0, 3)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${String(element.className).split(" ").slice(0, 4).join(".")} right=${Math.round(element.getBoundingClientRect().right)}`,
      );
    return { overflows: root.scrollWidth > width + 1, offenders };
  }, insideScrollBoxes);
}
