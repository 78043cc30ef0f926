import { Gift } from "lucide-react";
import { ItemPicture } from "./item-picture";

/** The whole item picture on a neutral tile; a glyph when there is none or it fails (never a broken image). */
export function ItemImage({ src, className = "aspect-square" }: { src: string | null; className?: string }) {
  const glyph = <Gift size={40} aria-hidden="true" className="text-muted" />;
  return (
    <span className={`flex w-full items-center justify-center overflow-hidden rounded-xl bg-page ${className}`}>
      {src ? <ItemPicture key={src} src={src} fallback={glyph} /> : glyph}
    </span>
  );
}
