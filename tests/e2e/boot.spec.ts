import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { serverCommand } from "../../scripts/server-command.mjs";
import { BASE_PORT, E2E } from "./env";

// These tests start their own servers from the production build, so they can
// stop and restart them; they never touch the shared test server's database.
const root = path.resolve(import.meta.dirname, "../..");
const port = String(BASE_PORT + 1);
const base = `http://127.0.0.1:${port}`;

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(...serverCommand(["-p", port, "-H", "127.0.0.1"]), {
    cwd: root,
    env: { ...process.env, ...E2E.serverEnv, PORT: port, NEXTAUTH_URL: base, NODE_ENV: "production", ...env },
    stdio: "ignore",
  });
}

async function waitForHealth(): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return (await response.json()) as Record<string, unknown>;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("server did not become healthy");
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

async function packIds(): Promise<string[]> {
  const response = await fetch(`${base}/api/packs?view=Open`);
  const body = (await response.json()) as { packs: Array<{ airtableId: string }> };
  return body.packs.map((p) => p.airtableId).sort();
}

test.describe.configure({ mode: "serial" });

/** `npm start` itself (scripts/start.mjs), on its own data directory, with none of the test server's settings. */
function startLauncher(dataDir: string): ChildProcess {
  // Only the machine's environment (PATH, HOME…): the launcher must bring its own defaults.
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (/^(SMS_|NEXTAUTH_|DATABASE_URL$|NODE_ENV$)/.test(key)) delete env[key];
  return spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: { ...env, PORT: port, DATA_DIR: dataDir, NEXTAUTH_URL: base, LOG_LEVEL: "warn", ADMIN_PHONES: "" },
    stdio: "ignore",
  });
}

/** The newest sign-in code the launcher's default SMS log (in the data directory) holds for a phone. */
function codeFromLog(dataDir: string, phone: string): string {
  const file = path.join(dataDir, "sms.log");
  if (!existsSync(file)) return "";
  const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
  const texts = lines.map((line) => JSON.parse(line) as { to: string; body: string }).filter((t) => t.to.endsWith(phone));
  return texts.at(-1)?.body.match(/\b(\d{6})\b/)?.[1] ?? "";
}

test("npm start serves the demo world, and a stop and a start keep every player's data and session", async ({ page }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "takes-persist-"));
  const phone = "5555557123";
  const username = `keeper${Date.now().toString().slice(-6)}`;
  let server: ChildProcess | undefined;
  try {
    server = startLauncher(dataDir);
    expect(await waitForHealth()).toMatchObject({ success: true, status: "ok" });
    const before = await packIds();
    expect(before.length).toBeGreaterThan(0);

    // A new player signs in with the code the launcher's log transport wrote, and picks a username.
    await page.goto(`${base}/login`);
    await page.getByLabel("Enter your phone:").pressSequentially(phone);
    await page.getByRole("button", { name: "Send Code" }).click();
    let code = "";
    await expect.poll(() => (code = codeFromLog(dataDir, phone)), { timeout: 20_000 }).not.toBe("");
    await page.getByLabel("Enter the 6-digit code:").fill(code);
    await page.getByRole("button", { name: "Verify & Log In" }).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out", exact: true })).toBeVisible({ timeout: 20_000 });
    const renamed = await page.request.post(`${base}/api/profile/updateUsername`, { data: { username } });
    expect(renamed.status()).toBe(200);
    await stopServer(server);

    server = startLauncher(dataDir);
    await waitForHealth();
    // A lost database would be re-seeded with new ids, and a lost secret would sign everyone out.
    expect(await packIds()).toEqual(before);
    await page.goto(`${base}/profile/${username}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(username);
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out", exact: true })).toBeVisible();
  } finally {
    // Also when a step failed: a launcher left running would hold the port for the retry.
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("with DATABASE_URL the app migrates and seeds real PostgreSQL the same way", async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  test.skip(!adminUrl, "TEST_DATABASE_URL is not set");
  const name = `takes_boot_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  const server = startServer({ DATABASE_URL: url.toString() });
  try {
    expect(await waitForHealth()).toMatchObject({ success: true, status: "ok" });
    const served = await packIds();
    expect(served.length).toBeGreaterThan(0);
    // The packs it serves are the rows it wrote to this PostgreSQL database.
    const direct = new pg.Client({ connectionString: url.toString() });
    await direct.connect();
    try {
      const { rows } = await direct.query<{ n: number }>("select count(*)::int as n from packs");
      expect(rows[0]?.n).toBeGreaterThanOrEqual(served.length);
    } finally {
      await direct.end();
    }
  } finally {
    await stopServer(server);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});
