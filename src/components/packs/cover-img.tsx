import type { ComponentProps } from "react";

/**
 * A pack's cover in a list: a plain remote image (covers come from any host, so not next/image),
 * decorative (the title beside it names the pack), marked `data-art="cover"` so a broken image is
 * hidden (components/shell/picture-fallback.ts). Sizes, loading and classes are the caller's.
 */
export function CoverImg({ src, ...props }: Omit<ComponentProps<"img">, "alt" | "src"> & { src: string }) {
  // eslint-disable-next-line @next/next/no-img-element -- covers are plain remote images
  return <img src={src} alt="" data-art="cover" {...props} />;
}
