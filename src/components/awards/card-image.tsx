/** A card's image or team logo, whole on a neutral tile; nothing when there is none. */
export function CardImage({ src, alt = "" }: { src: string | null | undefined; alt?: string }) {
  if (!src) return null;
  return (
    <div className="mx-auto mb-4 flex h-32 w-32 items-center justify-center overflow-hidden rounded-2xl bg-page">
      {/* eslint-disable-next-line @next/next/no-img-element -- remote logos of any host, shown whole */}
      <img src={src} alt={alt} width={128} height={128} className="h-full w-full object-contain" />
    </div>
  );
}
