import { afterEach, describe, expect, it } from "vitest";
import nextConfig from "../../next.config";

const HSTS = "Strict-Transport-Security";
const original = process.env.NEXTAUTH_URL;
afterEach(() => {
  process.env.NEXTAUTH_URL = original;
});

/** The header rules `next build` writes into the build, as it computes them with this NEXTAUTH_URL. */
async function headerRulesFor(nextAuthUrl: string) {
  process.env.NEXTAUTH_URL = nextAuthUrl;
  return nextConfig.headers!();
}

describe("Strict-Transport-Security", () => {
  it("is on every answer of a site whose NEXTAUTH_URL is https, for at least a year", async () => {
    const rules = await headerRulesFor("https://takes.example");
    const everyAnswer = rules.filter((rule) => rule.source === "/:path*" && !rule.has && !rule.missing);
    const hsts = everyAnswer.flatMap((rule) => rule.headers).find((header) => header.key === HSTS);
    expect(hsts).toBeDefined();
    const maxAge = Number(/max-age=(\d+)/.exec(hsts!.value)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
  });

  it("is not on answers of a plain http site unless its TLS proxy says the request came over https", async () => {
    const rules = await headerRulesFor("http://localhost:3000");
    for (const rule of rules) {
      if (rule.headers.some((header) => header.key === HSTS)) {
        expect(rule.has).toEqual([{ type: "header", key: "x-forwarded-proto", value: "https" }]);
      }
    }
    expect(rules.some((rule) => !rule.has && rule.headers.some((header) => header.key === "X-Frame-Options"))).toBe(true);
  });
});
