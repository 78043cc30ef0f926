"use client";

import NextLink from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps, FocusEvent, MouseEvent, TouchEvent } from "react";

type Props = ComponentProps<typeof NextLink>;

/** Only our own pages are prefetched: a path, never another origin or a protocol-relative `//host`. */
const ownPath = (href: Props["href"]) => (typeof href === "string" && href.startsWith("/") && !href.startsWith("//") ? href : null);

/**
 * Every link of the app. next/link prefetches each link's page as it scrolls
 * into view; on a feed of pack cards that is a dozen server renders per page
 * view, made while the page is still loading on the visitor's phone and
 * multiplied by every visitor of a kickoff rush. Here a page is prefetched
 * when the player shows intent (pointer over the link, keyboard focus, a
 * finger down), which still leaves the page ready by the time the click lands
 * (docs/decisions/023-load-budget.md). `prefetch` given explicitly keeps
 * next/link's own behaviour.
 */
export default function Link({ prefetch, href, onMouseEnter, onFocus, onTouchStart, ...rest }: Props) {
  const router = useRouter();
  if (prefetch !== undefined && prefetch !== null && prefetch !== "auto") {
    return <NextLink href={href} prefetch={prefetch} onMouseEnter={onMouseEnter} onFocus={onFocus} onTouchStart={onTouchStart} {...rest} />;
  }
  const path = ownPath(href);
  const prefetchPath = () => {
    if (path) router.prefetch(path);
  };
  return (
    <NextLink
      href={href}
      prefetch={false}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        prefetchPath();
        onMouseEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        prefetchPath();
        onFocus?.(event);
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        prefetchPath();
        onTouchStart?.(event);
      }}
      {...rest}
    />
  );
}
