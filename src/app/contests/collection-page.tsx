import { notFound } from "next/navigation";
import { ListedPackCards, type ListedPackCardData } from "@/components/contests/listed-pack-cards";
import { PagedLeaderboard } from "@/components/contests/paged-leaderboard";
import { ShowMorePacks, shownCount } from "@/components/packs/show-more-packs";
import { LISTED_PACKS_MAX, LISTED_PACKS_PAGE } from "@/server/contests/contest-pack";
import { AppError } from "@/server/http/app-error";

/*
 * What the pages of the two kinds of collection, /contests/{contestID} and /series/{slug}, share
 * (docs/decisions/044-collections.md: one collection on the server), and their admin edit pages'
 * 404: each kind keeps its own words and layout.
 */

/** A collection's load that answers 404 as the page's not-found; any other failure stays a failure. */
export function notFoundOn404(error: unknown): never {
  if (error instanceof AppError && error.status === 404) notFound();
  throw error;
}

type Changes = { page?: number; show?: number };

/**
 * A collection page's `?page=` (its leaderboard's page) and `?show=` (how many packs it lists), and
 * `linksOf(path)`, the links to the same page with one of them changed. A page of pack cards at a time, "Show more"
 * for the next: a season-long collection holds hundreds of packs (docs/decisions/024-season-scale.md).
 * Its current packs are always listed.
 */
export function collectionPaging(query: { page?: string; show?: string }) {
  const requested = Number(query.page ?? "1");
  const pageNumber = Number.isInteger(requested) && requested > 0 && requested < 10_000 ? requested : 1;
  const packLimit = shownCount(query.show, LISTED_PACKS_PAGE, LISTED_PACKS_MAX);
  const linksOf = (path: string) => (changes: Changes) => {
    const next = new URLSearchParams();
    const page = changes.page ?? pageNumber;
    const show = changes.show ?? (packLimit > LISTED_PACKS_PAGE ? packLimit : null);
    if (page > 1) next.set("page", String(page));
    if (show) next.set("show", String(show));
    const search = next.toString();
    return `${path}${search ? `?${search}` : ""}`;
  };
  return { pageNumber, packLimit, linksOf };
}

/** "Packs in this …": the collection's pack cards, then "Show more" for the next page of them. */
export function CollectionPacks(props: {
  heading: string;
  packs: ListedPackCardData[];
  packCount: number;
  emptyText: string;
  href: (changes: Changes) => string;
}) {
  return (
    <section className="flex flex-col gap-4">
      <h2 className="text-xl font-extrabold tracking-tight">{props.heading}</h2>
      <ListedPackCards packs={props.packs} emptyText={props.emptyText} />
      <ShowMorePacks
        shown={props.packs.length}
        total={props.packCount}
        href={props.href({ show: props.packs.length + LISTED_PACKS_PAGE })}
      />
    </section>
  );
}

/** A collection's cover, a square beside its title (empty when it has none): a contest's fills it on the header colour, a series' fits in on the page's. */
export function CollectionCover({ src, kind }: { src: string | null; kind: "contest" | "series" }) {
  return (
    <div className={`h-16 w-16 shrink-0 overflow-hidden rounded-xl ${kind === "contest" ? "bg-header" : "bg-page"}`}>
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- covers are plain remote images
        <img src={src} alt="" className={`h-full w-full ${kind === "contest" ? "object-cover" : "object-contain"}`} />
      ) : null}
    </div>
  );
}

/**
 * "Contest Leaderboard" or "Series Leaderboard": the heading over the paged table of the same name.
 * `spaced` sets it apart from the contest's facts above it.
 */
export function CollectionLeaderboard(props: {
  name: string;
  board: Parameters<typeof PagedLeaderboard>[0]["board"];
  emptyText: string;
  href: (changes: Changes) => string;
  spaced?: boolean;
}) {
  return (
    <>
      <h2 className={props.spaced ? "mt-2 text-xl font-extrabold tracking-tight" : "text-xl font-extrabold tracking-tight"}>
        {props.name}
      </h2>
      <PagedLeaderboard caption={props.name} board={props.board} pageHref={(page) => props.href({ page })} emptyText={props.emptyText} />
    </>
  );
}
