import { readFileSync } from "node:fs";
import opentype from "opentype.js";
import { DRAWING_FONT_FILES } from "@/server/pictures/render-png";

// Text that fits its box on a share card (docs/decisions/067-share-cards.md): measured with the
// very font files resvg draws with, so a pack title or a handle shrinks, wraps or is cut with an
// ellipsis before it could run past the card's edge. Estimating by an average letter width
// (art-svg.ts's fitLine) is fine for a team name; a 60-letter pack title in 1200 px is not.

export type FontWeight = keyof typeof DRAWING_FONT_FILES;

const fonts = new Map<FontWeight, opentype.Font>();

function font(weight: FontWeight): opentype.Font {
  let found = fonts.get(weight);
  if (!found) {
    const bytes = readFileSync(DRAWING_FONT_FILES[weight]);
    found = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    fonts.set(weight, found);
  }
  return found;
}

/** How wide `text` runs at `size` px in the bundled font of `weight` (kerning included, as resvg draws it), with `spacing` px after each letter. */
export function textWidth(text: string, size: number, weight: FontWeight, spacing = 0): number {
  return font(weight).getAdvanceWidth(text, size, { kerning: true }) + spacing * Array.from(text).length;
}

const ELLIPSIS = "…";

/** `text` cut, at a word where it can, with an ellipsis so that it fits `maxWidth` at `size`. */
export function ellipsize(text: string, maxWidth: number, size: number, weight: FontWeight, spacing = 0): string {
  if (textWidth(text, size, weight, spacing) <= maxWidth) return text;
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  // The longest prefix that fits with the ellipsis after it.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textWidth(chars.slice(0, mid).join("").trimEnd() + ELLIPSIS, size, weight, spacing) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  const cut = chars.slice(0, low).join("");
  const atWord = cut.lastIndexOf(" ");
  // Cut at the last word break when that keeps most of the line; otherwise mid-word.
  const kept = atWord > cut.length * 0.6 ? cut.slice(0, atWord) : cut;
  return `${kept.trimEnd()}${ELLIPSIS}`;
}

export interface FitBox {
  maxWidth: number;
  maxSize: number;
  minSize: number;
  weight: FontWeight;
  /** Letter spacing in px, as drawn. */
  spacing?: number;
}

/** One line: the largest size from maxSize down to minSize at which `text` fits, else cut with an ellipsis at minSize. */
export function fitLine(text: string, box: FitBox): { text: string; size: number } {
  const clean = text.replace(/\s+/g, " ").trim();
  const spacing = box.spacing ?? 0;
  const natural = textWidth(clean, box.maxSize, box.weight);
  const room = box.maxWidth - spacing * Array.from(clean).length;
  if (natural <= room) return { text: clean, size: box.maxSize };
  // Width grows linearly with size: the size that fits is found in one step, floored to a whole pixel.
  const size = Math.floor((box.maxSize * room) / natural);
  if (size >= box.minSize) return { text: clean, size };
  return { text: ellipsize(clean, box.maxWidth, box.minSize, box.weight, spacing), size: box.minSize };
}

/** Words broken into lines of at most `maxWidth` at `size`; a word longer than a line stays whole (ellipsize cuts it). */
function wrap(words: string[], maxWidth: number, size: number, weight: FontWeight): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size, weight) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Up to `maxLines` lines: the largest size (stepping down 2 px) at which the words wrap into
 * them with every line fitting; at minSize, what does not fit is cut with an ellipsis on the last line.
 */
export function fitLines(text: string, box: FitBox & { maxLines: number }): { lines: string[]; size: number } {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  if (words.length === 0) return { lines: [""], size: box.maxSize };
  for (let size = box.maxSize; size >= box.minSize; size -= 2) {
    const lines = wrap(words, box.maxWidth, size, box.weight);
    if (lines.length <= box.maxLines && lines.every((line) => textWidth(line, size, box.weight) <= box.maxWidth)) return { lines, size };
  }
  const size = box.minSize;
  const lines = wrap(words, box.maxWidth, size, box.weight);
  const kept = lines.slice(0, box.maxLines);
  const rest = lines.slice(box.maxLines).join(" ");
  const last = rest ? `${kept.at(-1)!} ${rest}` : kept.at(-1)!;
  kept[kept.length - 1] = ellipsize(last, box.maxWidth, size, box.weight);
  return { lines: kept.map((line) => ellipsize(line, box.maxWidth, size, box.weight)), size };
}
