import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { PackCard } from "@/components/packs/pack-card";
import { MyPackProgressLoader } from "@/components/packs/my-pack-progress";
import { SharedPage, UncachedPage } from "@/components/shell/shared-page";
import { HydrateInSlices } from "@/components/ui/hydrate-in-slices";
import { ShowMorePacks, shownCount } from "@/components/packs/show-more-packs";
import { readSort } from "@/components/packs/pack-sorts";
import { SortSelect } from "@/components/packs/sort-select";
import { addDays, nyDay } from "@/domain/time";
import { GRADED_WINDOW_DAYS, countPacks, listPacks } from "@/server/packs/list-packs";
import { withPictureCovers } from "@/server/pictures/picture-hosts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "All Packs" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const PACKS_PAGE = 12;
const PACKS_MAX_SHOWN = 480;
const LEAGUES = [
  { key: null, label: "All" },
  { key: "nfl", label: "NFL" },
  { key: "mlb", label: "MLB" },
] as const;

/** `/packs` – the packs players may see now (current ones and the last week's graded; never drafts or archived), by league, optionally today only, and a way to any older day. */
export default async function PacksPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const league = LEAGUES.find((l) => l.key === one(params.league))?.key ?? null;
  const todayOnly = one(params.today) === "1";
  const sort = readSort(one(params.sort));
  const now = new Date();
  const today = nyDay(now);
  // A page of cards at a time: on a busy day the feed window holds well over a hundred packs,
  // and rendering every card made the page grow with the schedule (docs/decisions/024-season-scale.md).
  // The cards shown and the count are each one query (docs/decisions/035-feed-in-sql.md).
  const limit = shownCount(one(params.show), PACKS_PAGE, PACKS_MAX_SHOWN);
  const scope = { league, frontDay: todayOnly ? today : null, now };
  let shown = null;
  let total = 0;
  try {
    [shown, { total }] = await Promise.all([listPacks({ ...scope, sort, phaseFirst: true, limit }), countPacks(scope)]);
  } catch {
    shown = null;
  }
  const href = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries({ league, today: todayOnly ? "1" : null, sort: one(params.sort) ?? null, ...changes })) {
      if (value) next.set(key, value);
    }
    const query = next.toString();
    return query ? `/packs?${query}` : "/packs";
  };

  return (
    <div className="space-y-5">
      <h1 className="text-3xl font-extrabold tracking-tight">All Packs</h1>
      <div className="flex flex-wrap items-center gap-3">
        <nav aria-label="League" className="flex gap-1">
          {LEAGUES.map((l) => (
            <Link
              key={l.label}
              href={href({ league: l.key })}
              aria-current={l.key === league ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-bold ${
                l.key === league ? "bg-accent text-white" : "bg-surface ring-1 ring-line hover:bg-page"
              }`}
            >
              {l.label}
            </Link>
          ))}
        </nav>
        <Link
          href={href({ today: todayOnly ? null : "1" })}
          role="checkbox"
          aria-checked={todayOnly}
          className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold ring-1 ring-line"
        >
          <span
            aria-hidden="true"
            className={`inline-block h-4 w-4 rounded border ${todayOnly ? "border-accent bg-accent" : "border-muted"}`}
          />
          Today only:
        </Link>
        <div className="ml-auto">
          <SortSelect value={sort} />
        </div>
      </div>
      {shown === null ? (
        <div role="alert" className="rounded-2xl bg-lost-tint p-6 text-center text-lost">
          <p className="font-semibold">Failed to load packs</p>
          <Link href={href({})} className="mt-2 inline-block font-bold underline">
            Try again
          </Link>
        </div>
      ) : shown.length === 0 ? (
        <p className="rounded-2xl bg-surface p-10 text-center text-muted ring-1 ring-line">No packs to show</p>
      ) : (
        <ul className="grid gap-4 xl:grid-cols-2">
          {withPictureCovers(shown).map((pack, index) => (
            <li key={pack.id}>
              <PackCard pack={pack} first={index === 0} />
            </li>
          ))}
        </ul>
      )}
      <ShowMorePacks shown={shown?.length ?? 0} total={total} href={href({ show: String((shown?.length ?? 0) + PACKS_PAGE) })} />
      {shown ? <SharedPage /> : <UncachedPage />}
      <HydrateInSlices>
        <MyPackProgressLoader packIds={(shown ?? []).map((p) => p.id)} />
      </HydrateInSlices>
      {/* Graded packs leave this list a week after they close (docs/decisions/020-feed-window.md); every day stays browsable. */}
      <form action="/" method="get" className="flex flex-wrap items-end gap-3 rounded-2xl bg-surface p-4 ring-1 ring-line">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Older packs: show the packs of
          <input
            type="date"
            name="date"
            required
            max={today}
            defaultValue={addDays(today, -GRADED_WINDOW_DAYS - 1)}
            className="min-h-11 rounded-lg border border-line bg-page px-3 font-normal"
          />
        </label>
        <button type="submit" className="min-h-11 rounded-full bg-accent px-4 text-sm font-bold text-white hover:opacity-90">
          Show packs
        </button>
      </form>
    </div>
  );
}
