import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";

/**
 * A drawn picture as a PNG (docs/decisions/045-pictures-drawn-when-offline.md). Browsers paint an
 * SVG shown through <img> by building a whole document for it on the page's main thread (about
 * 4 ms each on a 2-core host, 20-25 ms on an emulated phone, during hydration); a PNG is decoded
 * off the main thread. resvg draws the SVG here once per picture.
 */

const FONT_DIRS = [
  "/usr/share/fonts/truetype/dejavu",
  "/usr/share/fonts/truetype/liberation",
  "/usr/share/fonts/TTF",
  "/usr/share/fonts/dejavu",
];
const FONT_FILES = ["DejaVuSans-Bold.ttf", "DejaVuSans.ttf", "LiberationSans-Bold.ttf", "LiberationSans-Regular.ttf"];

let fontFiles: string[] | undefined;

/**
 * The sans-serif fonts the letters are drawn in, found once: reading two font files takes resvg
 * about 1.7 ms a picture, scanning every system font 6-7 ms. A machine with neither gets the
 * system scan, and one without fonts the shapes without the letters.
 */
function sansFonts(): string[] {
  fontFiles ??= FONT_DIRS.flatMap((dir) => FONT_FILES.map((file) => path.join(dir, file))).filter((file) => existsSync(file));
  return fontFiles;
}

/** resvg drawing `svg` at `width` pixels wide, in the fonts above. */
export function drawing(svg: string, width: number): Resvg {
  const files = sansFonts();
  const family = files.some((file) => file.includes("DejaVu")) ? "DejaVu Sans" : "Liberation Sans";
  return new Resvg(svg, {
    fitTo: { mode: "width", value: width },
    font:
      files.length > 0
        ? { loadSystemFonts: false, fontFiles: files, defaultFontFamily: family, sansSerifFamily: family }
        : { loadSystemFonts: true },
  });
}

export function renderPng(svg: string, width: number): Buffer {
  return drawing(svg, width).render().asPng();
}
