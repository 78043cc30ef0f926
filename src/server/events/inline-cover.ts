import "server-only";
import { readCover } from "./cover-store";

// Inlined covers stay small: a generated cover without logos is about 3 kB; one with two inlined
// logos is tens of kilobytes and keeps its URL (decision 080).
const MAX_INLINE_BYTES = 8_000;
const COVER_URL = /^\/api\/covers\/([0-9a-f-]{36})\.svg(?:\?|$)/;

/**
 * The page's largest picture as a data URI when it is one of our generated
 * covers already on disk, else the URL unchanged. An image in the HTML needs
 * no request of its own, so it paints with the page instead of after its
 * scripts (docs/decisions/030-offline-images.md). Never renders or fetches.
 */
export async function inlineCover(url: string | null): Promise<string | null> {
  const eventId = url ? COVER_URL.exec(url)?.[1] : undefined;
  if (!eventId) return url;
  const svg = await readCover(eventId);
  if (!svg || Buffer.byteLength(svg) > MAX_INLINE_BYTES) return url;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
