import { describe, expect, it } from "vitest";
import { buildEventCoverSvg } from "./event-cover-svg";

const png = "data:image/png;base64,iVBORw0KGgo=";

describe("buildEventCoverSvg", () => {
  it("places both inlined logos on the team colours", () => {
    const svg = buildEventCoverSvg({
      away: { abbreviation: "DAL", color: "#002a5c", logoDataUri: png },
      home: { abbreviation: "PHI", color: "#06424d", logoDataUri: png },
      label: "Dallas Cowboys at Philadelphia Eagles",
    });
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.match(/<image /g)).toHaveLength(2);
    expect(svg).toContain('fill="#002a5c"');
    expect(svg).toContain('fill="#06424d"');
    expect(svg).toContain("<title>Dallas Cowboys at Philadelphia Eagles</title>");
  });

  it("falls back to abbreviations and neutral colours, and escapes everything it writes", () => {
    const svg = buildEventCoverSvg({
      away: { abbreviation: "<A&B>", color: "red;}", logoDataUri: "javascript:alert(1)" },
      home: { abbreviation: "PHI", color: null, logoDataUri: null },
      label: `"quoted" & <tagged>`,
    });
    expect(svg).not.toContain("<image");
    expect(svg).not.toContain("javascript:");
    expect(svg).not.toContain("red;}");
    expect(svg).toContain("&lt;A&amp;B&gt;");
    expect(svg).toContain("&quot;quoted&quot; &amp; &lt;tagged&gt;");
    expect(svg).toContain(">PHI</text>");
  });
});
