import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./env";
import { expectAccessible, latestCode, signInAs, textsTo } from "./helpers";

// This file's sign-ins share one client address of their own (20 codes per address per hour).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.19.0.1" } });

// A retry runs in a new worker, which loads this file afresh: numbering each worker's phones
// apart keeps a retried test off the phones (and usernames, cooldowns) of the tests before it.
let phonesTaken = 0;
// Next's route announcer is a role=alert too; form errors live in the page's main.
const formError = (page: Page) => page.locator("main").getByRole("alert");
const freshPhone = () => String(5_550_140_000 + test.info().workerIndex * 1_000 + phonesTaken++);

/** Types a number, asks for a code and types the texted code in, on /login. */
async function signInOnLoginPage(page: Page, phone: string) {
  await page.getByLabel("Enter your phone:").pressSequentially(phone);
  const sentAfter = Date.now();
  await page.getByRole("button", { name: "Send Code" }).click();
  const code = await latestCode(phone, sentAfter);
  await page.getByLabel("Enter the 6-digit code:").fill(code);
  await page.getByRole("button", { name: "Verify & Log In" }).click();
}

test("a new visitor signs in from /login, lands on the redirect with a balance, and logs out", async ({ page }) => {
  const phone = freshPhone();
  await page.goto("/login?redirect=/packs");
  await expect(page.getByRole("heading", { level: 1, name: "Phone Login" })).toBeVisible();

  const phoneField = page.getByLabel("Enter your phone:");
  await expect(phoneField).toHaveAttribute("placeholder", "(555) 555-1234");
  await phoneField.pressSequentially(phone);
  await expect(phoneField).toHaveValue(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`);
  await expectAccessible(page);

  const sentAfter = Date.now();
  await page.getByRole("button", { name: "Send Code" }).click();
  const codeField = page.getByLabel("Enter the 6-digit code:");
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await expect(page.getByRole("button", { name: /^Resend in \d+s$/ })).toBeDisabled();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Verify & Log In" }).click();
  await expect(formError(page)).toHaveText("Please enter your 6-digit code");

  const code = await latestCode(phone, sentAfter);
  await codeField.fill(code);
  await page.getByRole("button", { name: "Verify & Log In" }).click();

  await expect(page).toHaveURL(/\/packs$/);
  const pill = page.getByTestId("profile-pill");
  await expect(pill).toContainText(/taker\d{6}/);
  await expect(page.getByTestId("header-balance")).toHaveText("0");

  // A brand-new profile is asked for a username once it has landed.
  const prompt = page.getByRole("dialog", { name: "Choose a Username" });
  await expect(prompt).toBeVisible();
  await expectAccessible(page, "[role=dialog]");
  await prompt.getByLabel("Username:").fill(`fan_${phone.slice(-6)}`);
  await prompt.getByRole("button", { name: "Save" }).click();
  await expect(prompt).toBeHidden();
  await expect(pill).toContainText(`fan_${phone.slice(-6)}`);
  await expect(page.getByTestId("header-balance")).toHaveText("0");

  // /?logout=1 lasts only until the home page has hydrated (it then drops the parameter), so the
  // wait starts before the click: a runner stalled for a moment must not miss it.
  const loggedOut = page.waitForURL((url) => url.pathname === "/" && url.searchParams.get("logout") === "1", { waitUntil: "commit" });
  await page.getByRole("button", { name: "Log out" }).click();
  await loggedOut;
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(page.getByTestId("profile-pill")).toHaveCount(0);
});

test("a wrong code is refused and the right one still works", async ({ page }) => {
  const phone = freshPhone();
  await page.goto("/login");
  await page.getByLabel("Enter your phone:").pressSequentially(phone);
  const sentAfter = Date.now();
  await page.getByRole("button", { name: "Send Code" }).click();
  const code = await latestCode(phone, sentAfter);
  await page.getByLabel("Enter the 6-digit code:").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify & Log In" }).click();
  const error = formError(page);
  await expect(error).toHaveText("Invalid code or verification failed.");
  await expect(page.getByLabel("Enter the 6-digit code:")).toHaveAttribute(
    "aria-describedby",
    new RegExp((await error.getAttribute("id"))!),
  );

  await page.getByLabel("Enter the 6-digit code:").fill(code);
  await page.getByRole("button", { name: "Verify & Log In" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("profile-pill")).toBeVisible();
});

test("an autofilled +1 number is normalised and a second send within 30 s waits", async ({ page }) => {
  const phone = freshPhone();
  await page.goto("/login");
  await page.getByLabel("Enter your phone:").fill(`+1${phone}`);
  await expect(page.getByLabel("Enter your phone:")).toHaveValue(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`);
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page.getByLabel("Enter the 6-digit code:")).toBeVisible();
  await page.getByRole("button", { name: "Change number" }).click();
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(formError(page)).toHaveText(/^Too many attempts\. Try again in \d+s\.$/);
  expect(textsTo(phone)).toHaveLength(1);
});

