"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * The item's <img>, swapped for `fallback` when it fails to load. Kept tiny
 * (the glyph comes from the server) because the dashboard embeds it.
 */
export function ItemPicture({ src, fallback }: { src: string; fallback: ReactNode }) {
  const [failed, setFailed] = useState(false);
  const imageRef = useRef<HTMLImageElement>(null);

  // An image that failed before hydration fired its error event too early for React to see it.
  useEffect(() => {
    const image = imageRef.current;
    setFailed(Boolean(image?.complete && image.naturalWidth === 0));
  }, [src]);

  if (failed) return fallback;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- admin-entered URLs on any host; shown whole, lazily
    <img
      ref={imageRef}
      src={src}
      alt=""
      loading="lazy"
      width={320}
      height={320}
      onError={() => setFailed(true)}
      className="h-full w-full object-contain p-3"
    />
  );
}
