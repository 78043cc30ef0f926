import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { formatWonLostTied, type Rival } from "@/domain/rivals";
import { RematchButton } from "./rematch-button";

/**
 * The "Rivals" section of /h2h (docs/decisions/069-rivals-and-the-ai-player.md): the opponents the
 * viewer has played most head-to-heads with, ten a page, each with both lifetime records and a rematch.
 */
export function RivalsList({ rivals, page: shown, hasMore }: { rivals: Rival[]; page: number; hasMore: boolean }) {
  return (
    <section aria-labelledby="rivals" className="mt-4 flex flex-col gap-2">
      <h2 id="rivals" className="text-xl font-extrabold tracking-tight">
        Rivals
      </h2>
      {rivals.length === 0 ? (
        <p className="rounded-2xl bg-surface p-4 text-muted shadow-sm">Your rivals show here once a head-to-head is accepted.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {rivals.map((rival) => (
            <li
              key={rival.handle}
              data-rival={rival.handle}
              className="flex flex-col gap-2 rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-line sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <Link href={`/profile/${encodeURIComponent(rival.handle)}`} className="font-bold text-accent hover:underline">
                  @{rival.handle}
                </Link>
                <p className="text-sm text-muted">
                  Packs <span className="tabular-nums">{formatWonLostTied(rival.record.packs)}</span> · H2H{" "}
                  <span className="tabular-nums">{formatWonLostTied(rival.record.h2h)}</span> · {rival.played} played
                </p>
              </div>
              {rival.rematchPack ? <RematchButton handle={rival.handle} packTitle={rival.rematchPack.title} /> : null}
            </li>
          ))}
        </ul>
      )}
      {shown > 1 || hasMore ? (
        <nav aria-label="Rival pages" className="flex flex-wrap justify-center gap-3">
          {shown > 1 ? (
            <Link href={`/h2h?rivals=${shown - 1}#rivals`} className={buttonClass("ghost")}>
              Previous rivals
            </Link>
          ) : null}
          {hasMore ? (
            <Link href={`/h2h?rivals=${shown + 1}#rivals`} className={buttonClass("ghost")}>
              More rivals
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
