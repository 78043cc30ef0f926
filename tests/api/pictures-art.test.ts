// Pictures drawn when the real one cannot load (docs/decisions/045-pictures-drawn-when-offline.md):
// GET /api/art?src={remote picture} answers, as a PNG, the team's badge in its colours, the league's
// shield, a silhouette for a headshot, or the product's tile, and refuses what is not a picture URL.
// What is drawn is read from the SVG the PNG is rendered from (drawArt).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { GET as art } from "@/app/api/art/route";
import { drawArt } from "@/server/pictures/art-for-picture";
import { getDb } from "@/server/db/client";
import { teams } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "../helpers/db";

const GIANTS_LOGO = "https://a.espncdn.com/i/teamlogos/nfl/500/nyg.png";

async function get(src: string | null, as?: string) {
  const url = new URL("http://localhost/api/art");
  if (src !== null) url.searchParams.set("src", src);
  if (as) url.searchParams.set("as", as);
  return art(new NextRequest(url));
}

/** What the route draws for `src`: its status, and the SVG its PNG is rendered from. */
async function draw(src: string, as?: "badge" | "cover" | "poster") {
  const response = await get(src, as);
  if (response.status !== 200) return { status: response.status, text: "" };
  return { status: 200, text: await drawArt(src, as as "badge" | "cover" | undefined) };
}

