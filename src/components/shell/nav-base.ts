// The header's part of the navigation, apart from the menu's full list (./nav-items.ts): the header
// is in every page's first-load JavaScript, and the admin sections it never shows cost every
// visitor bytes there (decision 042's first-load budgets; docs/decisions/066-groups.md).
export interface NavItem {
  label: string;
  href: string;
  icon?: string;
  subItems?: NavItem[];
  /** Shown in the header only from this width up, where the row has room (the menu always has it). */
  headerFrom?: "lg";
}

export interface NavViewer {
  signedIn: boolean;
  handle?: string;
  superAdmin?: boolean;
  /** A commissioner sees the admin area without what is the super admin's alone (decision 064). */
  commissioner?: boolean;
}

/** The links everyone has, in the menu's order: the header shows some, the menu all. */
export const PUBLIC_NAV_ITEMS: readonly NavItem[] = [
  { label: "Dashboard", href: "/", icon: "home" },
  { label: "Packs", href: "/packs", icon: "layers" },
  { label: "Contests", href: "/contests", icon: "trophy" },
  { label: "Leaderboard", href: "/leaderboard", icon: "list" },
  { label: "Marketplace", href: "/marketplace", icon: "store" },
  { label: "How it works", href: "/how-it-works", icon: "help", headerFrom: "lg" },
];

/** Header links (medium screens and up): the public ones but the Dashboard, and Admin for whoever has the admin area. */
export function headerItemsFor(viewer: NavViewer): NavItem[] {
  const items = PUBLIC_NAV_ITEMS.filter((item) => item.href !== "/");
  return viewer.superAdmin || viewer.commissioner ? [...items, { label: "Admin", href: "/admin", icon: "shield" }] : items;
}

/** Exact match for "/", otherwise the path starts with the item's route. */
export function isActivePath(itemHref: string, pathname: string): boolean {
  if (itemHref === "/") return pathname === "/";
  return pathname === itemHref || pathname.startsWith(`${itemHref}/`);
}
