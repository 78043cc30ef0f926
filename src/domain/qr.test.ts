import { describe, expect, it } from "vitest";
import { qrFileName, svgDataUrl } from "./qr";

describe("the QR code's downloads", () => {
  it("names the file after the link's last segment, safely", () => {
    expect(qrFileName("https://takes.example/packs/week-1-kickoff", "png")).toBe("qr-week-1-kickoff.png");
    expect(qrFileName("https://takes.example/claim/AB%20C?x=1", "svg")).toBe("qr-ab-20c.svg");
    expect(qrFileName("https://takes.example/", "svg")).toBe("qr-takes-example.svg");
    expect(qrFileName("not a url", "png")).toBe("qr-link.png");
  });

  it("keeps an SVG whole in its data URL", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1H0z"/></svg>';
    expect(decodeURIComponent(svgDataUrl(svg).replace("data:image/svg+xml;charset=utf-8,", ""))).toBe(svg);
  });
});
