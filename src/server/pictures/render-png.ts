import "server-only";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";

/**
 * A drawn picture as a PNG (docs/decisions/045-pictures-drawn-when-offline.md). Browsers paint an
 * SVG shown through <img> by building a whole document for it on the page's main thread (about
 * 4 ms each on a 2-core host, 20-25 ms on an emulated phone, during hydration); a PNG is decoded
 * off the main thread. resvg draws the SVG here once per picture.
 */

/** The family every picture is drawn in: Inter, shipped with the app (docs/decisions/067-share-cards.md). */
export const DRAWING_FONT_FAMILY = "Inter";

/**
 * The font files shipped in `fonts/inter/` (SIL Open Font License 1.1, `fonts/inter/OFL.txt`), by weight.
 * Bundled rather than found on the machine: a host without DejaVu or Liberation drew pictures
 * with no letters, and a share card must read the same on every host (docs/decisions/067-share-cards.md).
 */
export const DRAWING_FONT_FILES = {
  regular: path.join(process.cwd(), "fonts", "inter", "Inter-Regular.ttf"),
  bold: path.join(process.cwd(), "fonts", "inter", "Inter-Bold.ttf"),
  black: path.join(process.cwd(), "fonts", "inter", "Inter-Black.ttf"),
} as const;

const fontFiles = Object.values(DRAWING_FONT_FILES);

/**
 * resvg drawing `svg` at `width` pixels wide, in the bundled fonts alone: reading three font
 * files takes resvg a millisecond or two a picture, scanning every system font 6-7 ms, and
 * a system font would make the same card differ from host to host.
 */
export function drawing(svg: string, width: number): Resvg {
  return new Resvg(svg, {
    fitTo: { mode: "width", value: width },
    font: {
      loadSystemFonts: false,
      fontFiles,
      defaultFontFamily: DRAWING_FONT_FAMILY,
      sansSerifFamily: DRAWING_FONT_FAMILY,
    },
  });
}

export function renderPng(svg: string, width: number): Buffer {
  return drawing(svg, width).render().asPng();
}
