import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { BASE_PORT } from "./env";
import { byName, clickOpen, expectWellBehavedDialog, signInOverHttp } from "./helpers";
import { freshRunDir, startAppServer, stopServer, waitUntilHealthy, type AppServer } from "./spawn-server";

// Pack sharing is a build flag (NEXT_PUBLIC_PACK_SHARING, off by default), so
// the shared test server never shows it. This spec serves the build made with
// the flag on (.next-sharing, scripts/build-pack-sharing.sh) on an embedded
// database of its own, seeded with the demo data.

const root = path.resolve(import.meta.dirname, "../..");
const SHARING_BUILD_ID = path.join(root, ".next-sharing", "BUILD_ID");
const MAIN_BUILD_ID = path.join(root, ".next", "BUILD_ID");
const port = BASE_PORT + 6;
const BETTY = { phone: "5555550102", handle: "bullpen_betty" };

let server: AppServer | undefined;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(480_000);
  const stale = !existsSync(SHARING_BUILD_ID) || (existsSync(MAIN_BUILD_ID) && statSync(SHARING_BUILD_ID).mtimeMs < statSync(MAIN_BUILD_ID).mtimeMs);
  if (stale) execFileSync("bash", [path.join(root, "scripts/build-pack-sharing.sh")], { cwd: root, stdio: "inherit" });
  const runDir = freshRunDir("pack-sharing");
  server = startAppServer({ port, databaseUrl: "", runDir, env: { NEXT_DIST_DIR: ".next-sharing", DATA_DIR: path.join(runDir, "data") } });
  await waitUntilHealthy(server);
});

test.afterAll(() => stopServer(server));

async function openPackURL(): Promise<string> {
  const answer = (await (await fetch(`${server!.baseURL}/api/packs?view=Open`)).json()) as { packs: Array<{ packURL: string }> };
  const packURL = answer.packs[0]?.packURL;
  expect(packURL, "the demo data has an open pack").toBeTruthy();
  return packURL!;
}

test("with pack sharing built in, a pack card's Share opens Share Pack: axe-clean, focus trapped, Escape back to Share", async ({ page }) => {
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

  await signInOverHttp(page.request, { baseURL: server!.baseURL, phoneDigits: BETTY.phone, smsLogFile: server!.smsLogFile, clientIp: "198.19.9.61" });
  const playerLink = await linkFor();
  expect(playerLink.origin).toBe(server!.baseURL);
  expect(playerLink.pathname).toBe(`/packs/${packURL}`);
  expect(playerLink.searchParams.get("ref")).toBe(BETTY.handle);

  // The link brings a visitor to the pack with the invitation.
  await page.context().clearCookies();
  await page.goto(playerLink.toString());
  await expect(page.getByRole("dialog", { name: "You're invited!" })).toBeVisible();
});
