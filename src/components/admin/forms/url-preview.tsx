"use client";

import { useState } from "react";
import { ImageOff } from "lucide-react";

/**
 * A preview of a picture URL an admin is typing (a pack or contest cover, a team logo). It is the
 * admin's own URL, so no art is drawn in its place (`data-no-art`, components/shell/picture-fallback.ts):
 * when the address does not load, the preview says so in words and an icon instead of showing its
 * alt text squeezed into the box.
 */
export function UrlPreview({ src, alt, className }: { src: string; alt: string; className: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) {
    return (
      <span
        role="img"
        aria-label={`${alt}: this address did not load a picture`}
        title="This address did not load a picture"
        className={`${className} inline-flex items-center justify-center border border-dashed border-line text-muted`}
      >
        <ImageOff size={16} aria-hidden="true" />
      </span>
    );
  }
  // eslint-disable-next-line @next/next/no-img-element -- a preview of the admin's own URL
  return <img src={src} alt={alt} data-no-art className={className} onError={() => setFailed(src)} />;
}
