import Link from "@/components/ui/link";

const LINK = "inline-flex min-h-11 items-center font-semibold text-accent hover:underline";

/** A keyset list's links: back to its first page once past it, and on to the next while there is one (docs/decisions/066-groups.md). */
export function CursorPager({
  label,
  first,
  next,
  firstText,
  nextText,
}: {
  label: string;
  first: string | null;
  next: string | null;
  firstText: string;
  nextText: string;
}) {
  if (!first && !next) return null;
  return (
    <nav aria-label={label} className="flex justify-between">
      {first ? (
        <Link href={first} className={LINK}>
          {firstText}
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link href={next} className={LINK}>
          {nextText}
        </Link>
      ) : null}
    </nav>
  );
}
