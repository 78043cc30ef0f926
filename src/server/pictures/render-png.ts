import "server-only";
import { Resvg } from "@resvg/resvg-js";

/**
 * A drawn picture as a PNG (docs/decisions/045-pictures-drawn-when-offline.md). Browsers paint an
 * SVG shown through <img> by building a whole document for it on the page's main thread (about
 * 4 ms each on a 2-core host, 20-25 ms on an emulated phone, during hydration); a PNG is decoded
 * off the main thread. resvg draws the SVG here once per picture, with the system's fonts
 * (a machine without fonts gets the shapes without the letters).
 */
export function renderPng(svg: string, width: number): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: "width", value: width },
    font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans", sansSerifFamily: "DejaVu Sans" },
  });
  return resvg.render().asPng();
}
