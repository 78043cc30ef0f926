import { Gift } from "lucide-react";

/**
 * The whole item picture on a neutral tile. A glyph stands behind it: it shows when there is no
 * picture, or when neither the picture nor the one drawn in its place can load (the failed picture
 * is hidden over it: components/shell/picture-fallback.ts, docs/decisions/045-pictures-drawn-when-offline.md).
 */
export function ItemImage({ src, className = "aspect-square" }: { src: string | null; className?: string }) {
  return (
    <span className={`relative flex w-full items-center justify-center overflow-hidden rounded-xl bg-page ${className}`}>
      <Gift size={40} aria-hidden="true" className="text-muted" />
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- admin-entered URLs on any host; shown whole, lazily
        <img
          key={src}
          src={src}
          alt=""
          loading="lazy"
          width={320}
          height={320}
          data-over-placeholder
          className="absolute inset-0 h-full w-full bg-page object-contain p-3"
        />
      ) : null}
    </span>
  );
}
