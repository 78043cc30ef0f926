import { PUBLIC_NAV_ITEMS, type NavItem, type NavViewer } from "./nav-base";

export { headerItemsFor, isActivePath, type NavItem, type NavViewer } from "./nav-base";

const ADMIN_ITEM: NavItem = {
  label: "Admin",
  href: "/admin",
  icon: "shield",
  // Every admin section (issue 41 item 7): game-day work first, then content, people and the shop.
  subItems: [
    { label: "Grading queue", href: "/admin/grading" },
    { label: "Events", href: "/admin/events" },
    { label: "Packs", href: "/admin/packs" },
    { label: "Props", href: "/admin/props" },
    { label: "Contests", href: "/admin/contests" },
    { label: "Standings", href: "/admin/standings" },
    { label: "Series", href: "/admin/series" },
    { label: "Teams", href: "/admin/teams" },
    { label: "Players", href: "/admin/players" },
    { label: "Groups", href: "/admin/groups" },
    { label: "Athletes", href: "/admin/athletes" },
    { label: "Items", href: "/admin/items" },
    { label: "Promo Links", href: "/admin/promo-links" },
    { label: "API Tester", href: "/admin/api-tester" },
  ],
};

/** The admin pages a commissioner is refused (403): the menus do not offer them (docs/decisions/064-commissioner-role.md). */
export const SUPER_ADMIN_ONLY_PAGES: ReadonlySet<string> = new Set([
  "/admin/players",
  "/admin/promo-links",
  "/admin/api-tester",
  "/admin/items",
  "/admin/texts",
]);
const COMMISSIONER_ITEM: NavItem = {
  ...ADMIN_ITEM,
  subItems: ADMIN_ITEM.subItems!.filter((item) => !SUPER_ADMIN_ONLY_PAGES.has(item.href)),
};

/** The one role-filtered list behind the header links, the drawer and the sidebar. */
export function navItemsFor(viewer: NavViewer): NavItem[] {
  const items: NavItem[] = [...PUBLIC_NAV_ITEMS];
  if (viewer.signedIn) {
    items.push({ label: "Redeem", href: "/redeem", icon: "gift" });
    items.push({ label: "Head-to-head", href: "/h2h", icon: "swords" });
    // Groups (docs/decisions/066-groups.md): an icon the menu already draws, so the shared bundle gains none.
    items.push({ label: "Groups", href: "/groups", icon: "trophy" });
    if (viewer.handle) items.push({ label: "Profile", href: `/profile/${viewer.handle}`, icon: "user" });
  }
  if (viewer.superAdmin) items.push(ADMIN_ITEM);
  else if (viewer.commissioner) items.push(COMMISSIONER_ITEM);
  return items;
}
