// Delivery on the record in the browser (docs/decisions/071-delivery-on-the-record.md): a signed
// delivery report that says the player's number is a landline puts "We could not text you" on
// their own profile (a status region that passes axe at both widths), never on anyone else's view
// of it; the super admin's /admin/texts shows the failure in its delivery rates.
import { expect, test } from "@playwright/test";
import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks.js";
import { E2E, E2E_TWILIO_AUTH_TOKEN } from "./env";
import { expectAccessible, signInAs, textsTo } from "./helpers";

const PLAYER = "5555550771";

test("a landline report turns the player's texts off and tells them on their own profile", async ({ page, browser }) => {
  await signInAs(page, PLAYER);
  const handle = (await page.getByTestId("profile-pill").getAttribute("href"))?.split("/").pop() ?? "";
  expect(handle).not.toBe("");

  // A second code, asked for from another browser after the sign-in: the carrier says it never arrived.
  const stranger = await browser.newContext();
  const asked = await stranger.request.post(`${E2E.baseURL}/api/sendCode`, {
    data: { phone: PLAYER },
    headers: { "x-forwarded-for": "198.18.77.1" },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  await stranger.close();
  let sid = "";
  await expect
    .poll(() => {
      const texts = textsTo(PLAYER) as Array<{ sid?: string }>;
      sid = texts.length >= 2 ? (texts.at(-1)?.sid ?? "") : "";
      return sid;
    })
    .toMatch(/^LG[0-9a-f]{32}$/);

  const url = `${E2E.baseURL}/api/sms/status`;
  const report = { MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30006" };
  const unsigned = await page.request.post(url, { form: report });
  expect(unsigned.status()).toBe(403);
  const signed = await page.request.post(url, {
    form: report,
    headers: { "x-twilio-signature": getExpectedTwilioSignature(E2E_TWILIO_AUTH_TOKEN, url, report) },
  });
  expect(signed.status(), await signed.text()).toBe(200);
  expect(await signed.json()).toEqual({ success: true, known: true, updated: true });

  await page.goto(`/profile/${handle}`);
  const notice = page.getByRole("status").filter({ hasText: "We could not text you" });
  await expect(notice).toContainText(`We could not text you at (•••) •••-${PLAYER.slice(-4)}: texts are off until you sign in again`);
  await expect(notice).toContainText("landline");
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await expectAccessible(page);

  // Another player's view of the profile has no such notice.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${E2E.baseURL}/profile/${handle}`);
  await expect(visitorPage.getByRole("heading", { level: 1 })).toContainText(handle);
  await expect(visitorPage.getByText("We could not text you")).toHaveCount(0);
  await visitor.close();
});

test("the super admin sees delivery rates per kind of text and per day", async ({ page }) => {
  await signInAs(page, E2E.adminPhone, "/admin/texts");
  // The old address of the delivery rates lands on them on the one texts page (docs/SCREENS.md §3.15).
  await page.goto("/admin/text-delivery");
  await expect(page).toHaveURL(/\/admin\/texts#delivery$/);
  await expect(page.getByRole("heading", { level: 1, name: "Texts" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Delivery", exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Waiting to be sent" })).toBeVisible();
  await expect(page.getByRole("region", { name: /Delivery by kind of text/ })).toContainText("login_code");
  await expect(page.getByRole("region", { name: "Delivery by day and kind of text" })).toBeVisible();
  await expectAccessible(page);
});
