// Security headers and cookies as a browser receives them from `next start`:
// the Content-Security-Policy (a nonce per answer from src/proxy.ts, script
// hashes on copies from the shared page cache, src/front-door/page-cache.ts), the headers of
// next.config.ts, framing rules for the receipt page, the session cookie's
// attributes and Retry-After on rate-limited sign-in. The https-only part of
// the cookie (Secure, __Secure- prefix when NEXTAUTH_URL is https) is proven in
// tests/api/auth-sign-in.test.ts, since this server runs on plain http.
import { createHash } from "node:crypto";
import { expect, test, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { E2E, E2E_METRICS_TOKEN } from "./env";
import { signInAs } from "./helpers";

// The demo seed's open MLB pack and a demo player with a receipt on it.
const OPEN_PACK = "phillies-mets-tonight";
// Phones and client addresses no other spec uses (sign-in limits are per phone and per address).
const COOKIE_PHONE = "5555550191";
const COOLDOWN_PHONE = "5555550192";
const COOLDOWN_ADDRESS = "198.51.100.20";
const BURST_ADDRESS = "198.51.100.21";
const burstPhone = (n: number) => `55555592${String(n).padStart(2, "0")}`;

function cspOf(response: APIResponse): Map<string, string[]> {
  const header = response.headers()["content-security-policy"];
  expect(header, `Content-Security-Policy on ${response.url()}`).toBeTruthy();
  return new Map(
    header!
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** A receipt of the demo world, found the way the receipt dialog finds one. */
async function findReceiptPath(request: APIRequestContext): Promise<string> {
  const packs = ((await (await request.get("/api/packs?view=all")).json()) as { packs: Array<{ packURL: string }> }).packs;
  for (const handle of ["gridiron_gus", "bullpen_betty", "blitz_bella", "dinger_dan", "hail_mary_hank"]) {
    for (const { packURL } of packs) {
      const answer = await request.get(`/api/receipts/resolve?${new URLSearchParams({ packURL, profileID: handle })}`);
      const body = (await answer.json()) as { receiptId?: string };
      if (body.receiptId) return `/packs/${packURL}/${body.receiptId}`;
    }
  }
  throw new Error("The demo world has no receipt");
}

/** Collects CSP violations (the DOM event, which fires for every blocked load or script) and console errors. */
async function watchForViolations(page: Page) {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return {
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
    cspConsoleErrors: () => consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text)),
  };
}

test.describe("security headers and cookies", () => {
  test("every page answers with a strict Content-Security-Policy that allows exactly the scripts it ships", async ({ request }) => {
    const receipt = await findReceiptPath(request);
    const nonces: string[] = [];
    const cached: string[] = [];
    for (const path of ["/", `/packs/${OPEN_PACK}`, receipt, "/leaderboard", "/login", "/marketplace"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const csp = cspOf(response);
      const scriptSrc = csp.get("script-src") ?? csp.get("default-src")!;
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc, path).not.toContain("'unsafe-eval'");
      expect(csp.get("object-src"), path).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors"), path).toEqual(["'self'"]);
      expect(csp.get("base-uri"), path).toEqual(["'self'"]);
      expect(csp.get("default-src"), path).toEqual(["'self'"]);

      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length, path).toBeGreaterThan(0);
      const headers = response.headers();
      if (headers["x-takes-cache"]) {
        // A copy served to many viewers (docs/decisions/025-shared-page-cache.md): no nonce, which
        // would be shared; each inline script is allowed by its own hash and nothing else inline is.
        cached.push(path);
        expect(
          scriptSrc.some((s) => s.startsWith("'nonce-")),
          path,
        ).toBe(false);
        for (const [, attributes, body] of scripts) {
          if (/\bsrc=/.test(attributes!)) {
            expect(attributes, path).toMatch(/\bsrc="\/_next\//);
            continue;
          }
          const hash = `'sha256-${createHash("sha256").update(body!).digest("base64")}'`;
          expect(scriptSrc, `${path}: an inline script's hash`).toContain(hash);
        }
      } else {
        // Rendered for this answer: a fresh nonce that every script carries.
        const nonce = scriptSrc.find((s) => s.startsWith("'nonce-"))?.slice("'nonce-".length, -1);
        expect(nonce, `script-src nonce on ${path}`).toBeTruthy();
        nonces.push(nonce!);
        expect(
          scripts.filter(([tag]) => !tag.includes(`nonce="${nonce}"`)).map(([tag]) => tag.slice(0, 80)),
          path,
        ).toEqual([]);
      }
      expect(headers["x-frame-options"], path).toBe("SAMEORIGIN");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["x-powered-by"], path).toBeUndefined();
    }
    // The public pages come from the shared cache; the sign-in page, the marketplace and a receipt are rendered per answer.
    expect(cached).toEqual(["/", `/packs/${OPEN_PACK}`, "/leaderboard"]);
    // A fresh nonce per answer: a nonce seen once is useless to an attacker.
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(nonces.length).toBe(3);
  });

  test("API answers are never sniffed as another type and never framed", async ({ request }) => {
    for (const path of ["/api/packs", "/api/leaderboard", "/api/auth/session", "/api/health"]) {
      const headers = (await request.get(path)).headers();
      expect(headers["content-type"], path).toContain("application/json");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["x-frame-options"], path).toBe("SAMEORIGIN");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    }
    // The pack submission, answered by the route lane past Next's router (docs/decisions/026-route-lane.md).
    const submission = await request.post(`/api/packs/${OPEN_PACK}/takes`, { data: { takes: [], idempotencyKey: "k" } });
    expect(submission.status()).toBe(401);
    expect(await submission.json()).toMatchObject({ success: false });
    const headers = submission.headers();
    expect(headers["content-type"]).toContain("application/json");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=()");
    expect(headers["x-powered-by"]).toBeUndefined();
  });

  test("every answer carries its own request id, and /api/metrics counts requests by route for the token holder only", async ({
    request,
  }) => {
    const ids = [];
    for (const path of ["/", `/packs/${OPEN_PACK}`, "/api/health", "/no-such-page"])
      ids.push((await request.get(path)).headers()["x-request-id"]);
    expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(id ?? ""))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);

    expect((await request.get("/api/metrics")).status()).toBe(401);
    const scrape = async () => (await request.get("/api/metrics", { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } })).text();
    const count = (text: string, route: string) =>
      Number(
        text
          .split("\n")
          .find((line) => line.startsWith(`takes_http_request_duration_seconds_count{method="GET",route="${route}",status="200"}`))
          ?.split(" ")
          .at(-1) ?? 0,
      );
    const before = count(await scrape(), "/api/health");
    for (let i = 0; i < 3; i++) await request.get("/api/health");
    expect(count(await scrape(), "/api/health")).toBe(before + 3);
  });

  test("the receipt page shows inside a frame on our own site and refuses to be framed by another site", async ({ page }) => {
    const receipt = await findReceiptPath(page.request);

    // Our own page frames it, as the receipt dialog does.
    await page.goto("/");
    await page.evaluate((src) => {
      const frame = document.createElement("iframe");
      frame.src = src;
      frame.title = "Receipt";
      document.body.append(frame);
    }, receipt);
    const ownFrame = page.frameLocator('iframe[title="Receipt"]');
    await expect(ownFrame.getByRole("heading", { level: 1 })).toContainText("Receipt for", { timeout: 30_000 });
    // Framed, the page is the receipt alone: not the site's header, menu and footer again.
    await expect(ownFrame.getByRole("banner")).toHaveCount(0);
    await expect(ownFrame.getByRole("contentinfo")).toHaveCount(0);
    await expect(ownFrame.getByRole("link", { name: "Skip to content" })).toHaveCount(0);

    // Another site's page gets nothing: the browser refuses because of frame-ancestors 'self'.
    const elsewhere = "http://elsewhere.example";
    await page.route(`${elsewhere}/**`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Elsewhere</title><iframe title="Receipt" src="${E2E.baseURL}${receipt}"></iframe>`,
      }),
    );
    await page.goto(`${elsewhere}/`);
    // Chromium replaces a refused frame's document with its own error page.
    const framed = () => page.frames().find((frame) => frame !== page.mainFrame());
    await expect.poll(() => framed()?.url(), { timeout: 30_000 }).toBe("chrome-error://chromewebdata/");
    expect(await framed()!.content()).not.toContain("Receipt for");
  });

  test("the session cookie cannot be read by scripts and is not sent by other sites' forms", async ({ page }) => {
    // (Not "/": its "Pack active now!" popup can cover the new player's username prompt.)
    await signInAs(page, COOKIE_PHONE, "/leaderboard");
    const session = (await page.context().cookies()).find((cookie) => cookie.name === "next-auth.session-token");
    expect(session).toBeDefined();
    expect(session!.httpOnly).toBe(true);
    expect(session!.sameSite).toBe("Lax");
    expect(session!.path).toBe("/");
    // This server is plain http (NEXTAUTH_URL http://…), so no Secure flag here; with an https
    // NEXTAUTH_URL the cookie is __Secure-next-auth.session-token with Secure (tests/api/auth-sign-in.test.ts).
    expect(session!.secure).toBe(false);
    expect(await page.evaluate(() => document.cookie)).not.toContain("next-auth.session-token");
    // The session still works for the page itself.
    const me = (await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()))) as { user?: { phone?: string } };
    expect(me.user?.phone).toBe(`+1${COOKIE_PHONE}`);
  });

  test("asking for a second sign-in code too soon is refused with Retry-After", async ({ request }) => {
    const send = () => request.post("/api/sendCode", { data: { phone: COOLDOWN_PHONE }, headers: { "x-forwarded-for": COOLDOWN_ADDRESS } });
    expect((await send()).status()).toBe(200);
    const refused = await send();
    expect(refused.status()).toBe(429);
    const retryAfter = Number(refused.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(((await refused.json()) as { error: string }).error).toMatch(/try again/i);
  });

  test("one address asking for more than 20 codes an hour is refused with Retry-After", async ({ request }) => {
    const send = (phone: string) => request.post("/api/sendCode", { data: { phone }, headers: { "x-forwarded-for": BURST_ADDRESS } });
    for (let n = 0; n < 20; n++) expect((await send(burstPhone(n))).status(), `code ${n + 1}`).toBe(200);
    const refused = await send(burstPhone(20));
    expect(refused.status()).toBe(429);
    const retryAfter = Number(refused.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another address is not affected.
    const other = await request.post("/api/sendCode", { data: { phone: burstPhone(21) }, headers: { "x-forwarded-for": "198.51.100.22" } });
    expect(other.status()).toBe(200);
  });

  test("the home page and a pack page load without a single Content-Security-Policy violation", async ({ page }) => {
    const watch = await watchForViolations(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await watch.violations()).toEqual([]);
    // The demo's open pack with a prize: only it has the prize chip whose dialog loads lazily.
    await page.goto("/packs/ravens-steelers-week-12");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Sunday Doubleheader");
    await expect(page.getByRole("group", { name: "Prop 1 of 5" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    // A lazily loaded dialog chunk runs under the same policy.
    // (The button works once the page has hydrated; click until the dialog opens.)
    const prize = page.getByRole("dialog", { name: "Available Prize" });
    await expect(async () => {
      if (!(await prize.isVisible())) await page.getByRole("button", { name: /gift card/ }).click();
      await expect(prize).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 45_000 });
    await page.waitForLoadState("networkidle");
    expect(await watch.violations()).toEqual([]);
    expect(watch.cspConsoleErrors()).toEqual([]);

    // The watch does catch a violation when there is one: an injected inline handler is refused.
    await page.evaluate(() => {
      const injected = document.createElement("b");
      injected.setAttribute("onclick", "void 0");
      document.body.append(injected);
      injected.click();
    });
    await expect.poll(() => watch.violations()).toEqual([expect.stringContaining("script-src-attr")]);
  });
});