test("a session-required redirect explains itself and an off-site redirect goes home", async ({ page }) => {
  await page.goto("/api/auth/signin?error=SessionRequired&callbackUrl=%2Fleaderboard");
  await expect(page).toHaveURL(/\/login\?callbackUrl=.*error=SessionRequired/);
  await expect(page.getByText("Please log in to continue.")).toBeVisible();

  await page.goto("/login?redirect=//evil.example/steal");
  await signInOnLoginPage(page, freshPhone());
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test("a signed-in player visiting /login is told so", async ({ page }) => {
  const phone = freshPhone();
  await page.goto("/login?redirect=/leaderboard");
  await signInOnLoginPage(page, phone);
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByTestId("profile-pill")).toContainText(/taker\d{6}/);
  const handle = ((await page.getByTestId("profile-pill").textContent()) ?? "").match(/taker\d{6}/)![0];
  const usernamePrompt = page.getByRole("dialog", { name: "Choose a Username" });
  // "Not now" refreshes the session from the server (next-auth's update, a POST of the session) and then closes.
  const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/session" && r.request().method() === "POST");
  await usernamePrompt.getByRole("button", { name: "Not now" }).click();
  await refreshed;
  await expect(usernamePrompt).toHaveCount(0);

  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "You're already logged in" })).toBeVisible();
  await expect(page.getByText(`Logged in as @${handle}.`)).toBeVisible();
  await expect(page.getByRole("link", { name: "View Profile" })).toHaveAttribute("href", `/profile/${handle}`);
  // "Not now" ended the prompt for good: the session no longer calls the profile new (the prompt's
  // only trigger), so it does not come back on another page.
  const session = (await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()))) as { user: { isNewProfile?: boolean } };
  expect(session.user.isNewProfile).toBeFalsy();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const loggedOut = page.waitForURL((url) => url.searchParams.get("logout") === "1", { waitUntil: "commit" });
  await page.locator("main").getByRole("button", { name: "Log Out", exact: true }).click();
  await loggedOut;
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
});

test("a super admin's session says so and opens admin routes; a visitor's does not", async ({ page, request }) => {
  await signInAs(page, E2E.adminPhone);
  const session = await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()));
  expect(session.user).toMatchObject({ superAdmin: true, phone: `+1${E2E.adminPhone}` });
  const aiConfig = await page.evaluate(() => fetch("/api/admin/aiConfig").then((r) => r.json()));
  expect(aiConfig).toEqual({ success: true, defaultModel: "gpt-5-mini" });
  expect((await request.get("/api/admin/aiConfig")).status()).toBe(401);
});

// The tab that signs in lands on the leaderboard: on the feed, the once-per-tab
// "Pack active now!" popup, held back while the username prompt is due, opens
// as soon as the prompt is answered and would cover the Log out button.
test("another open tab follows a sign-in and a sign-out without a reload", async ({ context }) => {
  test.setTimeout(120_000);
  const other = await context.newPage();
  await other.goto("/");
  await expect(other.getByRole("link", { name: "Log in" })).toBeVisible();

  const page = await context.newPage();
  await page.goto("/login?redirect=%2Fleaderboard");
  await signInOnLoginPage(page, freshPhone());
  await expect(page.getByTestId("profile-pill")).toBeVisible();
  await expect(other.getByTestId("profile-pill")).toBeVisible();

  // The username prompt opens once, in whichever open tab claims it first (both count as looked at here).
  const prompts = [page, other].map((tab) => tab.getByRole("dialog", { name: "Choose a Username" }));
  await expect.poll(async () => (await prompts[0]!.count()) + (await prompts[1]!.count()), { timeout: 15_000 }).toBe(1);
  const prompt = (await prompts[0]!.count()) ? prompts[0]! : prompts[1]!;
  await prompt.getByRole("button", { name: "Not now" }).click();
  await expect(prompt).toBeHidden();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(other.getByRole("link", { name: "Log in" })).toBeVisible();
  await Promise.all([page.close(), other.close()]);
});

test("the profile pill shows a player's diamonds, rounded", async ({ page }) => {
  await signInAs(page, "5555550103");
  // The balance comes with the session answer: a page load asks the server once for both (issue 36).
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await page.goto("/leaderboard");
  const pill = page.getByTestId("profile-pill");
  await expect(pill).toContainText("blitz_bella");
  await expect(page.getByTestId("header-balance")).toHaveText(/^[1-9][\d,]*$/);
  await expect(pill).toHaveAttribute("aria-label", /^Your profile, @blitz_bella, [1-9][\d,]* diamonds$/);
  expect(asked).toContain("/api/auth/session");
  expect(asked.filter((path) => path.startsWith("/api/profile/"))).toEqual([]);
});

test("a log out the server never answered says so and leaves the player signed in, and trying again works", async ({ page }) => {
  await signInAs(page, freshPhone(), "/leaderboard");
  await page.route("**/api/auth/signout", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Could not log out. Check your connection and try again." })).toBeVisible();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByTestId("profile-pill")).toBeVisible();

  await page.unroute("**/api/auth/signout");
  const loggedOut = page.waitForURL((url) => url.searchParams.get("logout") === "1", { waitUntil: "commit" });
  await page.getByRole("button", { name: "Log out" }).click();
  await loggedOut;
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
});
