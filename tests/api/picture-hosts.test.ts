// Pictures drawn from the start where their host cannot be reached
// (docs/decisions/045-pictures-drawn-when-offline.md, "Drawn from the start"): the server checks
// the picture hosts it is told of (PICTURE_HOSTS) and, while one is known to be unreachable, the
// pages it renders point that host's pictures at the drawing the browser's own fallback would ask
// for. A real HTTP server plays the picture host; a closed port plays a host with no route to it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  allowedPictureOrigins,
  allowedPictureUrl,
  checkPictureHosts,
  forgetPictureHostChecks,
  pictureSrc,
  withPictureCovers,
} from "@/server/pictures/picture-hosts";

let host: http.Server;
let up: string;
let down: string;

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  host = http.createServer((_req, res) => res.writeHead(404).end());
  up = await listen(host);
  // A port that was free a moment ago and is closed now: connections to it are refused.
  const probe = http.createServer();
  down = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(() => new Promise((resolve) => host.close(resolve)));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
  forgetPictureHostChecks();
});

describe("pictures whose host the server checks", () => {
  it("keeps the real address of a picture whose host answers, even with an error status", async () => {
    vi.stubEnv("PICTURE_HOSTS", up);
    await checkPictureHosts();
    expect(pictureSrc(`${up}/i/teamlogos/nfl/500/nyg.png`, "cover")).toBe(`${up}/i/teamlogos/nfl/500/nyg.png`);
  });

  it("draws from the start a picture whose host cannot be reached, at the address the browser's fallback asks for", async () => {
    vi.stubEnv("PICTURE_HOSTS", `${up}, ${down}`);
    await checkPictureHosts();
    const logo = `${down}/i/teamlogos/nfl/500/nyg.png`;
    expect(pictureSrc(logo)).toBe(`/api/art?src=${encodeURIComponent(logo)}`);
    expect(pictureSrc(logo, "cover")).toBe(`/api/art?src=${encodeURIComponent(logo)}&as=cover`);
    // Cards keep everything else; a card without a cover keeps none.
    const cards = withPictureCovers([
      { id: "a", coverUrl: logo },
      { id: "b", coverUrl: `${up}/cover.png` },
      { id: "c", coverUrl: null },
    ]);
    expect(cards).toEqual([
      { id: "a", coverUrl: `/api/art?src=${encodeURIComponent(logo)}&as=cover` },
      { id: "b", coverUrl: `${up}/cover.png` },
      { id: "c", coverUrl: null },
    ]);
  });

  it("keeps real addresses until the first check has answered, and never touches a host it was not told of", async () => {
    vi.stubEnv("PICTURE_HOSTS", up);
    // Not checked yet: a page rendered now keeps the picture (the browser's fallback still has it).
    expect(pictureSrc(`${up}/logo.png`)).toBe(`${up}/logo.png`);
    await checkPictureHosts();
    // An admin's cover on a host nobody listed is left to the browser, down or not.
    expect(pictureSrc(`${down}/cover.png`, "cover")).toBe(`${down}/cover.png`);
    expect(pictureSrc("not a url")).toBe("not a url");
  });

  it("checks nothing when PICTURE_HOSTS is off", async () => {
    vi.stubEnv("PICTURE_HOSTS", "off");
    await checkPictureHosts();
    expect(pictureSrc(`${down}/logo.png`)).toBe(`${down}/logo.png`);
  });

  it("shows the real pictures again once a host that was down answers and its result is old", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const comeback = http.createServer((_req, res) => res.writeHead(200).end());
    const port = Number(new URL(down).port);
    vi.stubEnv("PICTURE_HOSTS", down);
    await checkPictureHosts();
    expect(pictureSrc(`${down}/logo.png`)).toMatch(/^\/api\/art\?/);
    await new Promise<void>((resolve) => comeback.listen(port, "127.0.0.1", resolve));
    try {
      // Within a minute the answer stands (no check per page).
      vi.setSystemTime(Date.now() + 60_000);
      expect(pictureSrc(`${down}/logo.png`)).toMatch(/^\/api\/art\?/);
      // After two minutes a page asking starts a fresh check in the background; later pages see its answer.
      vi.setSystemTime(Date.now() + 2 * 60_000);
      expect(pictureSrc(`${down}/logo.png`)).toMatch(/^\/api\/art\?/);
      await checkPictureHosts();
      expect(pictureSrc(`${down}/logo.png`)).toBe(`${down}/logo.png`);
    } finally {
      await new Promise((resolve) => comeback.close(resolve));
    }
  });
});

// The same list is the only place the server fetches pictures from (team logos drawn into event
// covers) and where an admin may put a team's logo (docs/decisions/051-picture-hosts-allow-list.md).
describe("the picture hosts the server may fetch from", () => {
  const allowed = (url: string) => allowedPictureUrl(url) !== null;

  it("by default is ESPN's CDN over https alone, matched by scheme, host and port", () => {
    vi.stubEnv("PICTURE_HOSTS", undefined);
    expect(allowedPictureOrigins()).toEqual(["https://a.espncdn.com"]);
    expect(allowed("https://a.espncdn.com/i/teamlogos/nfl/500/phi.png")).toBe(true);
    expect(allowed("https://A.ESPNCDN.com:443/i/teamlogos/nfl/500/phi.png")).toBe(true);
    for (const url of [
      "http://a.espncdn.com/i/teamlogos/nfl/500/phi.png",
      "https://a.espncdn.com:8443/i/teamlogos/nfl/500/phi.png",
      "https://a.espncdn.com.attacker.test/phi.png",
      "https://user:secret@a.espncdn.com/phi.png",
      "https://b.espncdn.com/phi.png",
      "https://169.254.169.254/latest/meta-data",
      `${up}/logo.png`,
      "file:///etc/passwd",
      "not a url",
    ]) {
      expect(allowed(url), url).toBe(false);
    }
  });

  it("allows a local http host only when it is listed, at its own port", () => {
    vi.stubEnv("PICTURE_HOSTS", `https://a.espncdn.com, ${up}`);
    expect(allowed(`${up}/logo.png`)).toBe(true);
    expect(allowed(`${down}/logo.png`)).toBe(false);
    expect(allowed(`${up.replace("http:", "https:")}/logo.png`)).toBe(false);
    expect(allowed(`${up.replace("127.0.0.1", "localhost")}/logo.png`)).toBe(false);
  });

  it("keeps ESPN's CDN alone, never every host, when the reachability check is off", () => {
    for (const value of ["off", "OFF", ""]) {
      vi.stubEnv("PICTURE_HOSTS", value);
      expect(allowedPictureOrigins(), value).toEqual(["https://a.espncdn.com"]);
      expect(allowed("https://a.espncdn.com/i/teamlogos/nfl/500/phi.png")).toBe(true);
      expect(allowed(`${up}/logo.png`)).toBe(false);
      expect(allowed("https://example.com/logo.png")).toBe(false);
    }
  });

  it("allows nothing when the list names no origin it can read", () => {
    vi.stubEnv("PICTURE_HOSTS", "a.espncdn.com, ftp://files.example");
    expect(allowedPictureOrigins()).toEqual([]);
    expect(allowed("https://a.espncdn.com/i/teamlogos/nfl/500/phi.png")).toBe(false);
  });
});
