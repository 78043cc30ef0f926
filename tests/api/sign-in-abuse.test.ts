import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetServerEnvCache } from "@/env";
import { sendLoginCode } from "@/server/auth/send-login-code";
import { getDb } from "@/server/db/client";
import { loginCodes, profiles } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createProfile } from "../helpers/auth";
import { CookieJar, latestCodeIn, readSessionBody, requestCode, signInWithPhoneCode, textsIn } from "../helpers/sign-in";

const smsLogFile = path.join(mkdtempSync(path.join(tmpdir(), "takes-sms-")), "sms.log");
const ADMIN_PHONE = "5559990101";
let nextPhone = 5_000_000;
const freshPhone = () => `555${nextPhone++}`;

beforeAll(async () => {
  process.env.SMS_TRANSPORT = "log";
  process.env.SMS_LOG_FILE = smsLogFile;
  process.env.NEXTAUTH_URL = "http://localhost:3000";
  process.env.ADMIN_PHONES = ADMIN_PHONE;
  resetServerEnvCache();
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
});
afterAll(closeTestDb);

/** A new browser asks for a code and signs in with it: the phone now has a profile. */
async function signUp(phone: string, ip: string): Promise<CookieJar> {
  const browser = new CookieJar();
  expect((await requestCode(phone, { ip, jar: browser })).status).toBe(200);
  expect((await signInWithPhoneCode(browser, phone, latestCodeIn(smsLogFile, phone), { ip })).error).toBeNull();
  return browser;
}

/** A sign-in with a made-up code from a browser that never asked for one; next-auth's error value. */
async function strangerGuess(phone: string, ip: string): Promise<string | null> {
  return (await signInWithPhoneCode(new CookieJar(), phone, "000000", { ip })).error;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("a flood of sign-in codes for new numbers", () => {
  afterEach(() => {
    delete process.env.SIGN_IN_TEXTS_PER_HOUR;
    resetServerEnvCache();
  });

  it("spends only the budget for new numbers: the admin and a player still get their codes and sign in, and new numbers get no text once it is spent", async () => {
    const player = freshPhone();
    await signUp(player, "203.0.113.21");
    // The figures: 22 new numbers from 3 addresses spent a budget of 40; here 40 from 8 spend 8.
    process.env.SIGN_IN_TEXTS_PER_HOUR = "8";
    resetServerEnvCache();
    const flood: Array<{ phone: string; status: number; body: unknown }> = [];
    for (let i = 0; i < 40; i++) {
      const phone = freshPhone();
      const answer = await requestCode(phone, { ip: `198.51.120.${i % 8}` });
      flood.push({ phone, status: answer.status, body: await answer.json() });
    }
    // Every flood request is answered as any request is (a 429 here would tell new numbers from players)…
    expect(flood.map((f) => f.status)).toEqual(Array(40).fill(200));
    for (const f of flood) expect(f.body).toEqual({ success: true });
    // …but the texts stop at the budget: the bill stays bounded.
    const texted = flood.map((f) => textsIn(smsLogFile, f.phone).length);
    expect(texted.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(8);
    expect(texted.slice(-32)).toEqual(Array(32).fill(0));

    // Within the flood, the admin (listed in ADMIN_PHONES) and a player with a profile ask from new browsers, get codes and sign in.
    for (const [phone, ip] of [
      [ADMIN_PHONE, "203.0.113.22"],
      [player, "203.0.113.23"],
    ] as const) {
      const browser = new CookieJar();
      const answer = await requestCode(phone, { ip, jar: browser });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ success: true });
      expect((await signInWithPhoneCode(browser, phone, latestCodeIn(smsLogFile, phone), { ip })).error).toBeNull();
      expect((await readSessionBody(browser)).user).toMatchObject({ phone: `+1${phone}` });
    }

    // A new number asked for afterwards is still answered as usual and still not texted.
    const late = freshPhone();
    expect((await requestCode(late, { ip: "198.51.120.200" })).status).toBe(200);
    expect(textsIn(smsLogFile, late)).toHaveLength(0);
  });
});

