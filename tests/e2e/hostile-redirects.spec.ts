// Links that try to send a player to another site after signing in (issue 21):
// each one, opened in Chromium against the production build, must leave the
// player on our site. Also: a logged-out session's copied cookie is dead, and
// Strict-Transport-Security is sent only for https.
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./env";
import { latestCode } from "./helpers";

// This file's sign-ins share one client address of their own (20 codes per address per hour).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.19.21.1" } });

const SITE = new URL(E2E.baseURL).origin;
let phonesTaken = 0;
const freshPhone = () => String(5_550_210_000 + test.info().workerIndex * 1_000 + phonesTaken++);

/** Any request the page makes to the attacker's host is answered locally and remembered, so a test can say none happened. */
async function watchEvilHost(page: Page): Promise<string[]> {
  const visits: string[] = [];
  await page.route(
    (url) => url.hostname.endsWith("evil.example"),
    (route) => {
      visits.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<h1>evil</h1>" });
    },
  );
  return visits;
}

/** Types a number, asks for a code and types the texted code in, on /login. */
async function signInOnLoginPage(page: Page, phone: string) {
  await page.getByLabel("Enter your phone:").pressSequentially(phone);
  const sentAfter = Date.now();
  await page.getByRole("button", { name: "Send Code" }).click();
  const code = await latestCode(phone, sentAfter);
  await page.getByLabel("Enter the 6-digit code:").fill(code);
  await page.getByRole("button", { name: "Verify & Log In" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** The player is on our home page, signed in, and never asked the other site for anything. */
async function expectHomeOnOurSite(page: Page, evilVisits: string[]) {
  await expect(page.getByTestId("profile-pill")).toBeVisible();
  const url = new URL(page.url());
  expect(url.origin).toBe(SITE);
  expect(url.pathname).toBe("/");
  expect(evilVisits).toEqual([]);
}

const hostileLoginLinks = [
  "/login?redirect=/%09/evil.example",
  "/login?redirect=/%0A/evil.example",
  "/login?redirect=/%5Cevil.example",
  "/login?redirect=//evil.example",
  "/login?redirect=https://evil.example",
  "/login?redirect=javascript:alert(1)",
  `/login?callbackUrl=${SITE}//evil.example`,
  `/login?callbackUrl=${SITE}/%5Cevil.example`,
];

for (const link of hostileLoginLinks) {
  test(`signing in from ${link} stays on the site`, async ({ page }) => {
    const evilVisits = await watchEvilHost(page);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(link);
    await signInOnLoginPage(page, freshPhone());
    await expectHomeOnOurSite(page, evilVisits);
    expect(dialogs).toEqual([]);
  });
}

test("a path on the site is still followed after signing in", async ({ page }) => {
  await page.goto("/login?redirect=%2Fleaderboard%3Fleague%3Dnfl");
  await signInOnLoginPage(page, freshPhone());
  await expect(page).toHaveURL(`${SITE}/leaderboard?league=nfl`);
});

test("?card= links that look like other sites open the claim dialog on our site", async ({ page }) => {
  test.slow(); // five page loads, each with its dialog
  const evilVisits = await watchEvilHost(page);
  await page.goto("/login?redirect=%2F");
  await signInOnLoginPage(page, freshPhone());
  for (const card of ["//evil.example", "https://evil.example", "%2F%2Fevil.example", "..%2F..%2F%5Cevil.example", "javascript:alert(1)"]) {
    await page.goto(`/?card=${card}`);
    const claim = page.getByRole("dialog", { name: "Claim your bonus" });
    await expect(claim).toContainText("Invalid code");
    expect(new URL(page.url()).origin).toBe(SITE);
    await page.keyboard.press("Escape");
  }
  expect(evilVisits).toEqual([]);
});

test("after logging out, a copy of the session cookie is signed out too", async ({ page, browser }) => {
  test.slow(); // two browsers, a sign-in and a logout
  await page.goto("/login?redirect=%2F");
  await signInOnLoginPage(page, freshPhone());
  await expect(page.getByTestId("profile-pill")).toBeVisible();
  const copied = (await page.context().cookies()).filter((cookie) => cookie.name.endsWith("next-auth.session-token"));
  expect(copied).toHaveLength(1);

  const other = await browser.newContext({ baseURL: E2E.baseURL });
  await other.addCookies(copied);
  const thief = await other.newPage();
  await thief.goto("/");
  await expect(thief.getByTestId("profile-pill")).toBeVisible();

  await page.goto("/login");
  await page.getByRole("button", { name: "Log Out", exact: true }).click();
  await expect(page).toHaveURL(`${SITE}/`);

  await thief.reload();
  await expect(thief.getByRole("link", { name: /log in/i }).first()).toBeVisible();
  await expect(thief.getByTestId("profile-pill")).toHaveCount(0);
  const write = await thief.request.post("/api/profile/updateUsername", {
    data: { username: "copied_cookie" },
    headers: { origin: SITE },
  });
  expect(write.status()).toBe(401);
  await other.close();
});

test("Strict-Transport-Security comes only with https", async ({ request }) => {
  const overHttp = await request.get("/");
  expect(overHttp.headers()["strict-transport-security"]).toBeUndefined();
  const viaTlsProxy = await request.get("/", { headers: { "x-forwarded-proto": "https" } });
  expect(viaTlsProxy.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
});
