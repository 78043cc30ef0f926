import Link from "@/components/ui/link";
import { CoverImg } from "@/components/packs/cover-img";
import { formatMediumDate } from "@/domain/time";

export interface TeamPackTileData {
  packURL: string;
  title: string;
  coverUrl: string | null;
  statusLabel: string;
  eventTime: Date;
}

/** The team view's H3 "{ABBR} Packs": small tiles linking to the team's upcoming packs. */
export function TeamPackTiles({ title, packs }: { title: string; packs: TeamPackTileData[] }) {
  return (
    <section aria-labelledby="team-packs-title" className="flex flex-col gap-3">
      <h3 id="team-packs-title" className="text-lg font-extrabold tracking-tight">
        {title}
      </h3>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {packs.map((pack) => (
          <li key={pack.packURL} className="relative overflow-hidden rounded-2xl bg-surface shadow-sm hover:shadow-md">
            {/* "No Cover" stands behind the cover: it shows when there is none, or when it cannot load (the
                broken image is hidden, components/shell/picture-fallback.ts). */}
            <span className="relative flex aspect-square items-center justify-center bg-page text-xs text-muted">
              <span aria-hidden={pack.coverUrl ? true : undefined}>No Cover</span>
              {pack.coverUrl ? (
                <CoverImg
                  src={pack.coverUrl}
                  loading="lazy"
                  data-over-placeholder
                  width={240}
                  height={240}
                  className="absolute inset-0 h-full w-full object-cover"
                />
              ) : null}
            </span>
            <div className="flex flex-col gap-1 p-3">
              <span className="w-fit rounded-full border border-line px-2 py-0.5 text-[11px] font-bold uppercase tracking-wide">
                {pack.statusLabel}
              </span>
              <Link href={`/packs/${pack.packURL}`} className="font-bold leading-snug after:absolute after:inset-0">
                {pack.title}
              </Link>
              <span className="text-xs text-muted">Event: {formatMediumDate(pack.eventTime)}</span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