describe("wrong sign-in codes from strangers", () => {
  it("cannot lock out a phone that has no live code: after 60 anonymous wrong codes the admin asks for a code and signs in", async () => {
    const answers: string[] = [];
    for (const stranger of ["198.51.100.31", "198.51.100.32", "198.51.100.33"]) {
      for (let guess = 0; guess < 20; guess++) {
        const code = String(100_000 + guess);
        answers.push((await signInWithPhoneCode(new CookieJar(), ADMIN_PHONE, code, { ip: stranger })).error ?? "signed in");
      }
    }
    expect(answers).toEqual(Array(60).fill("CredentialsSignin"));

    const jar = new CookieJar();
    expect((await requestCode(ADMIN_PHONE, { ip: "203.0.113.40", jar })).status).toBe(200);
    const owner = await signInWithPhoneCode(jar, ADMIN_PHONE, latestCodeIn(smsLogFile, ADMIN_PHONE), { ip: "203.0.113.40" });
    expect(owner.error).toBeNull();
    expect((await readSessionBody(jar)).user).toMatchObject({ phone: `+1${ADMIN_PHONE}`, superAdmin: true });
  });

  it("gives one address 20 failed code checks an hour, whatever the phones; the 21st answers with the wait", async () => {
    const stranger = "198.51.100.50";
    const answers: string[] = [];
    for (let guess = 0; guess < 22; guess++) {
      answers.push((await signInWithPhoneCode(new CookieJar(), freshPhone(), "123456", { ip: stranger })).error ?? "signed in");
    }
    expect(answers.slice(0, 20)).toEqual(Array(20).fill("CredentialsSignin"));
    for (const answer of answers.slice(20)) expect(answer).toMatch(/^RateLimited:\d+$/);

    // Another address is not affected.
    const phone = freshPhone();
    const browser = new CookieJar();
    await requestCode(phone, { ip: "198.51.100.51", jar: browser });
    const other = await signInWithPhoneCode(browser, phone, latestCodeIn(smsLogFile, phone), { ip: "198.51.100.51" });
    expect(other.error).toBeNull();
  });

  it("does not count a right code against the address: a busy shared address keeps signing people in", async () => {
    const shared = "198.51.100.60";
    const statuses: Array<string | null> = [];
    for (let player = 0; player < 25; player++) {
      const phone = freshPhone();
      const browser = new CookieJar();
      expect((await requestCode(phone, { ip: `198.51.101.${player}`, jar: browser })).status).toBe(200);
      statuses.push((await signInWithPhoneCode(browser, phone, latestCodeIn(smsLogFile, phone), { ip: shared })).error);
    }
    expect(statuses).toEqual(Array(25).fill(null));
  });
});

