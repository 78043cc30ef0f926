import "server-only";
import QRCode from "qrcode";

/** Invite links whose QR is kept drawn: a group page is viewed far more often than its link changes. */
const KEPT = 500;
const drawn = new Map<string, Promise<string>>();

/**
 * The invite link's QR code as SVG, drawn once per link and kept (the oldest dropped past KEPT): drawing
 * it cost every group page view a few milliseconds of CPU (bench/season, docs/decisions/066-groups.md).
 */
export function inviteQrSvg(url: string): Promise<string> {
  let svg = drawn.get(url);
  if (!svg) {
    svg = QRCode.toString(url, { type: "svg", margin: 1 });
    svg.catch(() => drawn.delete(url));
    drawn.set(url, svg);
    if (drawn.size > KEPT) drawn.delete(drawn.keys().next().value!);
  }
  return svg;
}