/** A PNG's width and height, from its header. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

beforeAll(async () => {
  await createTestDb();
  const db = await getDb();
  await db.insert(teams).values([
    {
      league: "nfl",
      espnTeamId: "19",
      slug: "giants",
      abbreviation: "NYG",
      name: "Giants",
      fullName: "New York Giants",
      logoUrl: GIANTS_LOGO,
      color: "#0b2265",
      alternateColor: "#a71930",
    },
    // The other Giants: same name, other league, a logo at another address.
    {
      league: "mlb",
      espnTeamId: "26",
      slug: "giants",
      abbreviation: "SF",
      name: "Giants",
      fullName: "San Francisco Giants",
      logoUrl: "https://example.test/sf.png",
      color: "fd5a1e",
      alternateColor: "000000",
    },
    {
      league: "nfl",
      espnTeamId: "22",
      slug: "cardinals",
      abbreviation: "ARI",
      name: "Cardinals",
      fullName: "Arizona Cardinals",
      logoUrl: null,
      color: "#ffffff",
      alternateColor: null,
    },
  ]);
});
afterAll(closeTestDb);

describe("GET /api/art", () => {
  it("draws a team's logo as its badge: its abbreviation on its colour, ringed in its second colour", async () => {
    const drawn = await draw(GIANTS_LOGO);
    expect(drawn.status).toBe(200);
    expect(drawn.text).toContain("<title>New York Giants</title>");
    expect(drawn.text).toContain('fill="#0b2265"');
    expect(drawn.text).toContain('stroke="#a71930"');
    expect(drawn.text).toMatch(/>NYG<\/text>/);
    // White letters on the dark blue.
    expect(drawn.text).toMatch(/fill="#ffffff">NYG</);
  });

  it("finds a team by the logo stored for it, whatever its address, and by ESPN's logo address when none is stored", async () => {
    const giants = await draw("https://example.test/sf.png");
    expect(giants.text).toContain("<title>San Francisco Giants</title>");
    expect(giants.text).toContain('fill="#fd5a1e"');
    // ESPN's scoreboard and dark variants of a known team's logo.
    const cardinals = await draw("https://a.espncdn.com/i/teamlogos/nfl/500-dark/scoreboard/ari.png");
    expect(cardinals.text).toContain("<title>Arizona Cardinals</title>");
    // Dark letters on a white badge.
    expect(cardinals.text).toMatch(/fill="#0f172a">ARI</);
    // A team we do not have yet still gets its letters.
    const unknown = await draw("https://a.espncdn.com/i/teamlogos/mlb/500/tex.png");
    expect(unknown.status).toBe(200);
    expect(unknown.text).toMatch(/>TEX<\/text>/);
  });

  it("draws a league's logo as the league's shield and a headshot as a silhouette", async () => {
    const nfl = await draw("https://a.espncdn.com/i/teamlogos/leagues/500/nfl.png");
    expect(nfl.text).toContain("<title>NFL</title>");
    expect(nfl.text).toContain('fill="#013369"');
    const headshot = await draw("https://a.espncdn.com/i/headshots/nfl/players/full/3915511.png");
    expect(headshot.text).toContain("<title>Player</title>");
  });

  it("draws a cover full-bleed in the team's colours with its name, for a pack whose cover is a team's logo", async () => {
    const cover = await draw(GIANTS_LOGO, "cover");
    expect(cover.status).toBe(200);
    expect(cover.text).toContain('width="320" height="320"');
    expect(cover.text).toMatch(/<rect width="320" height="320" fill="#0b2265"\/>/);
    expect(cover.text).toMatch(/>NYG<\/text>/);
    expect(cover.text).toMatch(/>New York Giants<\/text>/);
    // A league's logo as a cover names the league.
    expect((await draw("https://a.espncdn.com/i/teamlogos/leagues/500/mlb.png", "cover")).text).toMatch(/>Major League Baseball<\/text>/);
    expect((await draw(GIANTS_LOGO, "poster")).status).toBe(400);
  });

  it("draws any other picture as the product's tile, never as an error", async () => {
    const other = await draw("https://images.example.com/covers/week-12.jpg?w=600");
    expect(other.status).toBe(200);
    expect(other.text).toContain("<svg");
  });

  it("answers a PNG, which the browser decodes off the page's main thread, sharp on a phone (badges at 2×, covers at 1.5×)", async () => {
    const badge = await get(GIANTS_LOGO);
    expect(badge.headers.get("content-type")).toBe("image/png");
    expect(badge.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(pngSize(Buffer.from(await badge.arrayBuffer()))).toEqual({ width: 240, height: 240 });
    const cover = await get(GIANTS_LOGO, "cover");
    expect(pngSize(Buffer.from(await cover.arrayBuffer()))).toEqual({ width: 480, height: 480 });
  });

  it("draws nothing that could load or run anything", async () => {
    const drawn = await draw(GIANTS_LOGO);
    expect(drawn.text).not.toMatch(/<script|href=|xlink/i);
  });

  it("escapes a team's text into the picture instead of running it", async () => {
    const db = await getDb();
    await db.insert(teams).values({
      league: "mlb",
      espnTeamId: "999",
      slug: "xss",
      abbreviation: "<b>",
      name: "X",
      fullName: '<script>alert("x")</script>',
      logoUrl: "https://example.test/x.png",
      color: "red",
    });
    const drawn = await draw("https://example.test/x.png");
    expect(drawn.status).toBe(200);
    expect(drawn.text).not.toContain("<script>");
    expect(drawn.text).toContain("&lt;script&gt;");
    // A colour that is not a hex colour is not written into the picture.
    expect(drawn.text).not.toContain('"red"');
  });

  it("tells a client asking for new drawings by the hundred to slow down, and still serves it what is already drawn", async () => {
    const from = (address: string, src: string) => {
      const url = new URL("http://localhost/api/art");
      url.searchParams.set("src", src);
      return art(new NextRequest(url, { headers: { "x-takes-peer-address": address } }));
    };
    // Already drawn (above): a cache hit, never counted.
    expect((await from("203.0.113.7", GIANTS_LOGO)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 241; i++) statuses.push((await from("203.0.113.7", `https://images.example.com/made-up-${i}.png`)).status);
    expect(statuses.slice(0, 240).every((status) => status === 200)).toBe(true);
    const refused = await from("203.0.113.7", "https://images.example.com/made-up-241.png");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ success: false });
    expect(statuses[240]).toBe(429);
    // What is already drawn still loads for that client, and another client is not held back.
    expect((await from("203.0.113.7", GIANTS_LOGO)).status).toBe(200);
    expect((await from("203.0.113.8", "https://images.example.com/made-up-0-other.png")).status).toBe(200);
  });

  it("refuses a missing, non-http or overlong src with a JSON error", async () => {
    for (const [src, error] of [
      [null, /src is required/],
      ["javascript:alert(1)", /http\(s\) URL/],
      ["/api/art?src=x", /http\(s\) URL/],
      [`https://a.espncdn.com/${"a".repeat(2100)}.png`, /at most 2048/],
    ] as const) {
      const response = await art(new NextRequest(`http://localhost/api/art${src === null ? "" : `?src=${encodeURIComponent(src)}`}`));
      expect(response.status, String(src)).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, error: expect.stringMatching(error) });
    }
  });
});