describe("a stranger who asks for codes for someone else's phone and types wrong ones", () => {
  it("cannot keep the admin out (the issue's attack: a code asked for from one address, five wrong ones from another, five times): the admin signs in during the attack and asks again after it", async () => {
    const asker = "198.51.110.1";
    const guesser = "198.51.110.2";
    const adminAddress = "203.0.113.60";
    const guesses: Array<string | null> = [];
    let admin: { browser: CookieJar; code: string } | undefined;
    for (let round = 0; round < 5; round++) {
      expect((await requestCode(ADMIN_PHONE, { ip: asker, jar: new CookieJar() })).status).toBe(200);
      for (let guess = 0; guess < 5; guess++) guesses.push(await strangerGuess(ADMIN_PHONE, guesser));
      if (round === 1) {
        // The admin asks for a code in the middle of the attack, from their own browser.
        const browser = new CookieJar();
        expect((await requestCode(ADMIN_PHONE, { ip: adminAddress, jar: browser })).status).toBe(200);
        admin = { browser, code: latestCodeIn(smsLogFile, ADMIN_PHONE) };
      }
    }
    expect(guesses.slice(0, 20)).toEqual(Array(20).fill("CredentialsSignin"));
    for (const answer of guesses.slice(20)) expect(answer).toMatch(/^RateLimited:\d+$/);

    // Three more rounds of strangers' codes arrived since; the code the admin asked for still works.
    expect((await signInWithPhoneCode(admin!.browser, ADMIN_PHONE, admin!.code, { ip: adminAddress })).error).toBeNull();
    expect((await readSessionBody(admin!.browser)).user).toMatchObject({ phone: `+1${ADMIN_PHONE}`, superAdmin: true });

    // The admin's next request (before: 429 for ~1,215 s, the phone's five sends spent by the stranger) is answered.
    const later = new CookieJar();
    expect((await requestCode(ADMIN_PHONE, { ip: adminAddress, jar: later })).status).toBe(200);
    expect((await signInWithPhoneCode(later, ADMIN_PHONE, latestCodeIn(smsLogFile, ADMIN_PHONE), { ip: adminAddress })).error).toBeNull();
  });

  it("cannot keep a player out from four asking and four guessing addresses either", async () => {
    const victim = freshPhone();
    const home = "203.0.113.61";
    await signUp(victim, home);
    const askers = ["198.51.111.1", "198.51.111.2", "198.51.111.3", "198.51.111.4"];
    const guessers = ["198.51.112.1", "198.51.112.2", "198.51.112.3", "198.51.112.4"];
    let own: { browser: CookieJar; code: string } | undefined;
    for (let round = 0; round < 5; round++) {
      for (const asker of askers) expect((await requestCode(victim, { ip: asker, jar: new CookieJar() })).status).toBe(200);
      for (const guesser of guessers) {
        for (let guess = 0; guess < 5; guess++) expect(await strangerGuess(victim, guesser)).not.toBeNull();
      }
      if (round === 2) {
        const browser = new CookieJar();
        expect((await requestCode(victim, { ip: home, jar: browser })).status).toBe(200);
        own = { browser, code: latestCodeIn(smsLogFile, victim) };
      }
    }
    expect(textsIn(smsLogFile, victim)).toHaveLength(1 + 20 + 1);
    expect((await signInWithPhoneCode(own!.browser, victim, own!.code, { ip: home })).error).toBeNull();

    const later = new CookieJar();
    expect((await requestCode(victim, { ip: home, jar: later })).status).toBe(200);
    expect((await signInWithPhoneCode(later, victim, latestCodeIn(smsLogFile, victim), { ip: home })).error).toBeNull();
  });

  it("never touches the code another browser asked for: after 50 wrong codes from other browsers the owner's code still signs in", async () => {
    const phone = freshPhone();
    const owner = new CookieJar();
    expect((await requestCode(phone, { ip: "203.0.113.62", jar: owner })).status).toBe(200);
    const code = latestCodeIn(smsLogFile, phone);
    const wrong = code === "000000" ? "111111" : "000000";

    const answers: Array<string | null> = [];
    // 20 from browsers that never asked for anything…
    for (let i = 0; i < 20; i++) answers.push(await strangerGuess(phone, `198.51.113.${i % 2}`));
    // …20 from one that holds a sign-in ticket of its own (it asked for another phone's code)…
    const otherTicket = new CookieJar();
    expect((await requestCode(freshPhone(), { ip: "198.51.113.2", jar: otherTicket })).status).toBe(200);
    for (let i = 0; i < 20; i++) answers.push((await signInWithPhoneCode(otherTicket, phone, wrong, { ip: "198.51.113.2" })).error);
    // …and 10 from one that asked for a code for this very phone (texted to the owner, useless to it).
    const ownCode = new CookieJar();
    expect((await requestCode(phone, { ip: "198.51.113.3", jar: ownCode })).status).toBe(200);
    for (let i = 0; i < 10; i++) answers.push((await signInWithPhoneCode(ownCode, phone, wrong, { ip: "198.51.113.3" })).error);
    expect(answers).toEqual(Array(50).fill("CredentialsSignin"));

    const db = await getDb();
    const rows = await db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.phone, `+1${phone}`));
    // The owner's row has no wrong guess against it; the other browser killed only its own code.
    expect(rows.map((row) => row.failedAttempts).sort()).toEqual([0, 5]);
    expect((await signInWithPhoneCode(owner, phone, code, { ip: "203.0.113.62" })).error).toBeNull();
  });

  it("who spends the 30 texts an hour a phone takes from strange browsers still leaves the owner's own browser a way in", async () => {
    const phone = freshPhone();
    const home = "203.0.113.63";
    const knownBrowser = await signUp(phone, home);
    // The owner signed in on this browser a while ago (past its 30 s between codes).
    const db = await getDb();
    await db
      .update(loginCodes)
      .set({ createdAt: sql`now() - interval '1 minute'` })
      .where(eq(loginCodes.phone, `+1${phone}`));
    // Six addresses, five codes each: the 30 texts an hour a phone takes from browsers that never signed in as it.
    for (let address = 0; address < 6; address++) {
      for (let i = 0; i < 5; i++) await requestCode(phone, { ip: `198.51.114.${address}`, jar: new CookieJar() });
    }
    // A new browser of the owner waits (the residual risk of decision 002)…
    const refused = await requestCode(phone, { ip: home, jar: new CookieJar() });
    expect(refused.status).toBe(429);
    // …but the browser that signed in as this phone before still gets its code and signs in.
    expect((await requestCode(phone, { ip: home, jar: knownBrowser })).status).toBe(200);
    expect((await signInWithPhoneCode(knownBrowser, phone, latestCodeIn(smsLogFile, phone), { ip: home })).error).toBeNull();
  });

  it("who shares the owner's address (a carrier's NAT) and spends its limits there still leaves the owner's own browser a way in", async () => {
    const phone = freshPhone();
    const shared = "198.51.115.1";
    const knownBrowser = await signUp(phone, shared);
    const db = await getDb();
    await db
      .update(loginCodes)
      .set({ createdAt: sql`now() - interval '1 minute'` })
      .where(eq(loginCodes.phone, `+1${phone}`));
    // From the same address: four codes for the phone asked for from new browsers and 20 wrong ones typed
    // at them (which pauses the phone from this address), then other numbers until the address's 20 are spent.
    const guesses: Array<string | null> = [];
    for (let round = 0; round < 4; round++) {
      const stranger = new CookieJar();
      expect((await requestCode(phone, { ip: shared, jar: stranger })).status).toBe(200);
      const wrong = latestCodeIn(smsLogFile, phone) === "000000" ? "111111" : "000000";
      for (let guess = 0; guess < 5; guess++) guesses.push((await signInWithPhoneCode(stranger, phone, wrong, { ip: shared })).error);
    }
    expect(guesses.slice(0, 19)).toEqual(Array(19).fill("CredentialsSignin"));
    expect(guesses[19]).toMatch(/^RateLimited:\d+$/);
    for (let i = 0; i < 15; i++) expect((await requestCode(freshPhone(), { ip: shared })).status).toBe(200);
    expect((await requestCode(freshPhone(), { ip: shared })).status).toBe(429);

    // A new browser on that address waits; the browser that signed in as the phone before does not.
    expect((await requestCode(phone, { ip: shared, jar: new CookieJar() })).status).toBe(429);
    expect((await requestCode(phone, { ip: shared, jar: knownBrowser })).status).toBe(200);
    expect((await signInWithPhoneCode(knownBrowser, phone, latestCodeIn(smsLogFile, phone), { ip: shared })).error).toBeNull();
  });
});

