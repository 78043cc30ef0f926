import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import { PRODUCT_NAME } from "@/config";

/**
 * What the game is and how to win, above the dashboard's feed for a visitor and a player who has
 * not made a take yet (docs/SCREENS.md §2.1, issue 40 item 1). Rendered by the server, no script;
 * src/app/page.tsx decides who sees it.
 */
export function FirstVisitPitch({ nextPack }: { nextPack: { packURL: string; title: string } | null }) {
  return (
    <section aria-labelledby="pitch-heading" className="rounded-2xl bg-surface p-5 shadow-sm ring-1 ring-line sm:p-6">
      <h2 id="pitch-heading" className="text-3xl font-extrabold tracking-tight">
        {PRODUCT_NAME}: call the games, win points, trade them for prizes
      </h2>
      <ul className="mt-3 space-y-2 text-sm sm:text-base">
        <li>
          <strong>Pick a side</strong> on each prop of a pack: who wins, over or under, by how much.
        </li>
        <li>
          <strong>Points come from the odds</strong>: every side shows what it pays, and the underdog pays more than the favourite.
        </li>
        <li>
          <strong>Diamonds</strong> are 5% of the points you win: spend them in the marketplace.
        </li>
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        {nextPack ? (
          <Link href={`/packs/${nextPack.packURL}`} className={buttonClass("primary")}>
            Play {nextPack.title}
          </Link>
        ) : (
          <Link href="/packs" className={buttonClass("primary")}>
            See the packs
          </Link>
        )}
        <Link href="/how-it-works" className="text-sm font-semibold text-accent hover:underline">
          How it works
        </Link>
      </div>
    </section>
  );
}
