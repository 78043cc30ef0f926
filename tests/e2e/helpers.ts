import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Cookie, type Locator, type Page } from "@playwright/test";
import { E2E } from "./env";

/**
 * The texts the app "sent" to a phone, newest last (the log SMS transport's
 * JSON lines); `logFile` is another server's log (default: the shared server's).
 */
export function textsTo(phoneDigits: string, logFile = E2E.smsLogFile): Array<{ to: string; body: string; at: string }> {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; body: string; at: string })
    .filter((message) => message.to.replace(/\D/g, "").endsWith(phoneDigits));
}

/** Waits for a fresh sign-in code to reach the phone and returns it. */
export async function latestCode(phoneDigits: string, after = 0, logFile = E2E.smsLogFile): Promise<string> {
  let code = "";
  await expect
    .poll(() => {
      const messages = textsTo(phoneDigits, logFile).filter((m) => Date.parse(m.at) >= after);
      code = messages.at(-1)?.body.match(/\b(\d{6})\b/)?.[1] ?? "";
      return code;
    })
    .not.toBe("");
  return code;
}

/**
 * No serious or critical axe violations on the page once it has settled:
 * transitions are finished first, so a colour caught halfway through a
 * 150 ms fade (a side button turning accent) is not judged as contrast.
 */
export async function expectAccessible(page: Page, include?: string) {
  // Until two frames pass with no finite animation running: one may start just after another ends
  // (a dialog opening once its data has loaded).
  await page.evaluate(async () => {
    const running = () =>
      document.getAnimations().filter((animation) => {
        const timing = animation.effect?.getComputedTiming();
        return Number.isFinite(Number(timing?.endTime)) && animation.playState === "running";
      });
    // Two frames, or 100 ms where frames do not run (a page in the background).
    const frames = () =>
      Promise.race([
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        new Promise((resolve) => setTimeout(resolve, 100)),
      ]);
    for (let round = 0; round < 20; round++) {
      const animations = running();
      if (animations.length === 0) {
        await frames();
        if (running().length === 0) return;
        continue;
      }
      await Promise.all(animations.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  // After a client-side navigation Next streams the new page's metadata after
  // its content, so for a moment there is no <title> (axe: document-title). A
  // page that never gets one still fails below.
  await page.waitForFunction(() => document.title.trim() !== "", null, { timeout: 5_000 }).catch(() => undefined);
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (include) builder = builder.include(include);
  // axe.run inside the page (AxeBuilder's "legacy" mode) instead of runPartial in every frame and
  // finishRun in a new blank tab that gets the 500 kB axe script again: the same rules on the same
  // nodes, in half the time or less on this 2-core machine (docs/decisions/021). It reaches
  // same-origin frames only, so a page holding a frame from another origin is checked the full way.
  const origin = new URL(page.url()).origin;
  const foreignFrame = page.frames().some((frame) => {
    const url = frame.url();
    return url !== "" && !url.startsWith("about:") && new URL(url).origin !== origin;
  });
  if (!foreignFrame) builder = builder.setLegacyMode();
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

// Sessions signed in during this run, by phone. Sign-in is rate limited like
// in production (one code per phone per 30 s, 5 per hour; 20 per client IP
// per hour), so a test that only needs to *be* someone reuses that person's
// session instead of texting another code. Kept in a file beside the server's
// data, so a worker restarted after a failure (or a retry) still has them.
const sessionsFile = path.join(E2E.runDir, "sessions.json");
const sessionsByPhone = {
  get(phone: string): Cookie[] | undefined {
    return readSessions()[phone];
  },
  set(phone: string, cookies: Cookie[]) {
    writeFileSync(sessionsFile, JSON.stringify({ ...readSessions(), [phone]: cookies }));
  },
};
function readSessions(): Record<string, Cookie[]> {
  return existsSync(sessionsFile) ? (JSON.parse(readFileSync(sessionsFile, "utf8")) as Record<string, Cookie[]>) : {};
}
let nextClientAddress = 1;

/**
 * Signs in through the real login page with the code the app texted (or
 * reuses this run's session for the phone), then waits for the redirect. A
 * brand-new player dismisses the username prompt with "Not now".
 */
export async function signInAs(page: Page, phoneDigits: string, redirect = "/") {
  const saved = sessionsByPhone.get(phoneDigits);
  if (saved) {
    await page.context().addCookies(saved);
    await page.goto(redirect);
    await expect(page.getByTestId("profile-pill")).toBeVisible();
    return;
  }
  // Each signing-in player comes from their own address, as real players do.
  await page
    .context()
    .setExtraHTTPHeaders({ "x-forwarded-for": `198.18.${Math.floor(nextClientAddress / 250)}.${(nextClientAddress++ % 250) + 1}` });
  const startedAt = Date.now() - 1_000;
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel(/enter your phone/i).fill(phoneDigits);
  await page.getByRole("button", { name: "Send Code" }).click();
  const code = await latestCode(phoneDigits, startedAt);
  await page.getByLabel(/6-digit code/i).fill(code);
  await page.getByRole("button", { name: /verify/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await expect(page.getByTestId("profile-pill")).toBeVisible();
  const session = (await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()))) as {
    user?: { isNewProfile?: boolean };
  };
  if (session.user?.isNewProfile) {
    const prompt = page.getByRole("dialog", { name: "Choose a Username" });
    await prompt.getByRole("button", { name: "Not now" }).click();
    await expect(prompt).toBeHidden();
  }
  sessionsByPhone.set(
    phoneDigits,
    (await page.context().cookies()).filter((cookie) => cookie.name.endsWith("next-auth.session-token")),
  );
}

/**
 * Signs a phone in over plain HTTP, as the login page does: asks for a code
 * (from `clientIp`), reads it from the server's SMS log, then posts it to
 * next-auth's credentials callback with the CSRF token. `api` keeps the
 * cookies as a browser does: the sign-in ticket sendCode gave it goes with the
 * credentials post (the code is bound to it, docs/decisions/002-otp-rules.md),
 * and the session cookie lands in its store; returns the session cookie's value.
 */
export async function signInOverHttp(
  api: APIRequestContext,
  options: { baseURL: string; phoneDigits: string; smsLogFile: string; clientIp: string },
): Promise<string> {
  const { baseURL, phoneDigits, smsLogFile, clientIp } = options;
  const headers = { "x-forwarded-for": clientIp };
  const startedAt = Date.now() - 1_000;
  const sent = await api.post(`${baseURL}/api/sendCode`, { data: { phone: phoneDigits }, headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = await latestCode(phoneDigits, startedAt, smsLogFile);
  const { csrfToken } = (await (await api.get(`${baseURL}/api/auth/csrf`)).json()) as { csrfToken: string };
  const answer = await api.post(`${baseURL}/api/auth/callback/credentials`, {
    form: { phone: phoneDigits, code, csrfToken, callbackUrl: `${baseURL}/`, json: "true" },
    headers,
    maxRedirects: 0,
  });
  const { url } = (await answer.json()) as { url: string };
  expect(new URL(url).searchParams.get("error"), `sign-in of ${phoneDigits} was refused`).toBeNull();
  const cookie = (await api.storageState()).cookies.find((c) => c.name.endsWith("next-auth.session-token"));
  expect(cookie, `no session cookie for ${phoneDigits}`).toBeDefined();
  return cookie!.value;
}

const focusInTopDialog = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    const dialog = active?.closest("[role=dialog]");
    return !!dialog && !dialog.closest("[inert]");
  });

/**
 * The checks every dialog passes once open: axe inside it, focus inside it,
 * Tab and Shift+Tab going round without leaving it, Escape closing it, and
 * focus back on what opened it.
 */
export async function expectWellBehavedDialog(page: Page, dialog: Locator, opener: Locator | null) {
  await expect(dialog).toBeVisible();
  // Lazy dialog code and the data some dialogs fetch first.
  await expect(dialog.getByText("Loading…", { exact: true })).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(() => focusInTopDialog(page), { message: "focus moves into the dialog when it opens" }).toBe(true);
  await expectAccessible(page, "[role=dialog]");

  // A few steps forward, then round the ends: Tab from the last stop and Shift+Tab from the first stay inside.
  for (let i = 1; i <= 3; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInTopDialog(page), `focus stays in the dialog after Tab × ${i}`).toBe(true);
  }
  for (const [end, key] of [
    ["last", "Tab"],
    ["first", "Shift+Tab"],
  ] as const) {
    await dialog.evaluate((root, which) => {
      const stops = Array.from(
        root.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
        ),
      ).filter((el) => el.offsetParent !== null || el.getClientRects().length > 0);
      (which === "last" ? stops.at(-1) : stops[0])?.focus();
    }, end);
    await page.keyboard.press(key);
    expect(await focusInTopDialog(page), `focus stays in the dialog after ${key} from its ${end} control`).toBe(true);
  }

  // A key pressed inside an embedded page (the receipt frame) never reaches ours; start from the dialog itself.
  if (await page.evaluate(() => document.activeElement?.tagName === "IFRAME")) await dialog.focus();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  if (opener) await expect(opener, "focus returns to the control that opened the dialog").toBeFocused();
}

/** A dialog a person opened, and what opened it (null when it opened by itself). */
export interface Opened {
  dialog: Locator;
  opener: Locator | null;
}

export const byName = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name });

/** Clicks `opener` and expects the dialog named `name`. */
export async function clickOpen(page: Page, opener: Locator, name: string | RegExp): Promise<Opened> {
  await expect(opener).toBeEnabled();
  // Client buttons do nothing until the page has hydrated; click until the dialog shows.
  await expect(async () => {
    if ((await byName(page, name).count()) === 0) await opener.click();
    await expect(byName(page, name)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  return { dialog: byName(page, name), opener };
}

/**
 * Closes "Pack active now!" when the page opens it: a team page or the feed greets a player with an
 * open pack of theirs, and which packs are open depends on what the specs before this one built (an
 * admin's Eagles pack, an NFL Sunday). Not a check of the pop-up (dashboard.spec and team-page.spec
 * check it); it only gets it out of the way.
 */
export async function closePackActiveIfShown(page: Page) {
  const popup = page.getByRole("dialog", { name: "Pack active now!" });
  const shown = await popup.waitFor({ state: "visible", timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) return;
  await page.keyboard.press("Escape");
  await expect(popup).toHaveCount(0);
}

/**
 * Builds a pack through the admin API, as the admin screens do (POST /api/admin/packs, one
 * POST /api/admin/props per prop, then opened without its opening text): `pack` and each prop are
 * the requests' bodies, with the pack's times as dates. Returns the pack's and the props' ids.
 */
export async function buildOpenPack(
  admin: Page,
  pack: Record<string, unknown> & { openTime: Date; closeTime: Date },
  props: Array<Record<string, unknown>>,
): Promise<{ packId: string; propIds: string[] }> {
  const created = await admin.request.post("/api/admin/packs", {
    data: { ...pack, openTime: pack.openTime.toISOString(), closeTime: pack.closeTime.toISOString() },
  });
  expect(created.status(), await created.text()).toBe(201);
  const packId = ((await created.json()) as { pack: { id: string } }).pack.id;
  const propIds: string[] = [];
  for (const prop of props) {
    const answer = await admin.request.post("/api/admin/props", { data: { packId, ...prop } });
    expect(answer.status(), await answer.text()).toBe(201);
    propIds.push(((await answer.json()) as { prop: { propID: string } }).prop.propID);
  }
  const opened = await admin.request.post(`/api/admin/packs/${packId}/status`, { data: { status: "open", openText: { send: false } } });
  expect(opened.status(), await opened.text()).toBe(200);
  return { packId, propIds };
}

/**
 * Presses the deck's Submit and confirms its review ("Review your picks": each pick, what it pays
 * and when it locks), as every player now does before their picks are sent (issue 40 item 1).
 * Returns the review as it was shown, for a spec that checks its lines.
 */
export async function submitThroughReview(submit: Locator, { tap = false }: { tap?: boolean } = {}): Promise<string[]> {
  const page = submit.page();
  await (tap ? submit.tap() : submit.click());
  const review = page.getByRole("dialog", { name: "Review your picks" });
  await expect(review).toBeVisible();
  const lines = await review.getByRole("listitem").allInnerTexts();
  const confirm = review.getByRole("button", { name: "Submit picks" });
  await (tap ? confirm.tap() : confirm.click());
  await expect(review).toHaveCount(0);
  return lines;
}
