import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./env";
import { expectAccessible, signInAs, signInOverHttp } from "./helpers";
import { COMMISSIONER_PAGES } from "../helpers/commissioner-policy";

// The commissioner role (issue 41 item 6, docs/decisions/064-commissioner-role.md): the super admin
// grants it on a player's page; the commissioner sees only the tools they may use, every other
// admin page answers them 403; the super admin takes it back and the next page is refused.
const DESKTOP = { width: 1280, height: 900 };
const ADMIN_DIR = path.resolve(import.meta.dirname, "../../src/app/admin");
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** Every admin page's route pattern ("/admin/packs/[packId]"), from the file system. */
function adminPages(dir = ADMIN_DIR, segments = ["admin"]): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? adminPages(path.join(dir, entry.name), [...segments, entry.name])
        : entry.name === "page.tsx"
          ? [`/${segments.join("/")}`]
          : [],
    )
    .sort();
}

async function setRole(admin: Page, handle: string, grant: boolean) {
  await admin.goto("/admin/players");
  await admin.getByLabel("Handle or phone").fill(handle);
  await admin.getByRole("link", { name: `@${handle}` }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(`@${handle}`);
  const role = admin.getByRole("region", { name: "Commissioner" });
  await role.getByRole("textbox", { name: "Reason" }).fill(grant ? "Runs the Sunday pool" : "Season over");
  await role.getByRole("button", { name: grant ? "Make commissioner" : "Take back commissioner role" }).click();
  const confirm = admin.getByRole("dialog", {
    name: grant ? `Make @${handle} a commissioner?` : `Take the commissioner role from @${handle}?`,
  });
  // The confirmation opens once its code has loaded: axe looks at it only when it is on screen.
  await expect(confirm).toBeVisible();
  await expectAccessible(admin, "[role=dialog]");
  await confirm.getByRole("button", { name: grant ? "Make commissioner" : "Take back role" }).click();
  await expect(admin.getByText(grant ? "Now a commissioner." : "Commissioner role taken back.")).toBeVisible();
}

test("the super admin makes a player commissioner; they see and open only building and grading, are refused the rest, and lose it on revoke", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const phone = test.info().retry ? "5555550171" : "5555550170";
  // The player has an account (signed in over HTTP, so the browser sign-in below is a fresh one
  // whose token carries the role for the menus) and is refused the admin area.
  const first = await (await browser.newContext()).newPage();
  await signInOverHttp(first.request, { baseURL: E2E.baseURL, phoneDigits: phone, smsLogFile: E2E.smsLogFile, clientIp: "198.19.64.1" });
  const handle = ((await (await first.request.get(`${E2E.baseURL}/api/auth/session`)).json()) as { user: { profileID: string } }).user
    .profileID;
  expect((await first.goto("/admin"))?.status()).toBe(403);

  const admin = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInAs(admin, E2E.adminPhone, "/admin");
  await setRole(admin, handle, true);
  await expect(admin.getByText("Commissioner", { exact: true }).first()).toBeVisible();
  await expectAccessible(admin);

  // Signed in afresh, the commissioner has the admin area in the menus, without what is not theirs.
  const commissioner = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInAs(commissioner, phone, "/admin");
  await expect(commissioner.getByRole("heading", { level: 1, name: "Admin Tools" })).toBeVisible();
  const sidebar = commissioner.getByRole("complementary", { name: "Admin sidebar" });
  await expect(sidebar.getByRole("link", { name: "Packs" }).first()).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Players" })).toHaveCount(0);
  await expect(sidebar.getByRole("link", { name: "API Tester" })).toHaveCount(0);
  const main = commissioner.getByRole("main");
  await expect(main.getByRole("link", { name: "Grading Queue" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Create New Pack" })).toBeVisible();
  for (const name of ["Players", "Promo Links", "API Tester", "Manage Items", "Text delivery"])
    await expect(main.getByRole("link", { name, exact: true })).toHaveCount(0);
  await expect(main.getByRole("heading", { name: "Audit log" })).toHaveCount(0);
  await expect(main.getByRole("heading", { name: "Marketplace" })).toHaveCount(0);
  await expectAccessible(commissioner);

  // Every admin page: theirs open (an unknown id is a 404 after the guard), the rest answer 403.
  const pages = adminPages();
  expect(pages.length).toBeGreaterThan(15);
  for (const pattern of pages) {
    const url = pattern.replace(/\[[^\]]+\]/g, UNKNOWN_ID);
    const status = (await commissioner.goto(url))?.status();
    const allowed = COMMISSIONER_PAGES.includes(pattern);
    if (allowed) expect([200, 404], `${pattern} is the commissioner's`).toContain(status);
    else expect(status, `${pattern} is the super admin's`).toBe(403);
  }
  await commissioner.goto("/admin/items");
  await expect(commissioner.getByText("This area is for admins.")).toBeVisible();
  // A pack's exports: picks and standings are the league's record, the ledger the super admin's (decision 063).
  await commissioner.goto("/admin/packs");
  const packHref = await commissioner.locator('a[href^="/admin/packs/"]:not([href$="/new"])').first().getAttribute("href");
  await commissioner.goto(packHref!);
  await expect(commissioner.getByRole("link", { name: "Download picks (CSV)" })).toBeVisible();
  await expect(commissioner.getByRole("link", { name: "Download ledger (CSV)" })).toHaveCount(0);
  const packId = packHref!.split("/").pop()!;
  expect((await commissioner.request.get(`/api/admin/exports/picks?pack=${packId}`)).status()).toBe(200);
  expect((await commissioner.request.get(`/api/admin/exports/ledger?pack=${packId}`)).status()).toBe(403);
  // And the API behind a balance adjustment says no, whatever the page shows.
  const adjust = await commissioner.request.post("/api/admin/ledger/adjustments", {
    data: { profile: UNKNOWN_ID, diamonds: 5, reason: "Paying myself", idempotencyKey: crypto.randomUUID() },
    headers: { origin: new URL(commissioner.url()).origin },
  });
  expect(adjust.status()).toBe(403);

  await setRole(admin, handle, false);
  expect((await commissioner.goto("/admin/grading"))?.status()).toBe(403);

  // The audit log names the admin, and its Who select lists them.
  await admin.goto("/admin");
  const adminHandle = (await admin.getByTestId("profile-pill").getAttribute("href"))!.split("/").pop()!;
  await admin.getByLabel("Who").selectOption(adminHandle);
  await admin.getByRole("button", { name: "Filter" }).click();
  await expect(admin.getByText(`Took the commissioner role from player “@${handle}”`)).toBeVisible();
  await expectAccessible(admin);
});
