// The QR code's downloads (issue 41 item 7): a PNG for screens and chat, an SVG for print.

/** "qr-week-1-kickoff.png": the link's last path segment (or its host) as a safe file name. */
export function qrFileName(url: string, extension: "png" | "svg"): string {
  let name = "link";
  try {
    const parsed = new URL(url);
    const last = parsed.pathname.split("/").filter(Boolean).pop();
    name = last ?? parsed.hostname;
  } catch {
    // Not a URL: the generic name.
  }
  const safe = name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `qr-${safe || "link"}.${extension}`;
}

/** An SVG document as a link target a browser downloads as it is. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
