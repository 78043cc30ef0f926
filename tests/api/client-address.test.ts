import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as membersAccessRoute } from "@/app/api/members/access/route";
import { POST as sendCodeRoute } from "@/app/api/sendCode/route";
import { resetServerEnvCache } from "@/env";
import { PEER_ADDRESS_HEADER, clientAddress } from "@/server/http/client-address";
import { setMembersPassword } from "@/server/members/set-members-password";
import { createProfile } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { textsIn } from "../helpers/sign-in";

const smsLogFile = path.join(mkdtempSync(path.join(tmpdir(), "takes-sms-")), "sms.log");
let nextPhone = 4_000_000;
const freshPhone = () => `555${nextPhone++}`;

const headers = (values: Record<string, string>) => new Headers(values);
const peer = (address: string, more: Record<string, string> = {}) => headers({ [PEER_ADDRESS_HEADER]: address, ...more });

describe("the client address the per-address limits count", () => {
  it("with no trusted proxy is the connection's own address, whatever X-Forwarded-For and X-Real-IP say", () => {
    const forged = peer("203.0.113.9", { "x-forwarded-for": "198.51.100.1, 198.51.100.2", "x-real-ip": "198.51.100.3" });
    expect(clientAddress(forged, 0)).toBe("203.0.113.9");
  });

  it("behind one proxy is the entry that proxy appended, not the ones the client wrote before it", () => {
    const viaProxy = peer("10.0.0.5", { "x-forwarded-for": "198.51.100.1, 203.0.113.9" });
    expect(clientAddress(viaProxy, 1)).toBe("203.0.113.9");
  });

  it("behind two proxies is the second entry from the right", () => {
    const viaTwo = peer("10.0.0.5", { "x-forwarded-for": "198.51.100.1, 203.0.113.9, 10.0.0.4" });
    expect(clientAddress(viaTwo, 2)).toBe("203.0.113.9");
  });

  it("ignores X-Real-IP even behind a proxy", () => {
    expect(clientAddress(peer("10.0.0.5", { "x-real-ip": "198.51.100.3" }), 1)).toBe("10.0.0.5");
  });

  it("is the leftmost entry when the chain is shorter than the proxies configured (all of it was written by them)", () => {
    expect(clientAddress(peer("10.0.0.5", { "x-forwarded-for": "203.0.113.9" }), 3)).toBe("203.0.113.9");
    expect(clientAddress(peer("10.0.0.5"), 1)).toBe("10.0.0.5");
  });

  it("falls back to the nearest trusted address when the client's entry is malformed, never to a client-chosen bucket", () => {
    for (const entry of ["not-an-address", "999.1.1.1", "unknown", "<script>", "1.2.3.4.5"]) {
      expect(clientAddress(peer("10.0.0.5", { "x-forwarded-for": `198.51.100.1, ${entry}` }), 1)).toBe("10.0.0.5");
    }
    expect(clientAddress(peer("10.0.0.5", { "x-forwarded-for": " , ,203.0.113.9,," }), 1)).toBe("203.0.113.9");
  });

  it("reads addresses with ports, brackets and the IPv4-mapped form as the bare address", () => {
    expect(clientAddress(peer("::ffff:203.0.113.9"), 0)).toBe("203.0.113.9");
    expect(clientAddress(peer("10.0.0.5", { "x-forwarded-for": "203.0.113.9:51234" }), 1)).toBe("203.0.113.9");
    expect(clientAddress(peer("10.0.0.5", { "x-forwarded-for": "[2001:db8:1:2::7]:443" }), 1)).toBe("2001:db8:1:2::/64");
  });

  it("counts an IPv6 client by its /64, so rotating the rest of the address does not help", () => {
    expect(clientAddress(peer("2001:db8:0:1:aaaa::1"), 0)).toBe("2001:db8:0:1::/64");
    expect(clientAddress(peer("2001:0db8:0000:0001:ffff:1:2:3"), 0)).toBe("2001:db8:0:1::/64");
    expect(clientAddress(peer("::1"), 0)).toBe("0:0:0:0::/64");
  });

  it("is one shared 'unknown' bucket when the connection's address is not known and no proxy is trusted", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "198.51.100.1" }), 0)).toBe("unknown");
    expect(clientAddress(headers({}), 1)).toBe("unknown");
  });

  it("reads next-auth's plain header object the same way", () => {
    expect(clientAddress({ [PEER_ADDRESS_HEADER]: "10.0.0.5", "x-forwarded-for": "198.51.100.1, 203.0.113.9" }, 1)).toBe("203.0.113.9");
  });
});

describe("per-address limits with no trusted proxy", () => {
  beforeAll(async () => {
    process.env.SMS_TRANSPORT = "log";
    process.env.SMS_LOG_FILE = smsLogFile;
    process.env.TRUSTED_PROXY_HOPS = "0";
    resetServerEnvCache();
    vi.spyOn(console, "log").mockImplementation(() => {});
    await createTestDb();
  });
  afterAll(async () => {
    process.env.TRUSTED_PROXY_HOPS = "1";
    resetServerEnvCache();
    await closeTestDb();
  });

  const send = (phone: string, forged: string) =>
    sendCodeRoute(
      new NextRequest("http://localhost:3000/api/sendCode", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          // What the front door writes (src/front-door/request-edge.ts): the one machine's real address.
          [PEER_ADDRESS_HEADER]: "203.0.113.66",
          "x-forwarded-for": forged,
          "x-real-ip": forged,
        },
        body: JSON.stringify({ phone }),
      }),
      { params: Promise.resolve({}) },
    );

  it("one machine rotating X-Forwarded-For and X-Real-IP gets 20 texts an hour, then 429 with Retry-After", async () => {
    const phones = Array.from({ length: 25 }, freshPhone);
    const statuses: number[] = [];
    for (const [index, phone] of phones.entries()) statuses.push((await send(phone, `198.51.${index}.${index + 1}`)).status);
    expect(statuses).toEqual([...Array<number>(20).fill(200), ...Array<number>(5).fill(429)]);
    const refused = await send(freshPhone(), "192.0.2.1");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(phones.filter((phone) => textsIn(smsLogFile, phone).length > 0)).toHaveLength(20);
  });

  it("one machine rotating X-Forwarded-For gets 10 members password guesses a minute, not 10 per forged address", async () => {
    const admin = await createProfile({ superAdmin: true });
    await setMembersPassword({ passwordId: "beta-members", password: "letmein-tests", actorProfileId: admin.id });
    // The limit counts in fixed one-minute windows: start just after one opens.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 1_000));
    try {
      const guess = (index: number) =>
        membersAccessRoute(
          new NextRequest("http://localhost:3000/api/members/access", {
            method: "POST",
            headers: {
              "content-type": "application/json",
              [PEER_ADDRESS_HEADER]: "203.0.113.67",
              "x-forwarded-for": `198.51.${index}.9`,
              "x-real-ip": `198.51.${index}.10`,
            },
            body: JSON.stringify({ passwordID: "beta-members", password: `wrong-${index}` }),
          }),
          { params: Promise.resolve({}) },
        );
      const statuses: number[] = [];
      for (let index = 0; index < 12; index++) statuses.push((await guess(index)).status);
      expect(statuses).toEqual([...Array<number>(10).fill(403), 429, 429]);
    } finally {
      vi.useRealTimers();
    }
  });
});
