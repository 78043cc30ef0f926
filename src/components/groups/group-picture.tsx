/** A group's picture (drawn on the server as a data URL, src/server/groups/group-picture.ts) in a rounded square. */
export function GroupPicture({ src, size }: { src: string; size: "sm" | "lg" }) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a drawn data URL, nothing to optimise
    <img src={src} alt="" width={size === "lg" ? 72 : 44} height={size === "lg" ? 72 : 44} className="shrink-0 rounded-full" />
  );
}
