import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { startEspnServer, type EspnReplayServer } from "../helpers/espn-server";
import { latestCode } from "./helpers";
import {
  createThrowawayDatabase,
  freshRunDir,
  startAppServer,
  stopServer,
  testDatabaseUrl,
  waitUntilHealthy,
  type AppServer,
} from "./spawn-server";

/**
 * A spec's own server with no demo data, fed by an ESPN replay server of its own (on a free port,
 * so specs in different workers never share one), on a throwaway PostgreSQL database when
 * TEST_DATABASE_URL is set (CI), else the embedded one: the commissioner's Sundays
 * (nfl-sunday.spec.ts, commissioner-sunday.spec.ts) play whole days on it. The replay and the
 * database are made side by side, then the server boots on them
 * (docs/decisions/054-ci-time-and-house-rules.md).
 */
export interface OwnServer {
  baseURL: string;
  server: AppServer;
  espn: EspnReplayServer;
  /** Signs a phone in through the login page with the code this server texted; a new player declines the username prompt. Resolves with the profile's id. */
  signIn(page: Page, phone: string, redirect: string): Promise<string>;
  /** Stops the server, drops its database and closes the replay. */
  stop(): Promise<void>;
}

export async function startOwnServer(options: {
  /** The run directory's and the database's name. */
  name: string;
  port: number;
  /** What the replay answers before the server first asks it. */
  answer: (espn: EspnReplayServer) => void;
  /** Each sign-in comes from the next address of this /24 (`198.19.13`), so no rate limit is shared. */
  addressPrefix: string;
}): Promise<OwnServer> {
  const [espn, database] = await Promise.all([
    startEspnServer(),
    testDatabaseUrl ? createThrowawayDatabase(`takes_${options.name.replaceAll("-", "_")}`) : Promise.resolve(undefined),
  ]);
  options.answer(espn);
  const runDir = freshRunDir(options.name);
  let server: AppServer | undefined;
  const stop = async () => {
    await stopServer(server);
    await database?.drop();
    await espn.close();
  };
  try {
    server = startAppServer({
      port: options.port,
      databaseUrl: database?.url ?? "",
      runDir,
      // No demo world: what the spec makes is the only thing on this server.
      env: {
        SEED_ON_START: "",
        DATA_DIR: path.join(runDir, "data"),
        ESPN_BASE_URL: espn.siteBaseUrl,
        ESPN_CORE_BASE_URL: espn.coreBaseUrl,
      },
    });
    await waitUntilHealthy(server);
  } catch (error) {
    await stop();
    throw error;
  }
  const started = server;
  let nextAddress = 1;
  return {
    baseURL: started.baseURL,
    server: started,
    espn,
    stop,
    async signIn(page, phone, redirect) {
      await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `${options.addressPrefix}.${nextAddress++}` });
      const startedAt = Date.now() - 1_000;
      await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
      await page.getByLabel(/enter your phone/i).fill(phone);
      await page.getByRole("button", { name: "Send Code" }).click();
      await page.getByLabel(/6-digit code/i).fill(await latestCode(phone, startedAt, started.smsLogFile));
      await page.getByRole("button", { name: /verify/i }).click();
      await page.waitForURL((url) => !url.pathname.startsWith("/login"));
      await expect(page.getByTestId("profile-pill")).toBeVisible();
      const session = (await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()))) as {
        user?: { profileID: string; isNewProfile?: boolean };
      };
      if (session.user?.isNewProfile) {
        const prompt = page.getByRole("dialog", { name: "Choose a Username" });
        await prompt.getByRole("button", { name: "Not now" }).click();
        await expect(prompt).toBeHidden();
      }
      return session.user!.profileID;
    },
  };
}

/** A player's diamonds, as their profile API says. */
export async function balanceOf(page: Page, handle: string): Promise<number> {
  const answer = await page.request.get(`/api/profile/${encodeURIComponent(handle)}?select=tokens`);
  expect(answer.ok()).toBe(true);
  return Number(((await answer.json()) as { tokensBalance: number | string }).tokensBalance);
}
