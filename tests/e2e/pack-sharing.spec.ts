import path from "node:path";
import { expect, test } from "@playwright/test";
import { BASE_PORT } from "./env";
import { byName, clickOpen, expectWellBehavedDialog, signInOverHttp } from "./helpers";
import { freshRunDir, startAppServer, stopServer, waitUntilHealthy, type AppServer } from "./spawn-server";

// Pack sharing is off by default (docs/PRODUCT.md §17), so the shared test server never shows it.
// This spec starts the same production build with NEXT_PUBLIC_PACK_SHARING=1 (read when a server
// starts as well as at build) on an embedded database of its own, seeded with the demo data.

const port = BASE_PORT + 6;
const BETTY = { phone: "5555550102", handle: "bullpen_betty" };

let server: AppServer | undefined;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const runDir = freshRunDir("pack-sharing");
  server = startAppServer({ port, databaseUrl: "", runDir, env: { NEXT_PUBLIC_PACK_SHARING: "1", DATA_DIR: path.join(runDir, "data") } });
  await waitUntilHealthy(server);
});

test.afterAll(() => stopServer(server));

async function openPackURL(): Promise<string> {
  const answer = (await (await fetch(`${server!.baseURL}/api/packs?view=Open`)).json()) as { packs: Array<{ packURL: string }> };
  const packURL = answer.packs[0]?.packURL;
  expect(packURL, "the demo data has an open pack").toBeTruthy();
  return packURL!;
}

test("with pack sharing on, a pack card's Share opens Share Pack: axe-clean, focus trapped, Escape back to Share", async ({ page }) => {
  await page.goto(`${server!.baseURL}/packs`);
  const share = page.getByTestId("pack-card").first().getByRole("button", { name: "Share" });
  const opened = await clickOpen(page, share, "Share Pack");
  await expect(opened.dialog.getByRole("button", { name: "Copy link" })).toBeVisible();
  await expectWellBehavedDialog(page, opened.dialog, opened.opener);
});

test("a visitor's pack link has no referrer; a player's carries ?ref= with their username, shown under its QR code", async ({ page }) => {
  const packURL = await openPackURL();
  const linkFor = async () => {
    await page.goto(`${server!.baseURL}/packs/${packURL}`);
    await clickOpen(page, page.getByRole("button", { name: "Share Pack" }), "Share Pack");
    await page.getByRole("dialog", { name: "Share Pack" }).getByRole("button", { name: "Generate QR" }).click();
    // The QR sheet is titled like the dialog under it: it is the top one.
    const sheet = byName(page, "Share Pack").last();
    await expect(sheet.getByRole("img", { name: /^QR code for / })).toBeVisible();
    const link = (await sheet.locator("p.break-all").textContent())?.trim() ?? "";
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    return new URL(link);
  };

  const visitorLink = await linkFor();
  expect(visitorLink.pathname).toBe(`/packs/${packURL}`);
  expect(visitorLink.searchParams.has("ref")).toBe(false);

  await signInOverHttp(page.request, {
    baseURL: server!.baseURL,
    phoneDigits: BETTY.phone,
    smsLogFile: server!.smsLogFile,
    clientIp: "198.19.9.61",
  });
  const playerLink = await linkFor();
  expect(playerLink.origin).toBe(server!.baseURL);
  expect(playerLink.pathname).toBe(`/packs/${packURL}`);
  expect(playerLink.searchParams.get("ref")).toBe(BETTY.handle);

  // The link brings a visitor to the pack with the invitation.
  await page.context().clearCookies();
  await page.goto(playerLink.toString());
  await expect(page.getByRole("dialog", { name: "You're invited!" })).toBeVisible();
});

test("a pasted pack link unfurls as its share card: og:image answers a 1200×630 PNG, from the stored copy the second time", async () => {
  const packURL = await openPackURL();
  // A chat app's link previewer: the page's head, then its picture (docs/decisions/067-share-cards.md).
  const html = await (
    await fetch(`${server!.baseURL}/packs/${packURL}`, { headers: { "user-agent": "Slackbot-LinkExpanding 1.0" } })
  ).text();
  const image = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1]?.replace(/&amp;/g, "&");
  expect(image, "the pack page names its card").toBeTruthy();
  expect(html).toMatch(/<meta property="og:image:width" content="1200"/);
  expect(html).toMatch(/<meta property="og:image:height" content="630"/);
  expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
  const url = new URL(image!);
  expect(url.pathname).toBe(`/api/cards/pack/${packURL}`);
  expect(url.searchParams.get("v")).toBeTruthy();

  const first = await fetch(`${server!.baseURL}${url.pathname}${url.search}`);
  expect(first.status).toBe(200);
  expect(first.headers.get("content-type")).toBe("image/png");
  const bytes = Buffer.from(await first.arrayBuffer());
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  expect({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }).toEqual({ width: 1200, height: 630 });
  const second = await fetch(`${server!.baseURL}${url.pathname}${url.search}`);
  expect(second.headers.get("x-card-cache")).toBe("hit");
  expect(second.headers.get("etag")).toBe(`"${url.searchParams.get("v")}"`);
});
