import Link from "@/components/ui/link";
import { Sparkles, X } from "lucide-react";
import type { ReactNode } from "react";
import { DialogButton } from "@/components/packs/dialog-button";
import { PackActivePopup } from "@/components/packs/pack-active-popup";
import { PackCard } from "@/components/packs/pack-card";
import { MyPackProgressLoader } from "@/components/packs/my-pack-progress";
import { ShowMorePacks, shownCount } from "@/components/packs/show-more-packs";
import { readSort } from "@/components/packs/pack-sorts";
import { SortSelect } from "@/components/packs/sort-select";
import { addDays, formatLongDate, formatShortDateTime, nyDay, nyWallTime, parseDayParam } from "@/domain/time";
import { HydrateInSlices } from "@/components/ui/hydrate-in-slices";
import { SharedPage } from "@/components/shell/shared-page";
import { FirstVisitPitch } from "@/components/packs/first-visit-pitch";
import { countPacks, listPacks } from "@/server/packs/list-packs";
import { withPictureCovers } from "@/server/pictures/picture-hosts";
import { findTeamName } from "@/server/teams/find-team-name";

const TABS = [
  { key: "all", label: "All", heading: "All Packs" },
  { key: "today", label: "Today", heading: "Today's Packs" },
  { key: "yesterday", label: "Yesterday", heading: "Yesterday's Packs" },
  { key: "tomorrow", label: "Tomorrow", heading: "Tomorrow's Packs" },
] as const;
type TabKey = (typeof TABS)[number]["key"];

export type FeedParams = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const FEED_PAGE = 24;
const FEED_MAX_SHOWN = 480;
/** Open packs the "pack active" popup may invite to: the first the viewer has not finished. */
const POPUP_CANDIDATES = 24;

/**
 * The Pack Feed (docs/SCREENS.md §2.1): the day bar with counts, sort, featured banner, full pack
 * cards, the side column and the "Pack active now!" prompt. The dashboard shows every team's packs
 * (`?team=` narrows it, with a removable chip); a team page shows its own team's, always
 * (docs/SCREENS.md §2.10), with its links kept on the team page (`basePath`).
 */