describe("a suspended player", () => {
  it("is answered like anyone else when asking for a code, and is texted nothing", async () => {
    const suspended = await createProfile({ phone: `+1${freshPhone()}` });
    const db = await getDb();
    await db
      .update(profiles)
      .set({ suspendedAt: sql`now()` })
      .where(eq(profiles.id, suspended.id));
    const other = freshPhone();
    const forSuspended = await requestCode(suspended.phone, { ip: "203.0.113.64", jar: new CookieJar() });
    const forOther = await requestCode(other, { ip: "203.0.113.64", jar: new CookieJar() });
    expect(forSuspended.status).toBe(forOther.status);
    expect(await forSuspended.json()).toEqual(await forOther.json());
    expect(textsIn(smsLogFile, suspended.phone)).toHaveLength(0);
    expect(textsIn(smsLogFile, other)).toHaveLength(1);
  });
});

describe("the hourly budgets of sign-in texts", () => {
  afterAll(() => {
    delete process.env.SIGN_IN_TEXTS_PER_HOUR;
    delete process.env.SIGN_IN_TEXTS_TO_PLAYERS_PER_HOUR;
    resetServerEnvCache();
  });

  it("texts at most SIGN_IN_TEXTS_PER_HOUR new numbers an hour, then answers as usual and texts nothing until the next hour", async () => {
    process.env.SIGN_IN_TEXTS_PER_HOUR = "30";
    resetServerEnvCache();
    const start = new Date("2032-05-04T10:20:00Z");
    // 30 texts from 10 addresses (each under its own 20), to 30 phones (each under its own 5).
    for (let i = 0; i < 30; i++) {
      await sendLoginCode({ phone: freshPhone(), ticket: `budget-${i}`, clientAddress: `198.51.102.${i % 10}`, now: start });
    }
    const phone = freshPhone();
    await sendLoginCode({ phone, ticket: "budget-late", clientAddress: "198.51.102.99", now: start });
    expect(textsIn(smsLogFile, phone)).toHaveLength(0);

    // The next hour the budget is full again.
    await sendLoginCode({ phone, ticket: "budget-late", clientAddress: "198.51.102.99", now: new Date("2032-05-04T11:00:00Z") });
    expect(textsIn(smsLogFile, phone)).toHaveLength(1);
  });

  it("is not spent by sends another limit refused", async () => {
    process.env.SIGN_IN_TEXTS_PER_HOUR = "3";
    resetServerEnvCache();
    const start = new Date("2032-05-05T10:00:00Z");
    const phone = freshPhone();
    await sendLoginCode({ phone, ticket: "spent-1", clientAddress: "198.51.103.1", now: start });
    for (let i = 0; i < 5; i++) {
      expect((await refusal(sendLoginCode({ phone, ticket: "spent-1", clientAddress: "198.51.103.1", now: start }))).status).toBe(429);
    }
    const second = freshPhone();
    const third = freshPhone();
    const fourth = freshPhone();
    await sendLoginCode({ phone: second, ticket: "spent-2", clientAddress: "198.51.103.2", now: start });
    await sendLoginCode({ phone: third, ticket: "spent-3", clientAddress: "198.51.103.3", now: start });
    await sendLoginCode({ phone: fourth, ticket: "spent-4", clientAddress: "198.51.103.4", now: start });
    expect([phone, second, third, fourth].map((p) => textsIn(smsLogFile, p).length)).toEqual([1, 1, 1, 0]);
  });

  it("texts exactly SIGN_IN_TEXTS_PER_HOUR of 30 new numbers asked for at the same moment from many addresses", async () => {
    process.env.SIGN_IN_TEXTS_PER_HOUR = "12";
    resetServerEnvCache();
    const start = new Date("2032-05-06T10:00:00Z");
    const phones = Array.from({ length: 30 }, () => freshPhone());
    await Promise.all(
      phones.map((phone, i) => sendLoginCode({ phone, ticket: `parallel-${i}`, clientAddress: `198.51.104.${i % 10}`, now: start })),
    );
    expect(phones.filter((phone) => textsIn(smsLogFile, phone).length > 0)).toHaveLength(12);
  });

  it("keeps SIGN_IN_TEXTS_TO_PLAYERS_PER_HOUR as a hard ceiling on texts to players from browsers that never signed in as them, which the players' own browsers pass", async () => {
    process.env.SIGN_IN_TEXTS_TO_PLAYERS_PER_HOUR = "2";
    resetServerEnvCache();
    const players = await Promise.all([0, 1, 2].map(() => createProfile({ phone: `+1${freshPhone()}` })));
    const start = new Date("2032-05-07T10:00:00Z");
    for (const [i, player] of players.entries()) {
      await sendLoginCode({ phone: player.phone, ticket: `players-${i}`, clientAddress: `198.51.105.${i}`, now: start });
    }
    expect(players.map((player) => textsIn(smsLogFile, player.phone).length)).toEqual([1, 1, 0]);
  });

  it("texts one code when one browser asks twice at the same moment, and refuses the other with the wait", async () => {
    const phone = freshPhone();
    const start = new Date("2032-05-08T10:00:00Z");
    const twice = await Promise.allSettled(
      [0, 1].map(() => sendLoginCode({ phone, ticket: "same-browser", clientAddress: "198.51.106.1", now: start })),
    );
    expect(twice.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = twice.find((result) => result.status === "rejected")!;
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ status: 429 });
    expect(textsIn(smsLogFile, phone)).toHaveLength(1);
    const db = await getDb();
    expect(
      await db
        .select()
        .from(loginCodes)
        .where(and(eq(loginCodes.phone, `+1${phone}`))),
    ).toHaveLength(1);
  });
});