export async function PackFeed({
  params,
  basePath,
  team: fixedTeam,
  title,
  aside,
  defaultTab = "today",
  pitch = false,
}: {
  params: FeedParams;
  /** Where the day bar, sort and "Show more" links lead: "/" or "/teams/{slug}". */
  basePath: string;
  /** A team page's own team (its slug and name): no `?team=` and no chip to remove. */
  team?: { slug: string; name: string };
  /** The bar's left side: the page's H1 and what goes with it. */
  title: ReactNode;
  /** The side column. */
  aside: ReactNode;
  /** The day shown without `?day=`: today on the dashboard; a team page shows all of its few current packs. */
  defaultTab?: "all" | "today";
  /**
   * Lead with what the game is and one tap to the open pack closing soonest (the dashboard, for a
   * visitor or a player with no take yet). The cache keeps the dashboard twice, for browsers that
   * have played and for the rest, and serves both to signed-in players too (docs/decisions/058-the-game-explains-itself.md).
   */
  pitch?: boolean;
}) {
  const now = new Date();
  const today = nyDay(now);
  const dayParam = one(params.day);
  const date = parseDayParam(one(params.date));
  const tab: TabKey | null = date ? null : TABS.some((t) => t.key === dayParam) ? (dayParam as TabKey) : defaultTab;
  const sort = readSort(one(params.sort));
  const team = fixedTeam?.slug ?? (one(params.team)?.toLowerCase() || null);

  // The front of the feed (current packs and the last week's graded ones) gives the tabs and their counts;
  // a chosen date lists every pack of that day, however old (docs/decisions/020-feed-window.md). Each
  // part is its own bounded query: the counts, the cards shown, the featured pack and the popup's
  // candidates (docs/decisions/035-feed-in-sql.md).
  const dayOf: Record<Exclude<TabKey, "all">, string> = { today, yesterday: addDays(today, -1), tomorrow: addDays(today, 1) };
  const selectedDay = date ?? (tab && tab !== "all" ? dayOf[tab] : null);
  // A page of cards at a time (`?show=`): "All" on a season day is well over a hundred packs
  // (docs/decisions/024-season-scale.md).
  const limit = shownCount(one(params.show), FEED_PAGE, FEED_MAX_SHOWN);
  const scope = date ? { teamSlug: team, day: date, now } : { teamSlug: team, frontDay: tab === "all" ? null : selectedDay, now };
  const [counts, dateTotal, shown, featuredList, popupCandidates, teamName] = await Promise.all([
    countPacks({ teamSlug: team, now }, [dayOf.yesterday, today, dayOf.tomorrow]),
    date ? countPacks(scope).then((c) => c.total) : null,
    listPacks({ ...scope, sort, phaseFirst: tab === "all", limit }),
    listPacks({ teamSlug: team, featured: true, phases: ["open", "coming-soon"], now, limit: 1 }),
    // The popup invites to the open pack closing soonest that the viewer has not finished; which ones
    // they finished, their browser knows (components/packs/pack-active-popup.tsx).
    listPacks({ teamSlug: team, phases: ["open"], sort: "close-asc", now, limit: POPUP_CANDIDATES }),
    // A team without packs in the feed is still named in its chip and empty state; only a slug that names no
    // team is shown as typed (docs/SCREENS.md §2.1, §5).
    fixedTeam ? fixedTeam.name : team ? findTeamName({ teamSlug: team }).then((name) => name ?? team) : null,
  ]);
  const tabCount = (key: TabKey) => (key === "all" ? counts.total : (counts.byDay[dayOf[key]] ?? 0));
  const matchingCount = dateTotal ?? tabCount(tab!);
  const heading = date ? "Packs on selected date" : TABS.find((t) => t.key === tab)!.heading;
  const featured = featuredList[0];

  const hrefFor = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries({
      day: dayParam ?? null,
      date: one(params.date) ?? null,
      sort: one(params.sort) ?? null,
      team: fixedTeam ? null : team,
      ...changes,
    })) {
      if (value) next.set(key, value);
    }
    const query = next.toString();
    return query ? `${basePath}?${query}` : basePath;
  };
  const scopeWord = tab === "all" ? null : (tab ?? `on ${selectedDay}`);

  const nextPack = popupCandidates[0];
  return (
    <div className="space-y-6">
      <div className="-mx-4 -mt-6 border-b border-line bg-surface px-4 py-4 sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          {title}
          <nav aria-label="Show packs for" className="flex items-center gap-2">
            <span className="hidden text-sm font-semibold text-muted sm:inline">Show:</span>
            <ul className="grid w-full grid-cols-4 gap-1 rounded-full bg-page p-1 sm:w-auto">
              {TABS.map((t) => {
                const selected = t.key === tab;
                return (
                  <li key={t.key}>
                    <Link
                      href={hrefFor({ day: t.key === defaultTab ? null : t.key, date: null })}
                      aria-current={selected ? "page" : undefined}
                      // On a phone the count sits under the label: "Yesterday" and its count side by side are wider than a quarter of 375 px.
                      className={`flex min-h-11 flex-col items-center justify-center rounded-full px-1 text-sm font-bold leading-tight sm:flex-row sm:gap-1 sm:px-3 ${
                        selected ? "bg-accent text-white" : "text-ink hover:bg-surface"
                      }`}
                    >
                      {t.label}
                      <span
                        className={`tabular rounded-full px-1.5 text-xs leading-4 ${selected ? "bg-white/25" : "bg-surface ring-1 ring-line"}`}
                      >
                        {tabCount(t.key)}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </div>

      {pitch ? <FirstVisitPitch nextPack={nextPack ? { packURL: nextPack.packURL, title: nextPack.title } : null} /> : null}

      {featured ? (
        <DialogButton
          dialog="featuredPack"
          className="flex w-full items-center gap-3 rounded-2xl bg-surface p-3 text-left shadow-sm ring-1 ring-line hover:shadow-md"
        >
          {featured.coverUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- covers are plain remote images
            <img src={featured.coverUrl} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded-lg object-cover" />
          ) : (
            <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-page">
              <Sparkles size={20} aria-hidden="true" />
            </span>
          )}
          <span className="min-w-0">
            <span className="block text-xs font-bold uppercase tracking-wide text-accent">Featured</span>
            <span className="block truncate font-bold">{featured.title}</span>
            {featured.prizeTitle ? <span className="block truncate text-sm text-muted">{featured.prizeTitle}</span> : null}
          </span>
        </DialogButton>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="feed-heading" className="space-y-4 lg:col-span-2">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              {selectedDay ? <p className="text-sm text-muted">{formatLongDate(nyWallTime(selectedDay, 12))}</p> : null}
              <h2 id="feed-heading" className="text-2xl font-extrabold tracking-tight">
                {heading}
              </h2>
              <p className="text-sm text-muted">
                {scopeWord ? `Packs with events happening ${scopeWord}` : "Every pack"} ({matchingCount}{" "}
                {matchingCount === 1 ? "pack" : "packs"})
              </p>
            </div>
            <SortSelect value={sort} />
          </div>
          {teamName && !fixedTeam ? (
            <Link
              href={hrefFor({ team: null })}
              className="inline-flex min-h-9 items-center gap-1 rounded-full bg-accent-tint px-3 text-sm font-semibold text-accent"
            >
              Team: {teamName} <X size={14} aria-label="Remove team filter" />
            </Link>
          ) : null}
          {shown.length === 0 ? (
            <div className="rounded-2xl bg-surface p-10 text-center text-muted ring-1 ring-line">
              <p className="font-semibold">
                {team ? `No packs found for team: ${teamName ?? team}` : `No packs found for ${heading.toLowerCase()}`}
              </p>
              <p className="mt-1 text-sm">
                {fixedTeam && tab !== "all" ? (
                  <Link
                    href={hrefFor({ day: defaultTab === "all" ? null : "all", date: null })}
                    className="font-semibold text-accent hover:underline"
                  >
                    See every {fixedTeam.name} pack
                  </Link>
                ) : (
                  "Check back later for new packs!"
                )}
              </p>
            </div>
          ) : (
            <ul className="grid gap-4">
              {withPictureCovers(shown).map((pack, index) => (
                <li key={pack.id}>
                  {/* Each card's countdown and buttons hydrate on their own, in short slices. */}
                  <HydrateInSlices>
                    <PackCard pack={pack} first={index === 0} />
                  </HydrateInSlices>
                </li>
              ))}
            </ul>
          )}
          <ShowMorePacks shown={shown.length} total={matchingCount} href={hrefFor({ show: String(shown.length + FEED_PAGE) })} />
        </section>
        <aside className="space-y-6 lg:sticky lg:top-16 lg:self-start">{aside}</aside>
      </div>
      <SharedPage />
      <HydrateInSlices>
        <MyPackProgressLoader packIds={[...new Set([...shown, ...popupCandidates].map((p) => p.id))]} />
      </HydrateInSlices>
      {popupCandidates.length ? (
        <HydrateInSlices>
          <PackActivePopup
            candidates={popupCandidates.map((p) => ({
              id: p.id,
              packURL: p.packURL,
              title: p.title,
              coverUrl: p.coverUrl,
              closeTime: p.closeTime?.toISOString() ?? null,
              closeDescription: p.closeTime ? `Closes ${formatShortDateTime(p.closeTime)}` : null,
              propsCount: p.propsCount,
            }))}
          />
        </HydrateInSlices>
      ) : null}
    </div>
  );
}
